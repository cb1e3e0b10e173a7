/** Lot rows → the domain's lot (server/domain/lot.ts) and the API's shapes built from it. */
import type { LotDetail, LotSummary, MyLot, MyLotStatus } from '../../../common/auction.ts'
import { lotDetail, lotSummary, type LockedLot, type NamedLot } from '../../domain/lot.ts'
import type { LotRow, LotView } from './rows.ts'

/** The row as the commands decide on it (camelCase; the pictures as the row carries them). */
export function toLockedLot(row: LotRow): LockedLot {
  return {
    id: row.id,
    sellerId: row.seller_id,
    title: row.title,
    category: row.category,
    description: row.description,
    nextSteps: row.next_steps,
    delivery: {
      shipping: row.shipping_cost === null ? null : { cost: Number(row.shipping_cost) },
      pickup: row.pickup_town === null ? null : { town: row.pickup_town },
    },
    startingPrice: row.starting_price,
    reservePrice: row.reserve_price,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    softCloseSeconds: row.soft_close_seconds,
    status: row.status,
    currentPrice: row.current_price,
    leaderId: row.leader_id,
    leaderMax: row.leader_max,
    bidCount: row.bid_count,
    version: row.version,
    pictures: row.pictures,
    closedAt: row.closed_at,
    settledAt: row.settled_at,
    // Rows read before migration 024 ran (none in practice) carry neither column.
    cancelledAt: row.cancelled_at ?? null,
    cancelReason: row.cancel_reason ?? null,
    showId: row.show_id ?? null,
  }
}

export function toNamedLot(row: LotView): NamedLot {
  return { ...toLockedLot(row), sellerName: row.seller_name, leaderAlias: row.leader_alias }
}

export function toSummary(row: LotView, now = new Date()): LotSummary {
  return lotSummary(toNamedLot(row), now)
}

export function toDetail(row: LotView, my: MyLot | null, now = new Date()): LotDetail {
  return lotDetail(toNamedLot(row), my, now)
}

/** The viewer's standing on a lot, from the lot and whether/how much they bid. */
export function myStatus(row: LotRow, userId: string, myMax: number | null): MyLotStatus {
  const leads = row.leader_id === userId
  const sold = row.reserve_price === null || (row.current_price ?? 0) >= (row.reserve_price ?? 0)
  switch (row.status) {
    // A show's queued lot takes absentee bids (docs/product.md "Live shows").
    case 'scheduled':
    case 'open':
      return leads ? 'leading' : myMax !== null ? 'outbid' : null
    case 'settled':
    case 'unsold':
      if (myMax === null && !leads) return null
      return leads && sold && row.status !== 'unsold' ? 'won' : 'lost'
    default:
      return null
  }
}
