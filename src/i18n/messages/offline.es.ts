import type { Message } from '../types'
import type { offlineEn } from './offline'

export const offlineEs: Partial<Record<keyof typeof offlineEn, Message>> = {
  'offline.justNow': 'ahora mismo',
  'offline.notLiveAge': 'No en directo · actualizado {age}',
  'offline.refreshFailedAge': 'No se pudo actualizar · guardado {age}',
  'offline.nothingSavedTitle': 'Aún no hay nada guardado',
  'offline.nothingSavedBody':
    'No se abrió en este dispositivo con conexión, así que no hay nada guardado que mostrar. Vuelve a conectarte para cargarlo.',
  'offline.queued': 'Guardado en este dispositivo; se sincroniza al volver a conectarte.',

  'lots.dueToEnd': 'Debía terminar {time}',
  'lots.wasDueToEnd': 'Debía haber terminado {time}',
  'lots.dueToStart': 'Debía empezar {time}',
  'lots.emptyFilterBodySaved':
    'Esta es la lista tal como se guardó. Vuelve a conectarte para ver lotes nuevos.',
  'lots.loadMoreOffline': 'Vuelve a conectarte para cargar más.',
  'lot.timeNotLive': 'Cuenta atrás en pausa (no en directo)',
  'lot.watchersTitle': 'Quién está mirando',
  'lot.watchersNotLive': 'Quién está mirando solo se muestra en directo.',
  'lot.watchSignIn': 'Inicia sesión para seguir',
  'lot.cancelOffline': 'Estás sin conexión. Cancelar un lote necesita conexión.',
  'wallet.topUpOfflineReason':
    'Estás sin conexión. Las recargas necesitan conexión y nunca se ponen en cola.',
}
