import type { AuctionState, BidRow } from '../../../common/auction.ts'
import type { BidContext, NewBidRow } from '../../domain/bids.ts'
import type { LockedLot, NamedLot } from '../../domain/lot.ts'

/** The lot as it stands after a decided bid, in the shape the lot views are built from. */
export function lotAfterBid(
  lot: LockedLot,
  after: { state: AuctionState; endsAt: Date; version: number },
  ctx: Pick<BidContext, 'sellerName'>,
  aliases: Map<string, string>,
): NamedLot {
  const { state } = after
  return {
    ...lot,
    currentPrice: state.currentPrice,
    leaderId: state.leaderId,
    leaderMax: state.leaderMax,
    bidCount: state.bidCount,
    endsAt: after.endsAt,
    version: after.version,
    sellerName: ctx.sellerName,
    leaderAlias: state.leaderId ? (aliases.get(state.leaderId) ?? null) : null,
  }
}

/** The public history rows of a bid: a leader's private raise of their maximum is left out. */
export function publicBids(
  rows: NewBidRow[],
  lotId: string,
  aliases: Map<string, string>,
  at: Date,
): BidRow[] {
  return rows
    .filter((r) => r.visible)
    .map((r) => ({
      id: r.id,
      lotId,
      bidder: aliases.get(r.bidderId) ?? '',
      amount: r.amount,
      auto: r.auto,
      createdAt: at.toISOString(),
    }))
}
