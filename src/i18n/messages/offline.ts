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
