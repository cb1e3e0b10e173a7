import type { MessageKey } from '../en'
import type { Message } from '../types'

export const pushEs: Partial<Record<MessageKey, Message>> = {
  'push.title': 'Alertas',
  'push.intro':
    'Recibe una alerta en este dispositivo cuando te superen, cuando termine un lote que sigues, cuando acabe un lote tuyo o cuando termine una recarga, incluso con Lotline cerrado.',
  'push.checking': 'Comprobando este dispositivo…',
  'push.unsupported':
    'Este navegador no puede mostrar alertas de sitios web. Lotline te avisa dentro de la aplicación.',
  'push.iosHomeScreen':
    'En iPhone y iPad, las alertas funcionan cuando Lotline está en tu pantalla de inicio: toca Compartir y luego «Añadir a pantalla de inicio», abre Lotline desde allí y activa las alertas aquí.',
  'push.configFailed': 'No se pudo comprobar si este dispositivo puede recibir alertas.',
  'push.unconfigured': 'Las alertas no están disponibles en este servidor.',
  'push.denied':
    'Las alertas de Lotline están bloqueadas en este navegador. Para permitirlas de nuevo, abre la configuración del sitio (el icono junto a la dirección), pon Notificaciones en Permitir y recarga esta página.',
  'push.off': 'Las alertas están desactivadas en este dispositivo.',
  'push.turnOn': 'Activar alertas en este dispositivo',
  'push.turningOn': 'Activando…',
  'push.on': 'Las alertas están activadas en este dispositivo.',
  'push.dismissed': 'No se activaron las alertas. Puedes activarlas aquí cuando quieras.',
  'push.turnedOn': 'Las alertas están activadas en este dispositivo.',
  'push.devices': 'Dispositivos que reciben alertas',
  'push.devicesLoadFailed': 'No se pudieron cargar tus dispositivos.',
  'push.devicesNone': 'Ningún dispositivo recibe alertas todavía.',
  'push.devicesOffline': 'Tus dispositivos aparecen aquí cuando tienes conexión.',
  'push.device': '{browser} en {device}',
  'push.deviceAdded': 'Añadido el {date}',
  'push.thisDevice': 'Este dispositivo',
  'push.remove': 'Quitar',
  'push.removeLabel': 'Quitar {device}',
  'push.removing': 'Quitando…',
  'push.removed': 'Ese dispositivo ya no recibe alertas.',
  'push.preferencesLoadFailed': 'No se pudieron cargar tus preferencias de alertas.',
  'push.preferencesOffline': 'Tus preferencias de alertas aparecen aquí cuando tienes conexión.',
  'alerts.caption': 'Avísame cuando',
  'alerts.group': 'Aviso',
  'alerts.channel.inApp': 'En la app',
  'alerts.channel.push': 'Push',
  'alerts.channel.email': 'Correo',
  'alerts.group.outbid': 'Me superen',
  'alerts.group.endingSoon':
    'Un lote que sigo esté a punto de terminar, o salga uno nuevo para una búsqueda guardada',
  'alerts.group.result': 'Gane o venda un lote, o termine uno en el que pujo',
  'alerts.group.orders': 'Se envíe mi pedido o se abra un problema',
  'alerts.group.messages': 'Haya mensajes nuevos en mis pedidos (por correo, como mucho cada hora)',
  'alerts.group.topUp': 'Recargas y dinero que sale de mi monedero (recibos)',
  'alerts.pushWithResults': 'Con «Gane o venda»',
  'alerts.inAppOffNote':
    'Si lo desactivas en la app, el aviso sigue en Notificaciones, ya leído y sin ventana emergente.',
  'push.offer.title': '¿Quieres una alerta si te superan?',
  'push.offer.body': 'Avisaremos a este dispositivo, incluso con Lotline cerrado.',
  'push.offer.turnOn': 'Activar',
  'push.offer.later': 'Ahora no',
  'push.offer.laterDone': 'Sin alertas por ahora. Puedes activarlas en Cuenta.',
  'errors.push_endpoint_taken':
    'Las alertas de este navegador pertenecen a otra cuenta. Vuelve a activar las alertas.',
}
