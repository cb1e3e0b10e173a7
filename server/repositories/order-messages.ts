import type { OrderMessage } from '../../common/orders/messages.ts'
import type { OrderViewer } from '../../common/orders/shapes.ts'
import type { Queryable } from '../db/types.ts'
import { pageOf, type Page } from './page.ts'

interface MessageRow {
  id: string | number
  order_id: string
  author_id: string
  author_name: string
  author_role: OrderViewer
  body: string
  created_at: Date
}

/** The author's role in the thread: its buyer, its seller, or else an admin. */
const SELECT = `select m.id, m.order_id, m.author_id, u.name as author_name,
         case when m.author_id = o.buyer_id then 'buyer'
              when m.author_id = o.seller_id then 'seller' else 'admin' end as author_role,
         m.body, m.created_at
    from order_messages m
    join orders o on o.id = m.order_id
    join users u on u.id = m.author_id`

const toMessage = (r: MessageRow): OrderMessage => ({
  id: Number(r.id),
  orderId: r.order_id,
  author: { id: r.author_id, name: r.author_name, role: r.author_role },
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
})

/** A page of the thread, newest first; `before` is the previous page's cursor. */
export async function orderMessages(
  db: Queryable,
  orderId: string,
  before: number | undefined,
  limit: number,
): Promise<Page<OrderMessage>> {
  const { rows } = await db.query<MessageRow>(
    `${SELECT} where m.order_id = $1 and ($2::bigint is null or m.id < $2)
      order by m.id desc limit $3`,
    [orderId, before ?? null, limit + 1],
  )
  return pageOf(rows, limit, toMessage)
}

export async function insertOrderMessage(
  db: Queryable,
  message: { orderId: string; authorId: string; body: string; now: Date },
): Promise<OrderMessage> {
  const { rows } = await db.query<{ id: string }>(
    `insert into order_messages (order_id, author_id, body, created_at)
     values ($1, $2, $3, $4) returning id`,
    [message.orderId, message.authorId, message.body, message.now],
  )
  const { rows: found } = await db.query<MessageRow>(`${SELECT} where m.id = $1`, [rows[0]!.id])
  return toMessage(found[0]!)
}

/** Who has written in the thread (admins who took part hear its later messages). */
export async function messageAuthors(db: Queryable, orderId: string): Promise<string[]> {
  const { rows } = await db.query<{ author_id: string }>(
    'select distinct author_id from order_messages where order_id = $1',
    [orderId],
  )
  return rows.map((r) => r.author_id)
}

/** Messages of others after what the member has read, per order (orders without any: absent). */
export async function unreadByOrder(
  db: Queryable,
  userId: string,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map()
  const { rows } = await db.query<{ order_id: string; unread: number }>(
    `select m.order_id, count(*)::int as unread
       from order_messages m
       left join order_message_reads r on r.order_id = m.order_id and r.user_id = $1
      where m.order_id = any($2::uuid[]) and m.author_id <> $1
        and m.id > coalesce(r.last_read_id, 0)
      group by m.order_id`,
    [userId, orderIds],
  )
  return new Map(rows.map((r) => [r.order_id, r.unread]))
}

export async function unreadIn(db: Queryable, userId: string, orderId: string): Promise<number> {
  return (await unreadByOrder(db, userId, [orderId])).get(orderId) ?? 0
}

/** Unread messages across the orders the member bought or sold: the Orders tab's badge. */
export async function unreadTotal(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    `select count(*)::int as unread
       from orders o
       join order_messages m on m.order_id = o.id
       left join order_message_reads r on r.order_id = o.id and r.user_id = $1
      where (o.buyer_id = $1 or o.seller_id = $1) and m.author_id <> $1
        and m.id > coalesce(r.last_read_id, 0)`,
    [userId],
  )
  return rows[0]?.unread ?? 0
}

/**
 * Marks the thread read up to `upTo` (never past its newest message, never backwards: a late
 * request from another tab cannot make read messages unread again).
 */
export async function markThreadRead(
  db: Queryable,
  userId: string,
  orderId: string,
  upTo: number,
): Promise<void> {
  await db.query(
    `insert into order_message_reads (order_id, user_id, last_read_id)
     select $1::uuid, $2::uuid, least($3::bigint, coalesce(max(m.id), 0))
       from order_messages m where m.order_id = $1
     on conflict (order_id, user_id)
       do update set last_read_id = greatest(order_message_reads.last_read_id, excluded.last_read_id)`,
    [orderId, userId, upTo],
  )
}

/** Whether the order has ever had a problem opened: its admins may read its thread for good. */
export async function hadProblem(db: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from order_events where order_id = $1 and move = 'open_problem' limit 1`,
    [orderId],
  )
  return rows.length > 0
}
