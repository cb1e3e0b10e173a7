import { SHOW_REMINDER_MS } from '../../../common/shows.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { insertForFollowers } from '../../repositories/notifications.ts'

/** Shows told per pass; the rest wait for the next (the scheduler ticks every second). */
const BATCH = 50

interface Claimed {
  id: string
  seller_id: string
  title: string
  seller_name: string
}

/**
 * What each notice claims: the shows it is due for (candidates), and the one guarded update that
 * takes a show's notice — `… is null returning`, so of two nodes at once exactly one gets the row.
 */
const NOTICES = {
  show_live: {
    // Every live show not yet announced, whatever the clock says.
    due: `select id from shows where state in ('live', 'paused') and announced_at is null
           order by started_at nulls first, id limit $1`,
    dueParams: (_now: Date) => [BATCH],
    claim: `update shows s set announced_at = $2 from users u
              where s.id = $1 and u.id = s.seller_id
                and s.state in ('live', 'paused') and s.announced_at is null
            returning s.id, s.seller_id, s.title, u.name as seller_name`,
  },
  show_soon: {
    due: `select id from shows where state = 'scheduled' and reminded_at is null
             and starts_at <= $1::timestamptz + make_interval(secs => ${SHOW_REMINDER_MS / 1000})
           order by starts_at, id limit $2`,
    dueParams: (now: Date) => [now, BATCH],
    claim: `update shows s set reminded_at = $2 from users u
              where s.id = $1 and u.id = s.seller_id
                and s.state = 'scheduled' and s.reminded_at is null
                and s.starts_at <= $2::timestamptz + make_interval(secs => ${SHOW_REMINDER_MS / 1000})
            returning s.id, s.seller_id, s.title, u.name as seller_name`,
  },
} as const

export type ShowNotice = keyof typeof NOTICES

/** Claims one show's notice and tells its seller's followers, in one transaction; false if taken. */
async function tellFollowers(
  db: Database,
  kind: ShowNotice,
  showId: string,
  now: Date,
  publishTo?: Audience,
): Promise<boolean> {
  const { body } = await runCommand(db, { publishTo }, async (tx: Queryable, events) => {
    const { rows } = await tx.query<Claimed>(NOTICES[kind].claim, [showId, now])
    const show = rows[0]
    if (!show) return false
    const data = { showId: show.id, title: show.title, sellerName: show.seller_name }
    for (const told of await insertForFollowers(tx, show.seller_id, kind, data)) {
      events.notify(told.userId, told.notification)
    }
    return true
  })
  return body
}

/**
 * Tells followers about their sellers' shows (docs/product.md "Chat and following"): `show_soon`
 * once a scheduled show is SHOW_REMINDER_MS away, `show_live` once it is live (or already paused).
 * Each show is told once per kind, whatever the number of nodes running this pass: its
 * `reminded_at` / `announced_at` is claimed in the transaction that writes the notifications (and
 * their pushes), so a failure tells nobody and is retried on the next pass. A show that went live
 * before its reminder was sent is only announced: the reminder is for scheduled shows.
 */
export async function announceShows(
  db: Database,
  now: Date,
  publishTo?: Audience,
): Promise<{ live: string[]; soon: string[] }> {
  const told = { live: [] as string[], soon: [] as string[] }
  for (const [kind, list] of [
    ['show_live', told.live],
    ['show_soon', told.soon],
  ] as const) {
    const { rows } = await db.query<{ id: string }>(NOTICES[kind].due, NOTICES[kind].dueParams(now))
    for (const { id } of rows) {
      if (await tellFollowers(db, kind, id, now, publishTo)) list.push(id)
    }
  }
  return told
}
