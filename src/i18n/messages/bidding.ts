import type { Message } from '../types'

/** English messages of the lot room's bid bar, sheet, review and toasts (decision 0022). */
export const biddingEn = {
  'bid.barLabel': 'Bid on this lot',
  'bid.notBidding': 'Not bidding',
  'bid.maxOpen': 'Maximum…',
  'bid.raiseMaxOpen': 'Raise maximum',
  'bid.sheetTitle': 'Amount and maximum',
  'bid.close': 'Close',
  'bid.funds': 'Available {available} · this bid holds {holds}',
  'bid.fundsShort': 'Not enough available in your wallet for this bid.',
  'bid.topUp': 'Top up',
  'bid.reviewTitle': 'Review this bid',
  'bid.reviewMax': 'Your maximum',
  'bid.reviewHolds': 'Held from your wallet',
  'bid.youPay': '{bid} bid · you pay {total}',
  'bid.youPayShipping': '{bid} bid · you pay {total} + {shipping} shipping',
  'bid.reviewAfter': 'Available after',
  'bid.reviewSoftClose':
    'Soft close: a bid in the last {seconds} s moves the end to {seconds} s after it, so the lot may run longer.',
  'bid.confirm': 'Confirm bid {amount}',
  'bid.back': 'Back',
  'bid.reserveJump': 'Your maximum met the reserve: the price rose to {amount}.',
  'bid.outbidLive': 'You were outbid. The price is now {amount}.',
  'toast.openLot': 'Open lot',
} satisfies Record<string, Message>
