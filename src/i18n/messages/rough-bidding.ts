import type { Message } from '../types'

/**
 * English messages of the bidder's rough edges (issue 32): a maximum alone, the leader's raise
 * told as it is, the alert offer outside the bid bar, a scheduled lot's opening time.
 */
export const roughBiddingEn = {
  'bidMax.amountHint':
    'At least {min}. With a maximum you may leave it empty: we bid {min} for you.',
  'bidMax.enterOne': 'Enter your bid or your maximum.',
  'bidMax.maxTooLow': 'Your maximum must be at least {min}, the minimum bid.',
  'bidMax.submitMin': 'Bid {amount}, up to {max}',
  'bidMax.raise': 'Raise maximum to {max}',
  'bidMax.raiseTitle': 'Raise your maximum',
  'bidMax.raiseStays': 'Raise your maximum to {max} — the price stays {price}',
  'bidMax.raiseStaysReserve':
    'Raise your maximum to {max} — the price stays {price}, unless your maximum reaches the reserve',
  'bidMax.minimumBid': 'Your bid (the minimum)',
  'lot.opensLabel': 'Bidding opens',
  'lot.historyNotOpen': 'No bids yet: bidding opens {time}.',
} satisfies Record<string, Message>
