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
 * and then close it through the real close command as if its time had run out.
 */
export async function moveDemoLotEnd(db: Queryable, lotId: string, endsAt: Date): Promise<void> {
  await db.query(
    `update lots set starts_at = $2::timestamptz - interval '1 hour', ends_at = $2 where id = $1`,
    [lotId, endsAt],
  )
}
