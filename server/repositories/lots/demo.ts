/** Queries only local mode's demo data uses (server/jobs/demo-lots.ts, decision 0026). */
import type { Queryable } from '../../db/types.ts'

/** Open lots that have not reached their end at `now`. */
export async function countRunningLots(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from lots where status = 'open' and ends_at > $1`,
    [now],
  )
  return rows[0]!.n
}

/**
 * Moves a demo lot's end to `endsAt` (its start to an hour before), so the seed can bid on a lot
 * and then close it through the real close command as if its time had run out. Its bids, placed
 * a moment ago, move with it: spread in their order over the lot's hour, every one before its end
 * (issue 32: a sold lot's history never shows a bid after the lot ended).
 */
export async function moveDemoLotEnd(db: Queryable, lotId: string, endsAt: Date): Promise<void> {
  await db.query(
    `update lots set starts_at = $2::timestamptz - interval '1 hour', ends_at = $2 where id = $1`,
    [lotId, endsAt],
  )
  await db.query(
    `update bids b set created_at = $2::timestamptz - interval '1 hour'
                                  + interval '1 hour' * o.rank / (o.total + 1)
       from (select id, row_number() over (order by id) as rank, count(*) over () as total
               from bids where lot_id = $1) o
      where b.id = o.id`,
    [lotId, endsAt],
  )
}
