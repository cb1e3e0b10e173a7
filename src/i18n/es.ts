import type { MessageKey } from './en'
import type { Message } from './types'
import { lotsEs } from './messages/lots.es'
import { walletEs } from './messages/wallet.es'
import { offlineEs } from './messages/offline.es'
import { biddingEs } from './messages/bidding.es'
import { endingEs } from './messages/ending.es'
import { accountEs } from './messages/account.es'
import { adminEs } from './messages/admin.es'
import { pushEs } from './messages/push.es'
import { ordersEs } from './messages/orders.es'
import { sellersEs } from './messages/sellers.es'
import { orderMessagesEs } from './messages/order-messages.es'
import { moneyOutEs } from './messages/money-out.es'
import { mailEs } from './messages/mail.es'
import { roughBiddingEs } from './messages/rough-bidding.es'
import { roughSellingEs } from './messages/rough-selling.es'
import { roughToolsEs } from './messages/rough-tools.es'
import { showsEs } from './messages/shows.es'
import { roughFindingEs } from './messages/rough-finding.es'

/** Spanish. Partial on purpose: a missing key falls back to English. */
export const es: Partial<Record<MessageKey, Message>> = {
  ...lotsEs,
  ...walletEs,
  ...offlineEs,
  ...biddingEs,
  ...endingEs,
  ...accountEs,
  ...adminEs,
  ...pushEs,
  ...ordersEs,
  ...sellersEs,
  ...orderMessagesEs,
  ...moneyOutEs,
  ...mailEs,
  ...roughBiddingEs,
  ...roughSellingEs,
  ...roughToolsEs,
  ...showsEs,
  ...roughFindingEs,
  'app.skipToContent': 'Saltar al contenido',
  'app.loading': 'Cargando…',
  'app.restoring': 'Abriendo Lotline…',

  'nav.label': 'Principal',
  'nav.lots': 'Lotes',
  'nav.shows': 'Directos',
  'nav.account': 'Cuenta',
  'nav.signIn': 'Entrar',
  'nav.signUp': 'Registrarse',
  'nav.home': 'Inicio de Lotline',

  'connection.online': 'En línea',
  'connection.offline': 'Sin conexión',
  'connection.connecting': 'Conectando…',
  'connection.live': 'En directo',
  'connection.reconnecting': 'Reconectando…',

  'offline.banner':
    'Estás sin conexión. Puedes ver lo que ya has visto; las acciones que necesitan red están en pausa.',
  'offline.actionDisabled': 'Estás sin conexión. Esto necesita conexión.',
  'offline.savedAge': 'Guardado {age}',

  'update.available': 'Hay una nueva versión de Lotline.',
  'install.title': 'Instala Lotline',
  'install.body':
    'Añade Lotline a tu pantalla de inicio: se abre como una app, funciona sin conexión y mantiene tu sesión.',
  'install.ios': 'En iPhone: toca Compartir y luego Añadir a pantalla de inicio.',
  'install.action': 'Instalar',
  'install.notNow': 'Ahora no',
  'update.reload': 'Recargar',
  'update.later': 'Más tarde',
  'update.reloading': 'Actualizando…',
  'update.waitingFor.bid': 'Se actualizará cuando tu puja tenga respuesta…',
  'update.waitingFor.payment': 'Se actualizará cuando tu pago con tarjeta tenga respuesta…',
  'update.waitingFor.save': 'Se actualizará cuando se guarde lo que enviaste…',
  'update.offlineReady': 'Lotline ya funciona sin conexión.',

  'toast.dismiss': 'Cerrar',

  'common.retry': 'Reintentar',
  'common.reload': 'Recargar',
  'common.goHome': 'Ver lotes abiertos',
  'common.cancel': 'Cancelar',
  'common.optional': 'opcional',

  'error.title': 'Algo salió mal',
  'error.screenTitle': 'No se pudo mostrar esta pantalla',
  'error.chunkOffline':
    'Esta pantalla aún no está guardada para usarla sin conexión. Vuelve a conectarte e inténtalo de nuevo.',

  'notFound.title': 'Página no encontrada',
  'notFound.body':
    'No hay ninguna página en esta dirección. Puede que se haya movido o que el enlace esté mal.',

  'lots.title': 'Lotes abiertos',
  'lots.emptyTitle': 'Pronto habrá lotes',
  'lots.emptyBody':
    'Aquí aparecerán los lotes abiertos y los que terminan pronto, con precios en directo.',
  'lots.count': { one: '{count} lote', other: '{count} lotes' },

  'auth.email': 'Correo electrónico',
  'auth.password': 'Contraseña',
  'auth.name': 'Nombre',
  'auth.passwordHint': 'Al menos {min} caracteres.',
  'auth.signIn.title': 'Entrar',
  'auth.signIn.submit': 'Entrar',
  'auth.signIn.pending': 'Entrando…',
  'auth.signIn.noAccount': '¿Nuevo en Lotline?',
  'auth.signIn.toSignUp': 'Crear una cuenta',
  'auth.signUp.title': 'Crea tu cuenta',
  'auth.signUp.submit': 'Crear cuenta',
  'auth.signUp.pending': 'Creando la cuenta…',
  'auth.signUp.haveAccount': '¿Ya tienes cuenta?',
  'auth.signUp.toSignIn': 'Entrar',
  'auth.formErrors': { one: 'Corrige {count} campo.', other: 'Corrige {count} campos.' },
  'auth.alreadySignedIn': 'Has entrado como {name}.',

  'validation.required': 'Escribe tu {field}.',
  'validation.email': 'Escribe un correo como nombre@ejemplo.com.',
  'validation.tooShort': {
    one: 'Usa al menos {count} carácter.',
    other: 'Usa al menos {count} caracteres.',
  },
  'validation.tooLong': {
    one: 'Usa como máximo {count} carácter.',
    other: 'Usa como máximo {count} caracteres.',
  },

  'account.title': 'Tu cuenta',
  'account.name': 'Nombre',
  'account.email': 'Correo electrónico',
  'account.alias': 'Nombre público de pujador',
  'account.aliasHint': 'Los demás pujadores ven esto, nunca tu correo.',
  'account.role': 'Rol',
  'account.role.member': 'Miembro',
  'account.role.admin': 'Administración',
  'account.language': 'Idioma',
  'account.theme': 'Apariencia',
  'theme.system': 'Igual que este dispositivo',
  'theme.light': 'Claro',
  'theme.dark': 'Oscuro',
  'account.signOut': 'Salir',
  'account.signingOut': 'Saliendo…',
  'account.signedOut': 'Has salido de tu cuenta.',

  'errors.network':
    'Lotline no pudo contactar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  'errors.offline': 'Estás sin conexión. Vuelve a conectarte e inténtalo de nuevo.',
  'errors.unknown': 'Algo salió mal. Inténtalo de nuevo.',
  'errors.validation_failed': 'Revisa los campos marcados.',
  'errors.unauthenticated': 'Entra en tu cuenta para continuar.',
  'errors.forbidden': 'No tienes permiso para hacer eso.',
  'errors.not_found': 'No se encontró.',
  'errors.email_taken': 'Ya existe una cuenta con este correo. ¿Quieres entrar?',
  'errors.invalid_credentials': 'Ese correo y esa contraseña no coinciden con ninguna cuenta.',
  'errors.rate_limited': 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
  'errors.service_unavailable':
    'Lotline no está disponible ahora mismo. Inténtalo de nuevo en un momento.',
  'errors.lot_not_open': 'Este lote no está abierto a pujas.',
  'errors.bid_too_low': 'Tu puja está por debajo de la puja mínima.',
  'errors.max_below_amount': 'Tu máximo debe ser al menos tu puja.',
  'errors.max_not_raised': 'Ya vas en cabeza; para subir tu máximo, escribe uno más alto.',
  'errors.insufficient_funds': 'Tu saldo disponible no cubre este máximo. Recarga primero.',
  'errors.own_lot': 'No puedes pujar por tu propio lote.',
  'errors.lot_has_bids': 'Este lote ya tiene pujas; solo un administrador puede cancelarlo.',
  'errors.pictures_locked':
    'Las fotos solo pueden cambiar antes de la primera puja y mientras el lote sigue abierto.',
  'errors.too_many_pictures': 'Un lote tiene como máximo 8 fotos. Quita una primero.',
  'errors.too_many_addresses': 'Puedes guardar como máximo 10 direcciones. Quita una primero.',
  'errors.order_wrong_state': 'Este pedido ha avanzado mientras tanto. Así está ahora.',
  'errors.order_too_early': 'Todavía no: podrás hacerlo cuando pase la hora indicada.',
  'errors.delivery_not_offered': 'El vendedor no ofreció esta forma de entrega.',
  'errors.pictures_busy':
    'El servidor está ocupado con otras fotos. Vuelve a añadir esta dentro de un minuto.',
  'errors.lot_not_cancellable': 'Este lote ya no se puede cancelar.',
  'errors.internal_error': 'Algo salió mal por nuestra parte. Inténtalo de nuevo.',
  'errors.balance_cap_exceeded': 'Esta recarga superaría el límite de saldo de 10.000.',
  'errors.payments_not_configured': 'Los pagos con tarjeta no están configurados en este servidor.',
  'errors.bad_request': 'La solicitud no era válida.',
  'errors.csrf_header_missing':
    'La solicitud no llegó desde la aplicación. Recarga la página e inténtalo de nuevo.',
  'errors.conflict': 'Algo cambió mientras tanto. Recarga e inténtalo de nuevo.',
  'errors.payload_too_large': 'Es demasiado grande para subirlo.',
  'errors.unsupported_media_type': 'Ese tipo de archivo no es compatible.',
  'errors.idempotency_key_required': 'La solicitud llegó incompleta. Inténtalo de nuevo.',
  'errors.idempotency_key_reused': 'Esa solicitud ya se envió con otros datos.',
}
