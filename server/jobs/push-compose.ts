/**
 * What one delivery says and how it is sent (decision 0032), composed at send time: the device's
 * language, the lot as it is now (the outbid push offers the minimum next bid at this moment, not
 * at the time of the bid), and a lifetime after which the push is worth nothing.
 */
import { minNextBid, variantUrl, type NotificationKind } from '../../common/auction.ts'
import { type PushPayload } from '../../common/push.ts'
import { formatMoney } from '../../common/money.ts'
import { PUSH_TEXTS } from '../../common/push-texts.ts'
import type { ClaimedPush } from '../repositories/push-outbox.ts'

export type Urgency = 'very-low' | 'low' | 'normal' | 'high'

export interface ComposedPush {
  payload: PushPayload
  /** Past this the push is dropped unsent; the TTL sent is what is left of it. */
  expiresAt: Date
  urgency: Urgency
  /** Outbid: one per lot in the push service's queue, a newer one replacing the older. */
  topic: string | undefined
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** An outbid push in the last ten minutes of a lot wakes the device at once. */
export const HIGH_URGENCY_BEFORE_END_MS = 10 * MINUTE

/** How long each kind stays worth delivering after its notification (lot kinds: see below). */
const LIFETIME_MS: Record<NotificationKind, number> = {
  outbid: 60 * MINUTE,
  ending_soon: 15 * MINUTE,
  won: DAY,
  lot_ended: DAY,
  lot_sold: DAY,
  lot_unsold: DAY,
  lot_cancelled: DAY,
  top_up_succeeded: DAY,
  top_up_failed: DAY,
  top_up_refunded: DAY,
  order_message: DAY,
  order_moved: DAY,
  payout_failed: DAY,
  withdrawal_failed: DAY,
  saved_search_match: DAY,
  // A show's reminder is stale once it has started; "live now" once a show has likely moved on.
  show_soon: 15 * MINUTE,
  show_live: 60 * MINUTE,
}

const LOT_LIVE_KINDS: ReadonlySet<NotificationKind> = new Set(['outbid', 'ending_soon'])

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function composePush(p: ClaimedPush, currency: string, now: Date): ComposedPush {
  const texts = PUSH_TEXTS[p.lang]
  const lot = p.lot
  let expires = p.notifiedAt.getTime() + LIFETIME_MS[p.kind]
  // "Bid now" and "ending soon" mean nothing once the lot has ended (its end as it is now: soft
  // close may have moved it).
  if (LOT_LIVE_KINDS.has(p.kind) && lot) expires = Math.min(expires, lot.endsAt.getTime())

  const bidAmount = p.kind === 'outbid' && lot ? minNextBid(lot) : null
  // A top-up's, payout's or withdrawal's own amount and currency; a lot's price otherwise.
  const walletMoney = ['top_up_', 'payout_', 'withdrawal_'].some((k) => p.kind.startsWith(k))
  const moneyCurrency = walletMoney ? text(p.data.currency) || currency : currency
  const amountMinor = bidAmount ?? (walletMoney ? num(p.data.amount) : num(p.data.price))
  const input = {
    title: lot?.title ?? text(p.data.title),
    amount: formatMoney(amountMinor, moneyCurrency, p.lang, { short: true }),
    minutes: lot ? Math.max(0, Math.ceil((lot.endsAt.getTime() - now.getTime()) / MINUTE)) : 0,
    // Who wrote (an order's message), or whose show it is (issue 34).
    from: text(p.data.from) || text(p.data.sellerName),
    state: text(p.data.state),
    reason: text(p.data.reason),
    seller: p.data.seller === true,
    search: text(p.data.name),
  }
  const words = texts[p.kind](input)
  const topUpId = text(p.data.topUpId)
  const payoutId = text(p.data.payoutId)
  const withdrawalId = text(p.data.withdrawalId)
  // An order's message or move opens its order, one alert per order.
  const orderId = p.kind.startsWith('order_') ? text(p.data.orderId) : ''
  // A followed seller's show opens the show; "live now" replaces its "starts soon".
  const showId = p.kind.startsWith('show_') ? text(p.data.showId) : ''
  const picture = lot?.picture
  const icon = picture
    ? `uploads/${picture.widths.length ? variantUrl(picture.path, Math.min(...picture.widths)) : picture.path}`
    : null

  const payload: PushPayload = {
    v: 1,
    kind: p.kind,
    lotId: p.lotId,
    title: words.title,
    body: words.body,
    path: orderId
      ? `orders/${orderId}`
      : showId
        ? `shows/${showId}`
        : p.lotId
          ? `lots/${p.lotId}`
          : 'wallet',
    icon,
    tag: orderId
      ? `order-${orderId}`
      : showId
        ? `show-${showId}`
        : p.lotId
          ? `lot-${p.lotId}`
          : payoutId
            ? `payout-${payoutId}`
            : withdrawalId
              ? `withdrawal-${withdrawalId}`
              : `top-up-${topUpId || p.id}`,
    renotify: (p.kind !== 'ending_soon' && p.lotId !== null) || p.kind === 'show_live',
    bidAmount,
    actions: [
      ...(bidAmount !== null ? [{ action: 'bid' as const, title: texts.actions.bid(input) }] : []),
      { action: 'open' as const, title: texts.actions.open(input) },
    ],
  }
  const endsSoon =
    lot !== null && lot.endsAt.getTime() - now.getTime() <= HIGH_URGENCY_BEFORE_END_MS
  return {
    payload,
    expiresAt: new Date(expires),
    urgency:
      p.kind === 'ending_soon' || (p.kind === 'outbid' && endsSoon)
        ? 'high'
        : p.kind === 'lot_unsold'
          ? 'low'
          : 'normal',
    // A lot id without its dashes: 32 characters of the base64url alphabet (RFC 8030 §5.4).
    topic: p.kind === 'outbid' && p.lotId ? p.lotId.replaceAll('-', '') : undefined,
  }
}
