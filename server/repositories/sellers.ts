/** What a seller's public profile reads (issue 29): the member, their numbers, ratings and lots. */
import type { LotSummary } from '../../common/auction.ts'
import type { ProfileRating, RatingScore } from '../../common/orders/ratings.ts'
import type { Queryable } from '../db/types.ts'
import { NOT_QUEUED_IN_A_SHOW } from './lots/list.ts'
import { toSummary } from './lots/mappers.ts'
import { VIEW, type LotView } from './lots/rows.ts'

/** A member who may be shown: not deleted. */
export async function publicMember(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string; createdAt: Date } | undefined> {
  const { rows } = await db.query<{ id: string; name: string; created_at: Date }>(
    'select id, name, created_at from users where id = $1 and deleted_at is null',
    [id],
  )
  const row = rows[0]
  return row ? { id: row.id, name: row.name, createdAt: row.created_at } : undefined
}

/** The seller's numbers: completed sales, and the ratings they received as seller since `since`. */
export async function sellerNumbers(
  db: Queryable,
  sellerId: string,
  since: Date,
): Promise<{ completedSales: number; ratingCount: number; positiveCount: number }> {
  const { rows } = await db.query<{ sales: string; ratings: string; positive: string }>(
    `select (select count(*) from orders where seller_id = $1 and state = 'completed') as sales,
            count(*) as ratings,
            count(*) filter (where score = 'positive') as positive
       from ratings
      where subject_id = $1 and role = 'seller' and removed_at is null and created_at >= $2`,
    [sellerId, since],
  )
  const row = rows[0]!
  return {
    completedSales: Number(row.sales),
    ratingCount: Number(row.ratings),
    positiveCount: Number(row.positive),
  }
}

/** The latest ratings a seller received as seller, removed ones left out. */
export async function recentSellerRatings(
  db: Queryable,
  sellerId: string,
  limit: number,
): Promise<ProfileRating[]> {
  const { rows } = await db.query<{
    id: string
    score: RatingScore
    comment: string
    created_at: Date
    rater_name: string
  }>(
    `select r.id, r.score, r.comment, r.created_at, a.name as rater_name
       from ratings r join users a on a.id = r.author_id
      where r.subject_id = $1 and r.role = 'seller' and r.removed_at is null
      order by r.created_at desc, r.id limit $2`,
    [sellerId, limit],
  )
  return rows.map((r) => ({
    id: r.id,
    score: r.score,
    comment: r.comment,
    createdAt: r.created_at.toISOString(),
    raterName: r.rater_name,
  }))
}

/** Their lots open or about to open, soonest to end first; not a show's queue (its show lists it). */
export async function openLotsOfSeller(
  db: Queryable,
  sellerId: string,
  limit: number,
  now: Date,
): Promise<LotSummary[]> {
  const { rows } = await db.query<LotView>(
    `${VIEW} where l.seller_id = $1 and l.status in ('open', 'scheduled')
        and ${NOT_QUEUED_IN_A_SHOW}
      order by l.ends_at, l.id limit $2`,
    [sellerId, limit],
  )
  return rows.map((row) => toSummary(row, now))
}
