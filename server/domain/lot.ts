/**
 * A lot as the commands decide on it: camelCase, read under its row lock (`lockLot`) and mapped
 * from the SQL row by the repository (server/repositories/lots/mappers.ts), so no decider depends
 * on a column name. `lotSummary` and `lotDetail` build the API's shapes from it.
 */
import {
  ENDED_STATUSES,
  minNextBid,
  type LotCategory,
  type LotDetail,
  type LotStatus,
  type LotSummary,
  type MyLot,
} from '../../common/auction.ts'
import type { LotDelivery } from '../../common/orders/delivery.ts'

/** One of a lot's pictures (a file under DATA_DIR/uploads). */
export interface LotPicture {
  id: string
  path: string
  width: number | null
  height: number | null
  /** The widths of its WebP copies (decision 0031). */
  widths: number[]
}

export interface LockedLot {
  id: string
  sellerId: string
  title: string
  category: LotCategory
  description: string
  /** The seller's pickup or shipping note for the buyer ('' when none). */
  nextSteps: string
  /** How it reaches the buyer (issue 29). */
  delivery: LotDelivery
  startingPrice: number
  reservePrice: number | null
  startsAt: Date
  endsAt: Date
  softCloseSeconds: number
  status: LotStatus
  currentPrice: number | null
  leaderId: string | null
  leaderMax: number | null
  bidCount: number
  version: number
  /** In order, the cover first (decision 0024). */
  pictures: LotPicture[]
  closedAt: Date | null
  settledAt: Date | null
  /** Issue 32: when it was cancelled, and the admin's reason (null for the seller's own). */
  cancelledAt: Date | null
  cancelReason: string | null
  /** The live show it runs in (docs/product.md "Live shows"), or null for an ordinary lot. */
  showId: string | null
}

/** A lot with its seller's display name and its leader's public alias (decision 0025). */
export interface NamedLot extends LockedLot {
  sellerName: string
  leaderAlias: string | null
}

/** A picture's address, relative to the app's base (uploads are served under `uploads/`). */
const pictureUrl = (path: string) => `uploads/${path}`

export function lotSummary(lot: NamedLot, now = new Date()): LotSummary {
  const over = ENDED_STATUSES.includes(lot.status)
  return {
    id: lot.id,
    title: lot.title,
    category: lot.category,
    status: lot.status,
    startingPrice: lot.startingPrice,
    currentPrice: lot.currentPrice,
    minNextBid: over
      ? null
      : minNextBid({ startingPrice: lot.startingPrice, currentPrice: lot.currentPrice }),
    bidCount: lot.bidCount,
    leader: lot.leaderAlias,
    seller: lot.sellerName,
    hasReserve: lot.reservePrice !== null,
    reserveMet: lot.reservePrice === null ? null : (lot.currentPrice ?? 0) >= lot.reservePrice,
    startsAt: lot.startsAt.toISOString(),
    endsAt: lot.endsAt.toISOString(),
    softCloseSeconds: lot.softCloseSeconds,
    delivery: lot.delivery,
    imageUrl: lot.pictures[0] ? pictureUrl(lot.pictures[0].path) : null,
    pictures: lot.pictures.map((p) => ({
      id: p.id,
      url: pictureUrl(p.path),
      width: p.width,
      height: p.height,
      widths: p.widths,
    })),
    cancelledAt: lot.cancelledAt?.toISOString() ?? null,
    cancelReason: lot.cancelReason,
    showId: lot.showId,
    version: lot.version,
    serverTime: now.toISOString(),
  }
}

export function lotDetail(lot: NamedLot, my: MyLot | null, now = new Date()): LotDetail {
  return { ...lotSummary(lot, now), sellerId: lot.sellerId, description: lot.description, my }
}
