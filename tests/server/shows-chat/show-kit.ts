import type { Queryable } from '../../../server/db/types.ts'

/**
 * A show inserted directly (the shows' own API is another part of issue 34): `state` as asked,
 * starting `startsInMinutes` from now (negative: in the past).
 */
export async function insertShow(
  db: Queryable,
  sellerId: string,
  options: {
    state?: 'scheduled' | 'live' | 'paused' | 'ended'
    startsInMinutes?: number
    title?: string
  } = {},
): Promise<string> {
  const state = options.state ?? 'live'
  const { rows } = await db.query<{ id: string }>(
    `insert into shows (seller_id, title, starts_at, state, started_at, ended_at)
     values ($1, $2, now() + make_interval(mins => $3), $4,
             case when $4 <> 'scheduled' then now() end,
             case when $4 = 'ended' then now() end)
     returning id`,
    [sellerId, options.title ?? 'Sunday cameras', options.startsInMinutes ?? 0, state],
  )
  return rows[0]!.id
}
