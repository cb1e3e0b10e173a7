import type { Queryable } from '../db/types.ts'

export async function watch(db: Queryable, userId: string, lotId: string) {
  await db.query('insert into watchlist (user_id, lot_id) values ($1, $2) on conflict do nothing', [
    userId,
    lotId,
  ])
}

export async function unwatch(db: Queryable, userId: string, lotId: string) {
  await db.query('delete from watchlist where user_id = $1 and lot_id = $2', [userId, lotId])
}

export async function isWatching(db: Queryable, userId: string, lotId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'select 1 from watchlist where user_id = $1 and lot_id = $2',
    [userId, lotId],
  )
  return rowCount > 0
}
