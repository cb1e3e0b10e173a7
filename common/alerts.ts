import type { NotificationKind } from './auction.ts'

/**
 * Alert groups and channels (issue 31; docs/product.md "What Lotline tells you"): one switch per
 * group and channel in Account → Alerts. Push keeps its own switches (common/push.ts) for the
 * groups it had; e-mail and in-app choices are stored per group in alert_preferences.
 */
export type AlertGroup = 'outbid' | 'endingSoon' | 'result' | 'orders' | 'messages' | 'topUp'
export type AlertChannel = 'in_app' | 'email'
export type AlertChoices = Record<AlertGroup, boolean>
export type AlertPreferences = Record<AlertChannel, AlertChoices>

export function alertGroups(): AlertGroup[] {
  return ['outbid', 'endingSoon', 'result', 'orders', 'messages', 'topUp']
}

export function alertChannels(): AlertChannel[] {
  return ['in_app', 'email']
}

/**
 * In-app: everything on. E-mail: what a member must not miss (won and sold, the order's moves and
 * messages, top-up receipts) on; the chatty bidding alerts (outbid, ending soon) off.
 */
export function defaultAlertPreferences(): AlertPreferences {
  return {
    in_app: {
      outbid: true,
      endingSoon: true,
      result: true,
      orders: true,
      messages: true,
      topUp: true,
    },
    email: {
      outbid: false,
      endingSoon: false,
      result: true,
      orders: true,
      messages: true,
      topUp: true,
    },
  }
}

/** The group a notification kind belongs to. */
export function alertGroupOf(kind: NotificationKind): AlertGroup {
  switch (kind) {
    case 'outbid':
      return 'outbid'
    // A lot found for a saved search is, like a watched lot, one the member follows (issue 32); so
    // is a followed seller's show starting (issue 34).
    case 'ending_soon':
    case 'saved_search_match':
    case 'show_soon':
    case 'show_live':
      return 'endingSoon'
    case 'order_moved':
      return 'orders'
    case 'order_message':
      return 'messages'
    case 'top_up_succeeded':
    case 'top_up_failed':
    case 'top_up_refunded':
    case 'payout_failed':
    case 'withdrawal_failed':
      return 'topUp'
    default:
      return 'result'
  }
}

/** A stored choice map (any JSON) read over the defaults: only booleans of known groups count. */
export function choicesWithDefaults(stored: unknown, defaults: AlertChoices): AlertChoices {
  const result = { ...defaults }
  if (typeof stored !== 'object' || stored === null) return result
  const record = stored as Record<string, unknown>
  for (const group of alertGroups()) {
    const value = record[group]
    if (typeof value === 'boolean') result[group] = value
  }
  return result
}

/** True when the group is one a mail can be sent for (the unsubscribe link names it). */
export function isAlertGroup(value: string): value is AlertGroup {
  return (alertGroups() as string[]).includes(value)
}

/**
 * The API (under `api/`): `GET me/alerts` → `AlertPreferences`; `PUT me/alerts` with both channels
 * and every group → the same. Push stays at `push/preferences`.
 * `POST mail/unsubscribe?u=&g=&s=` (no session, RFC 8058) turns group `g`'s e-mail off.
 */
export function alertPaths() {
  return { preferences: 'me/alerts', unsubscribe: 'mail/unsubscribe' } as const
}
