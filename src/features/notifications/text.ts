import { isNotificationKind, type AppNotification } from '../../../common/auction'
import { isUuid } from '../../../common/wire'
import type { MessageKey, Translate } from '../../i18n'

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** A notification about an order (a message, a move): it opens the order, not the lot. */
export const isOrderNotice = (n: AppNotification): boolean =>
  n.kind === 'order_message' || n.kind === 'order_moved'

/** The states an order's move is told in (server/commands/orders/move-notices.ts). */
const TOLD_STATES = [
  'awaiting_shipment',
  'awaiting_pickup',
  'shipped',
  'completed',
  'problem',
  'refunded',
]

/** A followed seller's show starting soon or live (issue 34): it opens the show. */
const isShowNotice = (n: AppNotification): boolean =>
  n.kind === 'show_soon' || n.kind === 'show_live'

/** Where a notification leads: its order's thread (a message), its show, else its lot, else nowhere. */
export function notificationPath(n: AppNotification): string | null {
  if (isOrderNotice(n) && isUuid(n.data.orderId)) return `/orders/${n.data.orderId}`
  if (isShowNotice(n) && isUuid(n.data.showId)) return `/shows/${n.data.showId}`
  return n.lotId ? `/lots/${n.lotId}` : null
}
const num = (v: unknown) => (typeof v === 'number' ? v : null)

/** The one-line text of a notification (list and toast), translated. */
export function notificationTitle(
  n: AppNotification,
  t: Translate,
  money: (minor: number, currency: string) => string,
  currency: string,
): string {
  const kind = isNotificationKind(n.kind) ? n.kind : 'other'
  if (kind === 'order_moved') {
    const state = str(n.data.state)
    const key = TOLD_STATES.includes(state) ? state : 'other'
    return t(`notifications.kind.order_moved.${key}` as MessageKey, {
      title: str(n.data.title) || '—',
    })
  }
  if (kind === 'saved_search_match')
    return t('notifications.kind.saved_search_match', {
      name: str(n.data.name) || '—',
      title: str(n.data.title) || '—',
    })
  const amount = num(n.data.amount)
  return t(`notifications.kind.${kind}` as MessageKey, {
    title: str(n.data.title) || '—',
    amount: amount === null ? '' : money(amount, str(n.data.currency) || currency),
  })
}

/** A second line with the numbers, where the kind has them. */
export function notificationDetail(
  n: AppNotification,
  t: Translate,
  money: (minor: number, currency: string) => string,
  currency: string,
): string | null {
  const price = num(n.data.price)
  const min = num(n.data.minNextBid)
  if (n.kind === 'outbid' && price !== null && min !== null)
    return t('notifications.detail.outbid', {
      price: money(price, currency),
      min: money(min, currency),
    })
  if (n.kind === 'won' && price !== null)
    return t('notifications.detail.won', { price: money(price, currency) })
  // An admin's cancel carries Lotline's reason (issue 32), for the seller and the leader alike.
  if (n.kind === 'lot_cancelled' && str(n.data.reason))
    return t('tools.cancel.byLotline', { reason: str(n.data.reason) })
  // Told to a bidder who did not win (decision 0023): sold to someone else, or not sold.
  if (n.kind === 'lot_ended')
    return n.data.outcome === 'settled' && price !== null
      ? t('notifications.detail.lot_ended.settled', { price: money(price, currency) })
      : t('notifications.detail.lot_ended.unsold')
  const cap = num(n.data.cap)
  if (n.kind === 'top_up_refunded' && cap !== null)
    return t('notifications.detail.top_up_refunded', {
      cap: money(cap, str(n.data.currency) || currency),
    })
  return null
}
