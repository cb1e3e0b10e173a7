import type { MessageKey } from '../en'
import type { Message } from '../types'

/** Spanish of an order's message thread (issue 29) and its notification. */
export const orderMessagesEs: Partial<Record<MessageKey, Message>> = {
  'orderMessages.title': 'Mensajes',
  'orderMessages.loading': 'Cargando mensajes…',
  'orderMessages.errorTitle': 'No se han podido cargar los mensajes',
  'orderMessages.nothingSaved':
    'Estos mensajes no están guardados en este dispositivo. Se verán cuando vuelvas a tener conexión.',
  'orderMessages.list': 'Mensajes sobre {title}',
  'orderMessages.earlier': 'Ver mensajes anteriores',
  'orderMessages.loadingEarlier': 'Cargando mensajes anteriores…',
  'orderMessages.empty.buyer': 'Aún no hay mensajes. Pregunta al vendedor por {title}.',
  'orderMessages.empty.seller': 'Aún no hay mensajes. Escribe al comprador sobre {title}.',
  'orderMessages.empty.admin': 'Aún no hay mensajes.',
  'orderMessages.you': 'Tú',
  'orderMessages.role.buyer': 'comprador',
  'orderMessages.role.seller': 'vendedor',
  'orderMessages.role.admin': 'soporte de Lotline',
  'orderMessages.author': '{name} ({role})',
  'orderMessages.sending': 'Enviando…',
  'orderMessages.queued': 'Se enviará cuando vuelvas a tener conexión',
  'orderMessages.label.buyer': 'Mensaje al vendedor',
  'orderMessages.label.seller': 'Mensaje al comprador',
  'orderMessages.label.admin': 'Mensaje al comprador y al vendedor',
  'orderMessages.hint': 'Ctrl+Intro o ⌘+Intro para enviar.',
  'orderMessages.count': '{count} de {max} caracteres',
  'orderMessages.tooLong': {
    one: 'El máximo es {max} caracteres: sobra {count} carácter.',
    other: 'El máximo es {max} caracteres: sobran {count} caracteres.',
  },
  'orderMessages.blank': 'Escribe un mensaje primero.',
  'orderMessages.send': 'Enviar',
  'orderMessages.offline':
    'Estás sin conexión. Lo que envíes saldrá cuando vuelvas a tener conexión.',
  'orderMessages.notSent': 'Tu mensaje no se ha enviado: {reason}',
  'orderMessages.adminClosed':
    'El problema está resuelto: ahora solo escriben aquí el comprador y el vendedor.',
  'notifications.kind.order_message': 'Mensaje nuevo sobre {title}',
  'notifications.openOrder': 'Ver pedido',
}
