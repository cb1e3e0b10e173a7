/**
 * What a batch of bids is decided from and what it writes, in the domain's terms: the bid
 * repository (server/repositories/bids/) reads the context and writes the result; the decider
 * (server/commands/bids/decide-bids.ts) needs only these shapes.
 */
import type { BidderFunds } from '../../common/auction.ts'

/** What deciding a batch of bids reads besides the locked rows: clock, funds, watchers, bid ids. */
export interface BidContext {
  /** Clock read after the locks were taken. */
  now: Date
  /** The seller's display name (decision 0025). */
  sellerName: string
  /** Which of the users watch this lot. */
  watching: Set<string>
  funds: Map<string, BidderFunds>
  /** Each user's sale proceeds still pending (decision 0051): shown in the wallet they get back. */
  pending: Map<string, number>
  /** Pre-allocated bid ids, ascending: bid-id order is the serial order of the bids. */
  bidIds: number[]
  /**
   * Which of the users the seller blocked (issue 32). Read after the lot lock, which a block
   * takes on every running lot of the seller, so a bid racing a block is decided after it.
   */
  blocked: Set<string>
}

export interface NewBidRow {
  id: number
  bidderId: string
  amount: number
  maxAmount: number
  auto: boolean
  /** False for a leader's private raise of their maximum. */
  visible: boolean
}

/** What a batch of bids changes on the lot. */
export interface LotAfterBids {
  currentPrice: number | null
  leaderId: string | null
  leaderMax: number | null
  bidCount: number
  endsAt: Date
  version: number
}

export interface BidsWrite {
  lotId: string
  at: Date
  rows: NewBidRow[]
  lot: LotAfterBids
  /** What the leader holds: what they would pay at their maximum (decision 0051); null without one. */
  leaderHold: number | null
  /** Wallet version increments per user (one per hold change). */
  walletBumps: Map<string, number>
  outbid: Array<{ userId: string; data: Record<string, unknown> }>
  /** Answers of the accepted bids, stored under their claimed keys. */
  responses: Array<{ userId: string; key: string; response: unknown }>
  /** Keys this batch claimed whose bids were all refused: released (only successes are stored). */
  released: Array<{ userId: string; key: string }>
}
