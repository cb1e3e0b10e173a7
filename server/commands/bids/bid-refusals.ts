import type { BidRejection } from '../../../common/auction.ts'
import { AppError } from '../../lib/problem.ts'

const money = (cents: number) => (cents / 100).toFixed(2)

/** A rule of `resolveBid` said no: 422 with the field to fix. */
export function refusal(
  outcome: BidRejection,
  /** The field that set the bid: `maxAmount` when a maximum came alone. */
  bidField: 'amount' | 'maxAmount' = 'amount',
): AppError {
  switch (outcome.reason) {
    case 'bid_too_low':
      return new AppError(422, 'bid_too_low', `The minimum bid is ${money(outcome.minNextBid)}.`, {
        [bidField]: `Must be at least ${outcome.minNextBid}.`,
      })
    case 'max_below_amount':
      return new AppError(422, 'max_below_amount', 'Your maximum must be at least your bid.', {
        maxAmount: 'Must be at least the amount.',
      })
    case 'max_not_raised':
      return new AppError(
        422,
        'max_not_raised',
        'You are already leading; a new maximum must be higher than your current one.',
        { maxAmount: 'Must be higher than your current maximum.' },
      )
    default:
      return new AppError(422, 'validation_failed', 'Some fields need attention.', {
        [bidField]: 'Must be a whole number of cents.',
      })
  }
}

export const lotNotOpen = () =>
  new AppError(409, 'lot_not_open', 'This lot is not open for bidding.')

/** The bid reached the server after the lot's end (a show lot's clock ran out under it). */
export const lotEnded = () => new AppError(409, 'lot_ended', 'This lot has ended.')

/** The seller blocked this member (issue 32): no bid of theirs on the seller's lots counts. */
export const bidderBlocked = () =>
  new AppError(403, 'bidder_blocked', 'The seller of this lot does not accept your bids.')

export const ownLot = () => new AppError(403, 'own_lot', 'You cannot bid on your own lot.')

/**
 * `spendable` is what the bidder may commit on this lot (available plus their hold on it); `hold`
 * what the maximum would hold: the maximum, or more with a premium or shipping (decision 0051).
 */
export const insufficientFunds = (spendable: number, max: number, hold = max) =>
  new AppError(
    422,
    'insufficient_funds',
    hold === max
      ? `Your available balance (${money(spendable)}) does not cover a maximum of ${money(max)}.`
      : `Your available balance (${money(spendable)}) does not cover ${money(hold)}, what you would pay at a maximum of ${money(max)} with the premium and shipping.`,
    { maxAmount: 'More than your available balance.' },
  )
