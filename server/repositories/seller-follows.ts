import type { Queryable } from '../db/types.ts'

/** Follows; following again changes nothing. */
export async function insertFollow(db: Queryable, followerId: string, sellerId: string) {
  await db.query(
    `insert into seller_follows (follower_id, seller_id) values ($1, $2)
     on conflict (follower_id, seller_id) do nothing`,
    [followerId, sellerId],
  )
}

export async function deleteFollow(db: Queryable, followerId: string, sellerId: string) {
  await db.query('delete from seller_follows where follower_id = $1 and seller_id = $2', [
    followerId,
    sellerId,
  ])
}

/** The seller's followers who still have an account (closed and suspended ones are not told). */
export async function followersOf(db: Queryable, sellerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from seller_follows f
       join users u on u.id = f.follower_id and u.deleted_at is null and u.suspended_at is null
      where f.seller_id = $1`,
    [sellerId],
  )
  return rows[0]?.n ?? 0
}

export async function isFollowing(
  db: Queryable,
  followerId: string,
  sellerId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from seller_follows where follower_id = $1 and seller_id = $2',
    [followerId, sellerId],
  )
  return rows.length > 0
}
