import type { ErrorCode } from '../../common/errors'
import type { Message } from './types'
import { lotsEn } from './messages/lots'
import { walletEn } from './messages/wallet'
import { offlineEn } from './messages/offline'
import { biddingEn } from './messages/bidding'
import { endingEn } from './messages/ending'

/** Source dictionary: every key the app uses. Other languages are a Partial of it. */
export const en = {
  ...lotsEn,
  ...walletEn,
  ...offlineEn,
  ...biddingEn,
  ...endingEn,
  'app.name': 'Lotline',
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading…',
  'app.restoring': 'Opening Lotline…',

  'nav.label': 'Main',
  'nav.lots': 'Lots',
  'nav.account': 'Account',
  'nav.signIn': 'Sign in',
  'nav.signUp': 'Sign up',
  'nav.home': 'Lotline home',

  'connection.online': 'Online',
  'connection.offline': 'Offline',
  'connection.connecting': 'Connecting…',
  'connection.live': 'Live',
  'connection.reconnecting': 'Reconnecting…',

  'offline.banner':
    'You are offline. You can browse what you have already seen; actions that need the network are paused.',
  'offline.actionDisabled': 'You are offline. This needs a connection.',
  'offline.savedAge': 'Saved {age}',

  'update.available': 'A new version of Lotline is available.',
  'update.reload': 'Reload',
  'update.later': 'Later',
  'update.reloading': 'Updating…',
  'update.waitingFor.bid': 'Updating when your bid is answered…',
  'update.waitingFor.payment': 'Updating when your card payment is answered…',
  'update.waitingFor.save': 'Updating when what you sent is saved…',
  'update.offlineReady': 'Lotline is ready to work offline.',

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

  'lots.title': 'Open lots',
  'lots.emptyTitle': 'Lots arrive soon',
  'lots.emptyBody': 'Open and ending-soon lots will appear here, with live prices.',
  'lots.count': { one: '{count} lot', other: '{count} lots' },

  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.name': 'Name',
  'auth.passwordHint': 'At least {min} characters.',
  'auth.signIn.title': 'Sign in',
  'auth.signIn.submit': 'Sign in',
  'auth.signIn.pending': 'Signing in…',
  'auth.signIn.noAccount': 'New to Lotline?',
  'auth.signIn.toSignUp': 'Create an account',
  'auth.signUp.title': 'Create your account',
  'auth.signUp.submit': 'Create account',
  'auth.signUp.pending': 'Creating account…',
  'auth.signUp.haveAccount': 'Already have an account?',
  'auth.signUp.toSignIn': 'Sign in',
  'auth.formErrors': { one: 'Please fix {count} field.', other: 'Please fix {count} fields.' },
  'auth.alreadySignedIn': 'You are signed in as {name}.',

  'validation.required': 'Enter your {field}.',
  'validation.email': 'Enter an email address like name@example.com.',
  'validation.tooShort': {
    one: 'Use at least {count} character.',
    other: 'Use at least {count} characters.',
  },
  'validation.tooLong': {
    one: 'Use at most {count} character.',
    other: 'Use at most {count} characters.',
  },

  'account.title': 'Your account',
  'account.name': 'Name',
  'account.email': 'Email',
  'account.alias': 'Public bidder name',
  'account.aliasHint': 'Other bidders see this, never your email.',
  'account.role': 'Role',
  'account.role.member': 'Member',
  'account.role.admin': 'Administrator',
  'account.language': 'Language',
  'account.signOut': 'Sign out',
  'account.signingOut': 'Signing out…',
  'account.signedOut': 'You are signed out.',

  'language.en': 'English',
  'language.es': 'Español',

  'errors.network': 'Lotline could not reach the server. Check your connection and try again.',
  'errors.offline': 'You are offline. Reconnect and try again.',
  'errors.unknown': 'Something went wrong. Please try again.',
  'errors.validation_failed': 'Some fields need your attention.',
  'errors.bad_request': 'The request was not valid.',
  'errors.csrf_header_missing':
    'The request was blocked for your security. Reload the page and try again.',
  'errors.unauthenticated': 'Please sign in to continue.',
  'errors.forbidden': 'You are not allowed to do that.',
  'errors.not_found': 'That could not be found.',
  'errors.conflict': 'That changed in the meantime. Reload and try again.',
  'errors.email_taken': 'An account with this email already exists. Sign in instead?',
  'errors.invalid_credentials': 'That email and password do not match an account.',
  'errors.rate_limited': 'Too many attempts. Wait a minute and try again.',
  'errors.payload_too_large': 'That is too large to upload.',
  'errors.unsupported_media_type': 'That file type is not supported.',
  'errors.idempotency_key_required': 'The request was incomplete. Please try again.',
  'errors.idempotency_key_reused': 'That request was already sent with different details.',
  'errors.balance_cap_exceeded': 'This top-up would take your balance over the 10,000 limit.',
  'errors.payments_not_configured': 'Card payments are not configured on this server.',
  'errors.lot_not_open': 'This lot is not open for bidding.',
  'errors.bid_too_low': 'Your bid is below the minimum next bid.',
  'errors.max_below_amount': 'Your maximum must be at least your bid.',
  'errors.max_not_raised': 'You are already leading; to raise your maximum, enter a higher one.',
  'errors.insufficient_funds': 'Your available balance does not cover this maximum. Top up first.',
  'errors.own_lot': 'You cannot bid on your own lot.',
  'errors.lot_has_bids': 'This lot already has bids, so only an admin can cancel it.',
  'errors.lot_not_cancellable': 'This lot can no longer be cancelled.',
  'errors.service_unavailable': 'Lotline is temporarily unavailable. Please try again shortly.',
  'errors.internal_error': 'Something went wrong on our side. Please try again.',
} satisfies Record<string, Message> & Record<`errors.${ErrorCode}`, Message>

export type MessageKey = keyof typeof en
