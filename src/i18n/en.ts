import type { Message } from './types'
import { offlineEn } from './messages/offline'
import type { lotListEn } from './messages/lot-list'
import type { moreEn } from './more'

/**
 * English for the shell (header, navigation, offline, errors): in the entry. The lot list's is in
 * messages/lot-list.ts, loaded with its chunk, and the other screens' in more.ts, a chunk of its
 * own; together they are the source dictionary, and other languages are a Partial of it.
 */
export const en = {
  ...offlineEn,
  'app.name': 'Lotline',
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading…',
  'app.restoring': 'Opening Lotline…',

  'nav.label': 'Main',
  'nav.lots': 'Lots',
  'nav.shows': 'Shows',
  'nav.account': 'Account',
  'nav.signIn': 'Sign in',
  'nav.signUp': 'Sign up',
  'nav.home': 'Lotline home',
  'nav.watchlist': 'Watchlist',
  'nav.myBids': 'My bids',
  'nav.notifications': 'Notifications',
  'nav.unread': { one: '{count} unread', other: '{count} unread' },
  'nav.more': 'Menu',
  'nav.sell': 'Sell',
  'nav.admin': 'Admin',
  'nav.wallet': 'Wallet',
  'nav.walletAvailable': 'Wallet, {amount} available',

  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'connection.connecting': 'Connecting…',
  'connection.live': 'Live',
  'connection.reconnecting': 'Reconnecting…',

  'offline.banner':
    'You are offline. You can browse what you have already seen; actions that need the network are paused.',
  'offline.actionDisabled': 'You are offline. This needs a connection.',
  'offline.savedAge': 'Saved {age}',

  'toast.dismiss': 'Dismiss',

  'common.retry': 'Try again',
  'common.reload': 'Reload',
  'common.goHome': 'Go to open lots',
  'common.cancel': 'Cancel',
  'common.optional': 'optional',

  'error.title': 'Something went wrong',
  'error.screenTitle': 'This screen could not be shown',
  'error.chunkOffline':
    'This screen has not been saved for offline use yet. Reconnect and try again.',

  'notFound.title': 'Page not found',
  'notFound.body': 'There is no page at this address. It may have moved, or the link may be wrong.',

  'errors.network': 'Lotline could not reach the server. Check your connection and try again.',
  'errors.offline': 'You are offline. Reconnect and try again.',
  'errors.unknown': 'Something went wrong. Please try again.',
  'errors.bad_request': 'The request was not valid.',
  'errors.unauthenticated': 'Please sign in to continue.',
  'errors.forbidden': 'You are not allowed to do that.',
  'errors.not_found': 'That could not be found.',
  'errors.conflict': 'That changed in the meantime. Reload and try again.',
  'errors.rate_limited': 'Too many attempts. Wait a minute and try again.',
  'errors.service_unavailable': 'Lotline is temporarily unavailable. Please try again shortly.',
  'errors.internal_error': 'Something went wrong on our side. Please try again.',
} satisfies Record<string, Message>

export type MessageKey = keyof typeof en | keyof typeof lotListEn | keyof typeof moreEn
