import type { AuctionState, BidRow } from '../../../common/auction.ts'
import type { BidContext, NewBidRow } from '../../repositories/bids.ts'
import type { LotRow, LotView } from '../../repositories/lots.ts'

/** The lot as it stands after a decided bid, in the shape the lot views are built from. */
export function lotAfterBid(
  lot: LotRow,
  after: { state: AuctionState; endsAt: Date; version: number },
  ctx: Pick<BidContext, 'sellerName'>,
  aliases: Map<string, string>,
): LotView {
  const { state } = after
  return {
    ...lot,
    current_price: state.currentPrice,
    leader_id: state.leaderId,
    leader_max: state.leaderMax,
    bid_count: state.bidCount,
    ends_at: after.endsAt,
    version: after.version,
    seller_name: ctx.sellerName,
    leader_alias: state.leaderId ? (aliases.get(state.leaderId) ?? null) : null,
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
