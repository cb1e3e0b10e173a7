/** Writing lots: a new lot, the lot after bids, its picture, and its end (cancelled or closed). */
import type { LotCategory } from '../../../common/auction.ts'
import type { LotDelivery } from '../../../common/orders/delivery.ts'
import type { SqlPiece } from '../../db/named-sql.ts'
import type { Queryable } from '../../db/types.ts'
import type { LotAfterBids } from '../../domain/bids.ts'

/** The lot as a batch of bids left it, as a piece of the bid write. */
export function updateLotAfterBidsPiece(
  name: string,
  lotId: string,
  at: Date,
  lot: LotAfterBids,
): SqlPiece {
  return {
    name,
    sql: `update lots set current_price = :price, leader_id = :leaderId, leader_max = :leaderMax,
                          bid_count = :bidCount, ends_at = :endsAt, version = :version, updated_at = :at
           where id = :lotId returning 1`,
    params: {
      lotId,
      at,
      price: lot.currentPrice,
      leaderId: lot.leaderId,
      leaderMax: lot.leaderMax,
      bidCount: lot.bidCount,
      endsAt: lot.endsAt,
      version: lot.version,
    },
  }
}

/** Cancelled by its seller or an admin: closed now, one more version. */
export async function markLotCancelled(
  db: Queryable,
  lotId: string,
  reason: string | null = null,
): Promise<void> {
  await db.query(
    `update lots set status = 'cancelled', closed_at = now(), cancelled_at = now(),
            cancel_reason = $2, version = version + 1, updated_at = now()
      where id = $1`,
    [lotId, reason],
  )
}

/**
 * The seller's early end (issue 32): the lot's end becomes the database's now, which the close
 * that follows in the same transaction uses as its time. Returns that time.
 */
export async function moveLotEndToNow(db: Queryable, lotId: string): Promise<Date> {
  const { rows } = await db.query<{ ends_at: Date }>(
    `update lots set ends_at = least(ends_at, now()), updated_at = now() where id = $1
     returning ends_at`,
    [lotId],
  )
  return new Date(rows[0]!.ends_at)
}

/** Closed by the scheduler at `at`: `settled` (sold and paid) or `unsold`. */
export async function markLotClosed(
  db: Queryable,
  lotId: string,
  status: 'settled' | 'unsold',
  at: Date,
): Promise<void> {
  await db.query(
    `update lots set status = $2, closed_at = $3,
            settled_at = case when $2 = 'settled' then $3::timestamptz end,
            version = version + 1, updated_at = $3
      where id = $1`,
    [lotId, status, at],
  )
}

export async function insertLot(
  db: Queryable,
  lot: {
    sellerId: string
    title: string
    category: LotCategory
    description: string
    nextSteps?: string
    delivery: LotDelivery
    startingPrice: number
    reservePrice: number | null
    startsAt: Date
    endsAt: Date
    softCloseSeconds: number
    status: 'open' | 'scheduled'
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, reserve_price, starts_at,
                       ends_at, soft_close_seconds, status, next_steps, category, shipping_cost,
                       pickup_town)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      lot.sellerId,
      lot.title,
      lot.description,
      lot.startingPrice,
      lot.reservePrice,
      lot.startsAt,
      lot.endsAt,
      lot.softCloseSeconds,
      lot.status,
      lot.nextSteps ?? '',
      lot.category,
      lot.delivery.shipping?.cost ?? null,
      lot.delivery.pickup?.town ?? null,
    ],
  )
  return rows[0]!.id
}
