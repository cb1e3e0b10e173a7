/** Holds: the money a bidder commits on a lot, and how a bid outcome moves it. */
import type { AuctionState, BidOutcome } from './bidding.ts'

/** A bidder's money as a bid on one lot sees it (integer cents). */
export interface BidderFunds {
  /** Sum of the ledger entries. */
  balance: number
  /** Sum of all active holds. */
  held: number
  /** The active hold on this lot (part of `held`). */
  lotHold: number
}

/** What a bidder may commit on this lot: available money plus what they already hold on it. */
export const spendableOnLot = (f: BidderFunds) => f.balance - f.held + f.lotHold

/**
 * A maximum is covered when what it holds is at most the spendable amount (equal is enough). The
 * hold is the maximum itself, or what the buyer would pay at it (`holdOf`, decision 0051).
 */
export const coversMaximum = (f: BidderFunds, hold: number) => spendableOnLot(f) >= hold

/** What a maximum holds: what its bidder would pay if it became the price (premium, shipping). */
export type HoldOf = (maxAmount: number) => number
const theMaximum: HoldOf = (maxAmount) => maxAmount

/**
 * The holds a bid outcome sets on this lot: only the leader holds, and they hold what their maximum
 * holds (`holdOf`: the maximum, or what they would pay at it). The outbid leader's hold goes to 0;
 * a new leader, or a leader who raised their maximum, holds for the new maximum. Users not listed
 * keep their hold. Order: release first, then hold.
 */
export function holdChanges(
  before: AuctionState,
  outcome: Pick<BidOutcome, 'state' | 'outbidUserId'>,
  holdOf: HoldOf = theMaximum,
): Array<{ userId: string; lotHold: number }> {
  const changes: Array<{ userId: string; lotHold: number }> = []
  if (outcome.outbidUserId) changes.push({ userId: outcome.outbidUserId, lotHold: 0 })
  const next = outcome.state
  if (next.leaderId && (next.leaderId !== before.leaderId || next.leaderMax !== before.leaderMax))
    changes.push({ userId: next.leaderId, lotHold: holdOf(next.leaderMax!) })
  return changes
}

/** Funds after this lot's hold becomes `lotHold` (the total held moves by the difference). */
export const withLotHold = (f: BidderFunds, lotHold: number): BidderFunds => ({
  balance: f.balance,
  held: f.held - f.lotHold + lotHold,
  lotHold,
})
