/** Proxy bidding: what one bid does to a lot's price, leader and history. */
import { incrementFor, isMoney, minNextBid } from './prices.ts'

export interface AuctionState {
  startingPrice: number
  reservePrice: number | null
  currentPrice: number | null
  leaderId: string | null
  /** The leader's secret maximum. */
  leaderMax: number | null
  bidCount: number
}

export interface BidInput {
  bidderId: string
  /**
   * Absent: the lot's minimum next bid, decided here against the state it is placed on (inside the
   * lot lock on the server) — "just enter your maximum" (decision 0055).
   */
  amount?: number | undefined
  /** Defaults to `amount`. */
  maxAmount?: number | undefined
  at: Date
}

/** One row of bid history to record, in order. */
export interface BidRecord {
  bidderId: string
  amount: number
  maxAmount: number
  auto: boolean
  at: Date
  /**
   * The leader raising their own maximum without moving the price: kept on record, but not a
   * public bid (not in the history or the bid count — it would reveal the raise).
   */
  hidden?: boolean
}

export type BidRejection =
  | { ok: false; reason: 'invalid_amount' }
  | { ok: false; reason: 'bid_too_low'; minNextBid: number }
  | { ok: false; reason: 'max_below_amount' }
  /** The leader sent a maximum that does not raise their current one. */
  | { ok: false; reason: 'max_not_raised' }

export interface BidOutcome {
  ok: true
  state: AuctionState
  records: BidRecord[]
  /** The previous leader, when they lost the lead. */
  outbidUserId: string | null
  /** Whether the public price or leader changed (soft close extends only then). */
  changed: boolean
}

/**
 * eBay-style proxy bidding. Only the leader's maximum is remembered: a challenger's maximum that
 * does not beat it is spent at once (the leader's proxy answers it), so the next challenger faces
 * the leader alone. Equal maxima: the earlier one — the current leader — keeps the lead.
 */
export function resolveBid(state: AuctionState, bid: BidInput): BidOutcome | BidRejection {
  const min = minNextBid(state)
  const amount = bid.amount ?? min
  const max = bid.maxAmount ?? amount
  if (!isMoney(amount) || !isMoney(max)) return { ok: false, reason: 'invalid_amount' }
  if (amount < min) return { ok: false, reason: 'bid_too_low', minNextBid: min }
  if (max < amount) {
    // A maximum alone below the minimum is too low a bid, not a maximum below a bid never typed.
    return bid.amount === undefined
      ? { ok: false, reason: 'bid_too_low', minNextBid: min }
      : { ok: false, reason: 'max_below_amount' }
  }

  const withReserve = (price: number, leaderMax: number) =>
    state.reservePrice !== null && leaderMax >= state.reservePrice && price < state.reservePrice
      ? state.reservePrice
      : price
  const next = (
    records: BidRecord[],
    patch: Partial<AuctionState>,
    outbidUserId: string | null,
  ) => {
    const nextState: AuctionState = {
      ...state,
      ...patch,
      bidCount: state.bidCount + records.filter((r) => !r.hidden).length,
    }
    const changed =
      nextState.currentPrice !== state.currentPrice || nextState.leaderId !== state.leaderId
    return { ok: true as const, state: nextState, records, outbidUserId, changed }
  }

  // First bid: the bidder leads at their amount (or the reserve, if their maximum reaches it).
  if (state.leaderId === null || state.leaderMax === null) {
    const price = withReserve(amount, max)
    return next(
      [{ bidderId: bid.bidderId, amount: price, maxAmount: max, auto: false, at: bid.at }],
      { currentPrice: price, leaderId: bid.bidderId, leaderMax: max },
      null,
    )
  }

  const leaderMax = state.leaderMax
  const current = state.currentPrice ?? state.startingPrice

  // The leader bidding again only raises their maximum; the price never rises against themselves
  // (except to the reserve once their new maximum reaches it).
  if (bid.bidderId === state.leaderId) {
    if (max <= leaderMax) return { ok: false, reason: 'max_not_raised' }
    const price = withReserve(current, max)
    const hidden = price === current
    return next(
      [{ bidderId: bid.bidderId, amount: price, maxAmount: max, auto: false, at: bid.at, hidden }],
      { currentPrice: price, leaderMax: max },
      null,
    )
  }

  // A challenger beats the leader's maximum: they lead one increment above it (capped at their own
  // maximum, never below their own amount). The old leader's proxy is recorded at its maximum.
  if (max > leaderMax) {
    const price = withReserve(
      Math.max(amount, Math.min(max, leaderMax + incrementFor(leaderMax))),
      max,
    )
    const records: BidRecord[] = []
    if (leaderMax > current) {
      records.push({
        bidderId: state.leaderId,
        amount: leaderMax,
        maxAmount: leaderMax,
        auto: true,
        at: bid.at,
      })
    }
    records.push({ bidderId: bid.bidderId, amount: price, maxAmount: max, auto: false, at: bid.at })
    return next(
      records,
      { currentPrice: price, leaderId: bid.bidderId, leaderMax: max },
      state.leaderId,
    )
  }

  // The challenger's maximum is not enough: it is spent, and the leader's proxy answers one
  // increment above it (capped at the leader's maximum — equal maxima: the leader keeps the lead).
  const price = withReserve(Math.min(leaderMax, max + incrementFor(max)), leaderMax)
  return next(
    [
      { bidderId: bid.bidderId, amount: max, maxAmount: max, auto: false, at: bid.at },
      { bidderId: state.leaderId, amount: price, maxAmount: leaderMax, auto: true, at: bid.at },
    ],
    { currentPrice: price },
    null,
  )
}
