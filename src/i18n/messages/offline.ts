import type { Message } from '../types'

/**
 * Truthful offline UI (docs/product.md §6, docs/decisions/0013): how old saved data is, what is not
 * live, why an action is unavailable. Merged into the en and es dictionaries.
 */
export const offlineEn = {
  'offline.justNow': 'just now',
  'offline.notLiveAge': 'Not live · updated {age}',
  'offline.refreshFailedAge': 'Could not refresh · saved {age}',
  'offline.nothingSavedTitle': 'Nothing saved yet',
  'offline.nothingSavedBody':
    'This was not opened on this device while online, so there is nothing saved to show. Reconnect to load it.',
  'offline.queued': 'Saved on this device; syncs when you reconnect.',

  'lots.dueToEnd': 'Due to end {time}',
  'lots.wasDueToEnd': 'Was due to end {time}',
  'lots.dueToStart': 'Due to start {time}',
  'lots.emptyFilterBodySaved': 'This is the list as last saved. Reconnect to see new lots.',
  'lots.loadMoreOffline': 'Reconnect to load more.',
  'lot.timeNotLive': 'Countdown paused (not live)',
  'lot.watchersTitle': 'Who is watching',
  'lot.watchersNotLive': 'Who is watching is shown only while live.',
  'lot.watchSignIn': 'Sign in to watch',
  'lot.cancelOffline': 'You are offline. Cancelling a lot needs a connection.',
  'wallet.topUpOfflineReason': 'You are offline. Top-ups need a connection and are never queued.',
} satisfies Record<string, Message>

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
