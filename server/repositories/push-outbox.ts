/**
 * The durable push outbox (decision 0032): one row per (notification, device), written by the
 * statement that writes the notification, so a push exists exactly when its notification committed.
 * The worker (server/jobs/push-worker.ts) claims, sends and finishes them.
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '../../common/auction.ts'
import { DEFAULT_PUSH_PREFERENCES, preferenceOf } from '../../common/push.ts'
import type { SqlPiece } from '../db/named-sql.ts'
import type { Queryable } from '../db/types.ts'

/** Which switch governs each kind, and the defaults: the rule lives in common/push.ts only. */
export const PUSH_OUTBOX_PARAMS = {
  pushPrefOf: JSON.stringify(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, preferenceOf(k)])),
  ),
  pushDefaults: JSON.stringify(DEFAULT_PUSH_PREFERENCES),
}

/**
 * A piece inserting one delivery per device of each member notified in CTE `source` (which returns
 * `id, user_id, kind`) whose switch for that kind is on. A data-modifying CTE runs whether or not
 * the final select reads it, so it rides along in the notification's own statement.
 */
export function pushOutboxPiece(name: string, source: string): SqlPiece {
  return {
    name,
    sql: `insert into push_outbox (notification_id, subscription_id)
          select n.id, s.id
            from ${source} n
            join push_subscriptions s on s.user_id = n.user_id
            left join push_preferences p on p.user_id = n.user_id
           where coalesce((p.choices ->> (:pushPrefOf::jsonb ->> n.kind))::boolean,
                          (:pushDefaults::jsonb ->> (:pushPrefOf::jsonb ->> n.kind))::boolean,
                          false)
          returning 1`,
    params: PUSH_OUTBOX_PARAMS,
  }
}

/** One claimed delivery with what composing it needs. */
export interface ClaimedPush {
  id: number
  attempts: number
  kind: NotificationKind
  lotId: string | null
  data: Record<string, unknown>
  notifiedAt: Date
  subscriptionId: string
  endpoint: string
  p256dh: string
  auth: string
  lang: 'en' | 'es'
  lot: {
    title: string
    startingPrice: number
    currentPrice: number | null
    endsAt: Date
    /** The first picture's file (relative to uploads/) and its WebP widths. */
    picture: { path: string; widths: number[] } | null
  } | null
}

interface ClaimRow {
  id: number
  attempts: number
  kind: NotificationKind
  lot_id: string | null
  data: Record<string, unknown>
  created_at: Date | string
  subscription_id: string
  endpoint: string
  p256dh: string
  auth: string
  lang: 'en' | 'es'
  title: string | null
  starting_price: number | string | null
  current_price: number | string | null
  ends_at: Date | string | null
  picture_path: string | null
  picture_widths: number[] | null
}

/**
 * Claims up to `limit` due deliveries: locked with skip locked (another node takes other rows) and
 * leased for `leaseSeconds` by moving `due_at` on, so a node that dies mid-send leaves them to be
 * retried once the lease ends. One statement, one round trip.
 */
export async function claimDuePushes(
  db: Queryable,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedPush[]> {
  const { rows } = await db.query<ClaimRow>(
    `with due as (
       select id from push_outbox where due_at <= now()
        order by due_at, id limit $1 for update skip locked
     ), claimed as (
       update push_outbox o set attempts = o.attempts + 1,
                                due_at = now() + make_interval(secs => $2)
         from due where o.id = due.id
       returning o.id, o.notification_id, o.subscription_id, o.attempts
     )
     select c.id, c.attempts, n.kind, n.lot_id, n.data, n.created_at,
            s.id as subscription_id, s.endpoint, s.p256dh, s.auth, s.lang,
            l.title, l.starting_price, l.current_price, l.ends_at,
            pic.path as picture_path, pic.widths as picture_widths
       from claimed c
       join notifications n on n.id = c.notification_id
       join push_subscriptions s on s.id = c.subscription_id
       left join lots l on l.id = n.lot_id
       left join lateral (select path, widths from lot_pictures
                           where lot_id = n.lot_id order by position, created_at limit 1) pic on true
      order by c.id`,
    [limit, leaseSeconds],
  )
  return rows.map((r) => ({
    id: Number(r.id),
    attempts: r.attempts,
    kind: r.kind,
    lotId: r.lot_id,
    data: r.data,
    notifiedAt: new Date(r.created_at),
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    lang: r.lang,
    lot:
      r.title === null
        ? null
        : {
            title: r.title,
            startingPrice: Number(r.starting_price),
            currentPrice: r.current_price === null ? null : Number(r.current_price),
            endsAt: new Date(r.ends_at!),
            picture: r.picture_path
              ? { path: r.picture_path, widths: r.picture_widths ?? [] }
              : null,
          },
  }))
}

/** Delivered, refused for good, or expired: the rows go. */
export async function deletePushes(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length) await db.query('delete from push_outbox where id = any($1::bigint[])', [ids])
}

/** Tried again after each row's delay (ms). */
export async function retryPushesLater(
  db: Queryable,
  retries: Array<{ id: number; delayMs: number }>,
): Promise<void> {
  if (!retries.length) return
  await db.query(
    `update push_outbox o set due_at = now() + r.delay_ms * interval '1 millisecond'
       from unnest($1::bigint[], $2::bigint[]) as r(id, delay_ms)
      where o.id = r.id`,
    [retries.map((r) => r.id), retries.map((r) => Math.round(r.delayMs))],
  )
}

/** The next time a delivery falls due (a lease or a retry ending), or null. */
export async function nextPushDueAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | string | null }>(
    'select min(due_at) as at from push_outbox',
  )
  return rows[0]?.at ? new Date(rows[0].at) : null
}
