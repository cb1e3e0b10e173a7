import type { NotificationKind } from './auction.ts'

/**
 * Web Push rules both sides need (docs/decisions/0032-web-push.md): which alert a member can turn
 * on or off, the defaults, which notification kind belongs to which, and the payload the service
 * worker shows.
 */

/** The switches in Account, one per kind of alert a member may want on a closed app. */
export const PUSH_PREFERENCE_KINDS = ['outbid', 'endingSoon', 'result', 'topUp'] as const
export type PushPreferenceKind = (typeof PUSH_PREFERENCE_KINDS)[number]
export type PushPreferences = Record<PushPreferenceKind, boolean>

/** Outbid, won / lost and top-up results on; ending soon on (it only ever concerns watched lots). */
export const DEFAULT_PUSH_PREFERENCES: Readonly<PushPreferences> = Object.freeze({
  outbid: true,
  endingSoon: true,
  result: true,
  topUp: true,
})

const PREFERENCE_OF_KIND: Record<NotificationKind, PushPreferenceKind> = {
  outbid: 'outbid',
  ending_soon: 'endingSoon',
  won: 'result',
  lot_ended: 'result',
  lot_sold: 'result',
  lot_unsold: 'result',
  lot_cancelled: 'result',
  top_up_succeeded: 'topUp',
  top_up_failed: 'topUp',
  top_up_refunded: 'topUp',
  // What happens to a sale after the hammer belongs with its result.
  order_message: 'result',
  order_moved: 'result',
  // Money leaving the wallet belongs with money coming in.
  payout_failed: 'topUp',
  withdrawal_failed: 'topUp',
  // Lots a member follows without bidding: a saved search belongs with the watched lots.
  saved_search_match: 'endingSoon',
  // A followed seller's show, like a watched lot, is something the member chose to follow.
  show_soon: 'endingSoon',
  show_live: 'endingSoon',
}

/** The switch that governs a notification kind's push. */
export function preferenceOf(kind: NotificationKind): PushPreferenceKind {
  return PREFERENCE_OF_KIND[kind]
}

/** The buttons of a notification: "Bid €460" (opens the lot with the bid sheet ready), "Open". */
export const PUSH_ACTIONS = ['bid', 'open'] as const
export type PushAction = (typeof PUSH_ACTIONS)[number]

/**
 * What the server encrypts to a device and the service worker shows. Texts are already in the
 * device's language; `path` is relative to the app's base path (no leading slash: `lots/<id>`).
 */
export interface PushPayload {
  /** Payload version, so an older service worker can ignore a newer shape. */
  v: 1
  kind: NotificationKind
  lotId: string | null
  title: string
  body: string
  path: string
  /** The lot's picture (smallest copy), relative to the base path, or null for the app icon. */
  icon: string | null
  /** One notification per lot (or per top-up): a newer one replaces the older. */
  tag: string
  /** Alert again when replacing (outbid): the member must notice a second outbid. */
  renotify: boolean
  /** The amount the "Bid" action offers, in minor units, when there is one. */
  bidAmount: number | null
  actions: Array<{ action: PushAction; title: string }>
}

/** The query parameter that opens a lot room with its bid sheet ready at an amount (minor units). */
export const BID_SHEET_PARAM = 'bid'

/** One device's subscription as the member sees it in Account (never its endpoint or keys). */
export interface PushDevice {
  id: string
  /** From the User-Agent at subscribe time: "iPhone", "Android phone", "Mac", "Windows PC"… */
  device: string
  /** "Safari 18", "Chrome 131"… */
  browser: string
  createdAt: string
  /** Subscribed from this browser session (signing out here removes it). */
  current: boolean
}

/**
 * The API (all under the base path's `api/`; writes need the async header like every write):
 * - `POST push/subscriptions`, body `PushSubscription.toJSON()` plus an optional `lang` → 201
 *   `PushDevice` (200 with the same id when the endpoint is already known: it moves to this
 *   session, member and language)
 * - `GET push/subscriptions` → `{ items: PushDevice[] }`, newest first
 * - `DELETE push/subscriptions/:id` → 204 (404 for someone else's)
 * - `GET push/preferences` → `PushPreferences`; `PUT push/preferences` with all four → the same
 * `GET config` carries `push: { publicKey } | null` (null: push is off on this server).
 */
export const PUSH_PATHS = {
  subscriptions: 'push/subscriptions',
  preferences: 'push/preferences',
} as const
