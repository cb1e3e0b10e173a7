/**
 * What a bid would do before it is sent: the quick amounts, whether it needs a review, and what it
 * holds from the wallet. The rules themselves (increments, holds) are the shared ones in
 * common/auction; this only arranges them for the bid bar (docs/decisions/0022-phone-bid-bar.md).
 */
import {
  coversMaximum,
  incrementFor,
  minNextBid,
  MONEY_MAX,
  withLotHold,
  type LotDetail,
} from '../../../common/auction'

type LotPrices = Pick<LotDetail, 'startingPrice' | 'currentPrice' | 'my'>

/** A bid this many increments above the minimum (or more) is reviewed before it is sent. */
export const REVIEW_STEPS = 3
/** The quick steps the bar offers above the minimum, in increments. */
export const QUICK_STEPS = [1, 5] as const

/** One increment at the lot's present price (the band the next bid is measured in). */
export const stepOf = (lot: LotPrices) => incrementFor(lot.currentPrice ?? lot.startingPrice)

/** "Bid €minimum", then minimum + 1 and + 5 increments (never past the money limit). */
export function quickAmounts(lot: LotPrices): number[] {
  const min = minNextBid(lot)
  const steps = QUICK_STEPS.map((k) => min + k * stepOf(lot)).filter((a) => a <= MONEY_MAX)
  return [min, ...steps]
}

/** A maximum, or an amount at least REVIEW_STEPS increments above the minimum, is reviewed. */
export function needsReview(lot: LotPrices, amount?: number, maxAmount?: number): boolean {
  if (maxAmount !== undefined || amount === undefined) return true
  return amount >= minNextBid(lot) + REVIEW_STEPS * stepOf(lot)
}

/** My hold on this lot today: the leader holds their maximum (docs/product.md §3, holds). */
export const myLotHold = (lot: LotPrices) =>
  lot.my?.status === 'leading' ? (lot.my.maxBid ?? 0) : 0

export interface BidFunds {
  /** Available in the wallet now. */
  available: number
  /** What this bid holds on the lot: what its bidder would pay at its maximum. */
  holds: number
  /** What the wallet gives up on top of my present hold here. */
  fromWallet: number
  /** Available after the bid. */
  after: number
  /** The wallet (with my hold here) does not cover the maximum. */
  short: boolean
}

/**
 * What a bid committing `commit` does to the wallet. A maximum holds what its bidder would pay at
 * it (`holdOf`: premium and shipping included, decision 0051), as the server holds it.
 */
export function fundsFor(
  wallet: { balance: number; held: number },
  lot: LotPrices,
  commit: number,
  holdOf: (maxAmount: number) => number = (maxAmount) => maxAmount,
): BidFunds {
  const mine = myLotHold(lot)
  const funds = { balance: wallet.balance, held: wallet.held, lotHold: mine > 0 ? holdOf(mine) : 0 }
  const holds = holdOf(commit)
  const after = withLotHold(funds, holds)
  return {
    available: funds.balance - funds.held,
    holds,
    fromWallet: Math.max(0, holds - funds.lotHold),
    after: Math.max(0, after.balance - after.held),
    short: !coversMaximum(funds, holds),
  }
}
