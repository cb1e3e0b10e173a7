import type { AppNotification, NotificationKind } from '../../common/auction.ts'
import { toPositional, type SqlPiece } from '../db/named-sql.ts'
import type { Queryable } from '../db/types.ts'
import { pageOf, type Page } from './page.ts'
import { pushOutboxPiece } from './push-outbox.ts'
import { IN_APP_PARAMS, readAtWhenInAppOff } from './alert-preferences.ts'

/** `with n as (<insert into notifications … returning *>), <push deliveries of n> select * from n`. */
function withPushes(insert: string, params: Record<string, unknown>) {
  const push = pushOutboxPiece('p', 'n')
  return toPositional(`with n as (${insert}), p as (${push.sql}) select * from n order by id`, {
    ...params,
    ...push.params,
    ...IN_APP_PARAMS,
  })
}

interface NotificationRow {
  id: number
  user_id: string
  kind: NotificationKind
  lot_id: string | null
  data: Record<string, unknown>
  read_at: Date | string | null
  created_at: Date | string
}

const iso = (value: Date | string) => new Date(value).toISOString()

function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    kind: row.kind,
    lotId: row.lot_id,
    data: row.data,
    readAt: row.read_at === null ? null : iso(row.read_at),
    createdAt: iso(row.created_at),
  }
}

export async function insertNotification(
  db: Queryable,
  n: {
    userId: string
    kind: NotificationKind
    lotId: string | null
    data: Record<string, unknown>
  },
): Promise<{ userId: string; notification: AppNotification }> {
  // The push deliveries are written by the same statement (decision 0032).
  const { text, values } = withPushes(
    `insert into notifications (user_id, kind, lot_id, data, read_at)
     values (:userId, :kind, :lotId, :data::jsonb,
             ${readAtWhenInAppOff(':userId::uuid', ':kind::text')}) returning *`,
    { userId: n.userId, kind: n.kind, lotId: n.lotId, data: JSON.stringify(n.data) },
  )
  const { rows } = await db.query<NotificationRow>(text, values)
  return { userId: n.userId, notification: toNotification(rows[0]!) }
}

/**
 * "You were outbid" for each user, in the given order (their ids ascend in it), as a piece of the
 * bid write; it returns `id, created_at` per notification for the events sent after commit (and
 * `user_id, kind` for `pushOutboxPiece`, which the bid write adds beside it: decision 0032).
 */
export function insertOutbidPiece(
  name: string,
  lotId: string,
  outbid: Array<{ userId: string; data: Record<string, unknown> }>,
): SqlPiece {
  return {
    name,
    sql: `insert into notifications (user_id, kind, lot_id, data, read_at)
          select (e.value ->> 'userId')::uuid, 'outbid', :lotId, e.value -> 'data',
                 ${readAtWhenInAppOff("(e.value ->> 'userId')::uuid", "'outbid'::text")}
            from jsonb_array_elements(:outbid::jsonb) with ordinality as e(value, ord)
           order by e.ord
          returning id, created_at, user_id, kind`,
    params: { lotId, outbid: JSON.stringify(outbid), ...IN_APP_PARAMS },
  }
}

/** "Ending soon" for each watcher who has not had it for this lot (once per lot per user). */
export async function insertEndingSoon(
  db: Queryable,
  lotId: string,
  data: Record<string, unknown>,
): Promise<Array<{ userId: string; notification: AppNotification }>> {
  const { text, values } = withPushes(
    `insert into notifications (user_id, kind, lot_id, data, read_at)
     select w.user_id, 'ending_soon', w.lot_id, :data::jsonb,
            ${readAtWhenInAppOff('w.user_id', "'ending_soon'::text")}
       from watchlist w where w.lot_id = :lotId
     on conflict (user_id, lot_id) where kind = 'ending_soon' do nothing
     returning *`,
    { lotId, data: JSON.stringify(data) },
  )
  const { rows } = await db.query<NotificationRow>(text, values)
  return rows.map((r) => ({ userId: r.user_id, notification: toNotification(r) }))
}

/**
 * One notification of `kind` to every follower of a seller who still has an account (a followed
 * seller's show: issue 34), with their pushes in the same statement.
 */
export async function insertForFollowers(
  db: Queryable,
  sellerId: string,
  kind: NotificationKind,
  data: Record<string, unknown>,
): Promise<Array<{ userId: string; notification: AppNotification }>> {
  const { text, values } = withPushes(
    `insert into notifications (user_id, kind, lot_id, data, read_at)
     select f.follower_id, :kind::text, null, :data::jsonb,
            ${readAtWhenInAppOff('f.follower_id', ':kind::text')}
       from seller_follows f
       join users u on u.id = f.follower_id and u.deleted_at is null and u.suspended_at is null
      where f.seller_id = :sellerId
      order by f.follower_id
     returning *`,
    { sellerId, kind, data: JSON.stringify(data) },
  )
  const { rows } = await db.query<NotificationRow>(text, values)
  return rows.map((r) => ({ userId: r.user_id, notification: toNotification(r) }))
}

export const NOTIFICATION_PAGE = 30

export async function listNotifications(
  db: Queryable,
  userId: string,
  before: number | undefined,
  limit = NOTIFICATION_PAGE,
): Promise<Page<AppNotification> & { unread: number }> {
  const { rows } = await db.query<NotificationRow>(
    `select * from notifications where user_id = $1 and ($2::bigint is null or id < $2)
      order by id desc limit $3`,
    [userId, before ?? null, limit + 1],
  )
  return { ...pageOf(rows, limit, toNotification), unread: await unreadCount(db, userId) }
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    'select count(*)::int as unread from notifications where user_id = $1 and read_at is null',
    [userId],
  )
  return rows[0]?.unread ?? 0
}

/** Marks the given (or all) of the user's notifications read; returns how many changed. */
export async function markRead(
  db: Queryable,
  userId: string,
  ids: number[] | undefined,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `update notifications set read_at = now()
      where user_id = $1 and read_at is null and ($2::bigint[] is null or id = any($2::bigint[]))
      returning id`,
    [userId, ids ?? null],
  )
  return rows.length
}
