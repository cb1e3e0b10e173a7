import type { Database, Queryable } from '../db/types.ts'
import { sendAlertMail, type AlertMailer } from '../mail/alerts/mailer.ts'
import { digestMail } from '../mail/templates/alerts.ts'

/** At most one digest per member this often (docs/product.md "What Lotline tells you"). */
export const DIGEST_EVERY_MS = 3_600_000
/** Messages older than this are not news any more (nor left from before digests existed). */
const DIGEST_LOOKBACK_MS = 24 * 3_600_000

interface Thread {
  orderId: string
  title: string
  unread: number
}

/**
 * For each member with order messages they have not read, written since their last digest (and
 * none sent in the last hour), one mail listing those threads. A thread read before the pass drops
 * out; nothing unread, no mail. The member's row is locked while their digest is decided, so two
 * nodes never write two. Returns the members mailed.
 */
export async function sendMessageDigests(
  db: Database,
  alerts: AlertMailer,
  now: Date = new Date(),
): Promise<string[]> {
  const mailed: string[] = []
  for (const userId of await membersDue(db, now)) {
    const sent = await db.transaction(async (tx) => {
      await tx.query('select 1 from users where id = $1 for update', [userId])
      const threads = await unreadThreadsSinceDigest(tx, userId, now)
      if (!threads.length) return false
      return sendAlertMail(tx, alerts, {
        userId,
        group: 'messages',
        kind: 'messages_digest',
        content: (c) => digestMail(c, threads),
      })
    })
    if (sent) mailed.push(userId)
  }
  return mailed
}

/** Per member and order they bought or sold: the unread messages, when some are news since the last digest. */
const UNREAD_SINCE_DIGEST = `
  with last as (
    select user_id, max(created_at) as at from mail_outbox
     where kind = 'messages_digest' group by user_id
  )
  select o.id as "orderId", l.title, u.id as "userId", count(*)::int as unread
    from orders o
    join lots l on l.id = o.lot_id
    join order_messages m on m.order_id = o.id
    join users u on u.id in (o.buyer_id, o.seller_id) and u.id <> m.author_id
    left join order_message_reads r on r.order_id = o.id and r.user_id = u.id
    left join last on last.user_id = u.id
   where m.id > coalesce(r.last_read_id, 0)
     and u.deleted_at is null and u.suspended_at is null
     and (last.at is null or last.at <= $2::timestamptz - $4 * interval '1 millisecond')
     and ($1::uuid is null or u.id = $1)
   group by o.id, l.title, u.id, last.at
  -- A thread is news when a message came since the last digest (and within the look-back); it
  -- shows every message there the member has not read.
  having max(m.created_at) > greatest(coalesce(last.at, '-infinity'),
                                      $2::timestamptz - $3 * interval '1 millisecond')
   order by u.id, max(m.id) desc`

async function membersDue(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ userId: string }>(
    `select distinct "userId" from (${UNREAD_SINCE_DIGEST}) t`,
    [null, now, DIGEST_LOOKBACK_MS, DIGEST_EVERY_MS],
  )
  return rows.map((r) => r.userId)
}

async function unreadThreadsSinceDigest(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<Thread[]> {
  const { rows } = await db.query<Thread>(UNREAD_SINCE_DIGEST, [
    userId,
    now,
    DIGEST_LOOKBACK_MS,
    DIGEST_EVERY_MS,
  ])
  return rows.map(({ orderId, title, unread }) => ({ orderId, title, unread }))
}
