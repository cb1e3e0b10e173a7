/** Lot rows → the API's shapes: the public summary, the detail, and the viewer's standing. */
import {
  ENDED_STATUSES,
  minNextBid,
  type LotDetail,
  type LotSummary,
  type MyLot,
  type MyLotStatus,
} from '../../../common/auction.ts'
import type { LotRow, LotView } from './rows.ts'

/** A picture's address, relative to the app's base (uploads are served under `uploads/`). */
const pictureUrl = (path: string) => `uploads/${path}`

export function toSummary(row: LotView, now = new Date()): LotSummary {
  const over = ENDED_STATUSES.includes(row.status)
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    startingPrice: row.starting_price,
    currentPrice: row.current_price,
    minNextBid: over
      ? null
      : minNextBid({ startingPrice: row.starting_price, currentPrice: row.current_price }),
    bidCount: row.bid_count,
    leader: row.leader_alias,
    seller: row.seller_name,
    hasReserve: row.reserve_price !== null,
    reserveMet: row.reserve_price === null ? null : (row.current_price ?? 0) >= row.reserve_price,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    softCloseSeconds: row.soft_close_seconds,
    imageUrl: row.pictures[0] ? pictureUrl(row.pictures[0].path) : null,
    pictures: row.pictures.map((p) => ({
      id: p.id,
      url: pictureUrl(p.path),
      width: p.width,
      height: p.height,
      widths: p.widths,
    })),
    version: row.version,
    serverTime: now.toISOString(),
  }
}

export function toDetail(row: LotView, my: MyLot | null, now = new Date()): LotDetail {
  return { ...toSummary(row, now), description: row.description, my }
}

/** The viewer's standing on a lot, from the lot and whether/how much they bid. */
export function myStatus(row: LotRow, userId: string, myMax: number | null): MyLotStatus {
  const leads = row.leader_id === userId
  const sold = row.reserve_price === null || (row.current_price ?? 0) >= (row.reserve_price ?? 0)
  switch (row.status) {
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
