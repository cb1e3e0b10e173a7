/**
 * The auction rules, in one place: the client uses them to show the minimum next bid and to check a
 * bid before sending it, the API uses the same functions to decide. Pure functions only; money is
 * integer cents.
 */
import { BALANCE_CAP } from './wallet.ts'

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const TITLE_MIN_LENGTH = 3
export const TITLE_MAX_LENGTH = 120
export const DESCRIPTION_MAX_LENGTH = 5_000
/** Starting price ≥ 1.00. */
export const STARTING_PRICE_MIN = 100
/**
 * No price, reserve or maximum may exceed what one wallet can ever hold: a bid nobody could pay
 * would freeze the lot (nobody could outbid it).
 */
export const MONEY_MAX = BALANCE_CAP
export const DURATION_MIN_MS = 60_000
export const DURATION_MAX_MS = 14 * 24 * 3_600_000
/** A scheduled lot may start at most 30 days ahead. */
export const SCHEDULE_AHEAD_MAX_MS = 30 * 24 * 3_600_000
/** A start time this far in the past still counts as "now" (clock skew, slow networks). */
export const START_SKEW_MS = 60_000
/** A lot's picture: one JPEG, PNG or WebP file of at most 2 MB. */
export const LOT_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const LOT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type LotImageType = (typeof LOT_IMAGE_TYPES)[number]
export const SOFT_CLOSE_DEFAULT_SECONDS = 60
/** 10 s (Whatnot's counter-bid time) to 10 min (the longest windows documented by auction houses). */
export const SOFT_CLOSE_MIN_SECONDS = 10
export const SOFT_CLOSE_MAX_SECONDS = 600
/** `GET /api/lots?status=ending_soon`: open lots ending within the hour. */
export const ENDING_SOON_LIST_MS = 3_600_000
/** Watchers are told once when a watched lot ends within 5 minutes. */
export const ENDING_SOON_NOTIFY_MS = 5 * 60_000

// ── Shapes (API responses and events) ──────────────────────────────────────────────────────────

export type LotStatus = 'scheduled' | 'open' | 'closed' | 'settled' | 'unsold' | 'cancelled'
export const LOT_FILTERS = ['open', 'ending_soon', 'scheduled', 'closed'] as const
export type LotFilter = (typeof LOT_FILTERS)[number]
/** Statuses the `closed` filter shows: the lot is over, whatever its outcome. */
export const ENDED_STATUSES: readonly LotStatus[] = ['closed', 'settled', 'unsold', 'cancelled']

/** The public view of a lot: lists, `lot.created`, `lot.updated`, `bid.placed`. */
export interface LotSummary {
  id: string
  title: string
  status: LotStatus
  startingPrice: number
  /** Null until the first bid. */
  currentPrice: number | null
  /** Null once the lot is over. */
  minNextBid: number | null
  bidCount: number
  /** The leading bidder's public alias. */
  leader: string | null
  seller: string
  hasReserve: boolean
  /** Null when the lot has no reserve; the reserve amount itself stays secret. */
  reserveMet: boolean | null
  startsAt: string
  endsAt: string
  softCloseSeconds: number
  /** The lot's picture, relative to the app's base (`uploads/lots/…`), or null. */
  imageUrl: string | null
  version: number
  serverTime: string
}

export type MyLotStatus = 'leading' | 'outbid' | 'won' | 'lost' | null

export interface MyLot {
  status: MyLotStatus
  /** My maximum on this lot (my own secret), null if I never bid. */
  maxBid: number | null
  watching: boolean
}

export interface LotDetail extends LotSummary {
  description: string
  /** Only for a signed-in viewer. */
  my: MyLot | null
}

export interface BidRow {
  id: number
  lotId: string
  /** Bidder alias. */
  bidder: string
  amount: number
  /** Placed by the proxy on the bidder's behalf. */
  auto: boolean
  createdAt: string
}

export type NotificationKind =
  | 'outbid'
  | 'won'
  | 'lot_sold'
  | 'lot_unsold'
  | 'ending_soon'
  | 'lot_cancelled'
  | 'top_up_succeeded'
  | 'top_up_failed'

export interface AppNotification {
  id: number
  kind: NotificationKind
  lotId: string | null
  data: Record<string, unknown>
  readAt: string | null
  createdAt: string
}

// ── Prices ──────────────────────────────────────────────────────────────────────────────────────

/** The minimum raise at a price, by band (DESIGN §3). */
export function incrementFor(price: number): number {
  if (price < 1_000) return 50
  if (price < 5_000) return 100
  if (price < 20_000) return 500
  if (price < 100_000) return 1_000
  return 2_500
}

/** The least amount the next bid may be: the starting price first, then price + increment. */
export function minNextBid(lot: { startingPrice: number; currentPrice: number | null }): number {
  return lot.currentPrice === null
    ? lot.startingPrice
    : lot.currentPrice + incrementFor(lot.currentPrice)
}

export function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MONEY_MAX
}

// ── Proxy bidding ───────────────────────────────────────────────────────────────────────────────

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
  amount: number
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
  const amount = bid.amount
  const max = bid.maxAmount ?? bid.amount
  if (!isMoney(amount) || !isMoney(max)) return { ok: false, reason: 'invalid_amount' }
  const min = minNextBid(state)
  if (amount < min) return { ok: false, reason: 'bid_too_low', minNextBid: min }
  if (max < amount) return { ok: false, reason: 'max_below_amount' }

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

// ── Lot input ───────────────────────────────────────────────────────────────────────────────────

export interface LotInput {
  title: string
  description?: string | undefined
  startingPrice: number
  reservePrice?: number | null | undefined
  /** ISO-8601; omitted = now. */
  startsAt?: string | undefined
  endsAt: string
  softCloseSeconds?: number | undefined
}

/** Per-field problems with a lot to create, checked against `now`; empty when it is valid. */
export function validateLotInput(input: LotInput, now: Date): Record<string, string> {
  const errors: Record<string, string> = {}
  const title = input.title.trim()
  if (title.length < TITLE_MIN_LENGTH || title.length > TITLE_MAX_LENGTH) {
    errors.title = `Must be ${TITLE_MIN_LENGTH} to ${TITLE_MAX_LENGTH} characters.`
  }
  if ((input.description ?? '').length > DESCRIPTION_MAX_LENGTH) {
    errors.description = `Must be at most ${DESCRIPTION_MAX_LENGTH} characters.`
  }
  if (!isMoney(input.startingPrice) || input.startingPrice < STARTING_PRICE_MIN) {
    errors.startingPrice = `Must be a whole number of cents from ${STARTING_PRICE_MIN} to ${MONEY_MAX}.`
  }
  const reserve = input.reservePrice ?? null
  if (reserve !== null && (!isMoney(reserve) || reserve < input.startingPrice)) {
    errors.reservePrice = 'Must be at least the starting price.'
  }
  const soft = input.softCloseSeconds ?? SOFT_CLOSE_DEFAULT_SECONDS
  if (!Number.isInteger(soft) || soft < SOFT_CLOSE_MIN_SECONDS || soft > SOFT_CLOSE_MAX_SECONDS) {
    errors.softCloseSeconds = `Must be ${SOFT_CLOSE_MIN_SECONDS} to ${SOFT_CLOSE_MAX_SECONDS} seconds.`
  }
  const starts = input.startsAt === undefined ? now : new Date(input.startsAt)
  const ends = new Date(input.endsAt)
  if (Number.isNaN(starts.getTime())) errors.startsAt = 'Is not a valid time.'
  else if (starts.getTime() < now.getTime() - START_SKEW_MS)
    errors.startsAt = 'Must not be in the past.'
  else if (starts.getTime() > now.getTime() + SCHEDULE_AHEAD_MAX_MS) {
    errors.startsAt = 'Must be within 30 days.'
  }
  if (Number.isNaN(ends.getTime())) errors.endsAt = 'Is not a valid time.'
  else if (!errors.startsAt) {
    const duration = ends.getTime() - Math.max(starts.getTime(), now.getTime())
    if (duration < DURATION_MIN_MS) errors.endsAt = 'Must be at least 1 minute after the start.'
    else if (ends.getTime() - starts.getTime() > DURATION_MAX_MS) {
      errors.endsAt = 'Must be at most 14 days after the start.'
    }
  }
  return errors
}
