/** The scheduler's lot queries: starts that have come, ends due, "ending soon", the next event. */
import type { Queryable } from '../../db/types.ts'
import { SHOW_REMINDER_MS } from '../../../common/shows.ts'

/**
 * Opens every scheduled lot whose start has come (one more version each); returns their ids. A
 * show's lots are not among them: only the host or auto-advance opens one (commands/shows/).
 */
export async function openDueLots(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `update lots set status = 'open', version = version + 1, updated_at = $1
      where status = 'scheduled' and starts_at <= $1 and show_id is null returning id`,
    [now],
  )
  return rows.map((r) => r.id)
}

/**
 * Marks the open lots ending within `withinMs` of `now` that were not marked yet (once per lot,
 * so watchers are told once); returns them. A show's lot is not among them: it runs 10–120 s in a
 * room its watchers are told about (followers get show_live), so "ending soon" would only repeat
 * the room, late.
 */
export async function markEndingSoon(
  db: Queryable,
  now: Date,
  withinMs: number,
): Promise<Array<{ id: string; title: string; ends_at: Date }>> {
  const { rows } = await db.query<{ id: string; title: string; ends_at: Date }>(
    `update lots set ending_soon_at = $1
      where status = 'open' and ending_soon_at is null and show_id is null
        and ends_at > $1 and ends_at <= $2
     returning id, title, ends_at`,
    [now, new Date(now.getTime() + withinMs)],
  )
  return rows
}

/** Open lots whose end has passed, the longest overdue first. */
export async function lotsDueToClose(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from lots where status = 'open' and ends_at <= $1 order by ends_at limit $2`,
    [now, limit],
  )
  return rows.map((r) => r.id)
}

/**
 * When the scheduler next has work: a start (not a show lot's), an end, an "ending soon" notice,
 * or a live show's auto-advance.
 */
export async function nextLotEventAt(
  db: Queryable,
  endingSoonMs: number,
): Promise<Date | undefined> {
  const { rows } = await db.query<{ at: Date | null }>(
    `select least(
       (select min(starts_at) from lots where status = 'scheduled' and show_id is null),
       (select min(next_lot_at) from shows where state = 'live'),
       (select min(ends_at) from lots where status = 'open'),
       (select min(ends_at) - make_interval(secs => $1) from lots
         where status = 'open' and ending_soon_at is null and show_id is null),
       -- A show's followers are reminded before it starts (issue 34).
       (select min(starts_at) - make_interval(secs => ${SHOW_REMINDER_MS / 1000}) from shows
         where state = 'scheduled' and reminded_at is null)
     ) as at`,
    [endingSoonMs / 1000],
  )
  return rows[0]?.at ?? undefined
}
