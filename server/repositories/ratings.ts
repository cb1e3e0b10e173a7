/** Ratings after an order and what a seller's profile counts of them (issue 29). */
import type { RatedRole, Rating, RatingScore } from '../../common/orders/ratings.ts'
import type { Queryable } from '../db/types.ts'

/** A rating as the commands decide on it. */
export interface RatingRecord {
  id: string
  orderId: string
  authorId: string
  authorName: string
  subjectId: string
  role: RatedRole
  score: RatingScore
  comment: string
  createdAt: Date
  updatedAt: Date
  removedAt: Date | null
}

interface RatingRow {
  id: string
  order_id: string
  author_id: string
  author_name: string
  subject_id: string
  role: RatedRole
  score: RatingScore
  comment: string
  created_at: Date
  updated_at: Date
  removed_at: Date | null
}

const SELECT = `select r.id, r.order_id, r.author_id, a.name as author_name, r.subject_id, r.role,
         r.score, r.comment, r.created_at, r.updated_at, r.removed_at
    from ratings r join users a on a.id = r.author_id`

const toRecord = (r: RatingRow): RatingRecord => ({
  id: r.id,
  orderId: r.order_id,
  authorId: r.author_id,
  authorName: r.author_name,
  subjectId: r.subject_id,
  role: r.role,
  score: r.score,
  comment: r.comment,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  removedAt: r.removed_at,
})

/** The order screen's view of a rating. */
export const toRating = (r: RatingRecord): Rating => ({
  id: r.id,
  score: r.score,
  comment: r.comment,
  author: { id: r.authorId, name: r.authorName },
  subjectRole: r.role,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  removed: r.removedAt !== null,
})

/** Both ratings of an order (none, one or two), removed ones included. */
export async function ratingsOfOrder(db: Queryable, orderId: string): Promise<RatingRecord[]> {
  const { rows } = await db.query<RatingRow>(
    `${SELECT} where r.order_id = $1 order by r.created_at`,
    [orderId],
  )
  return rows.map(toRecord)
}

export async function findRating(db: Queryable, id: string): Promise<RatingRecord | undefined> {
  const { rows } = await db.query<RatingRow>(`${SELECT} where r.id = $1`, [id])
  return rows[0] ? toRecord(rows[0]) : undefined
}

/** The rating under a row lock, for its removal. */
export async function lockRating(db: Queryable, id: string): Promise<RatingRecord | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'select id from ratings where id = $1 for update',
    [id],
  )
  return rows[0] ? findRating(db, id) : undefined
}

export async function insertRating(
  db: Queryable,
  rating: Pick<RatingRecord, 'orderId' | 'authorId' | 'subjectId' | 'role' | 'score' | 'comment'>,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into ratings (order_id, author_id, subject_id, role, score, comment, created_at,
                          updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [
      rating.orderId,
      rating.authorId,
      rating.subjectId,
      rating.role,
      rating.score,
      rating.comment,
      now,
    ],
  )
}

export async function updateRating(
  db: Queryable,
  id: string,
  change: { score: RatingScore; comment: string },
  now: Date,
): Promise<void> {
  await db.query('update ratings set score = $2, comment = $3, updated_at = $4 where id = $1', [
    id,
    change.score,
    change.comment,
    now,
  ])
}

export async function markRatingRemoved(
  db: Queryable,
  removal: { id: string; adminId: string; reason: string },
  now: Date,
): Promise<void> {
  await db.query(
    `update ratings set removed_at = $2, removed_by = $3, removed_reason = $4 where id = $1`,
    [removal.id, now, removal.adminId, removal.reason],
  )
}
