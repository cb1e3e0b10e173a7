import type { OrderEvent, ShipTo } from '../../common/orders/shapes.ts'
import type { OrderRecord } from '../domain/order.ts'
import type { OrderDelivery, OrderMoveType, OrderState } from '../../common/orders/states.ts'
import type { Queryable } from '../db/types.ts'

export type { OrderRecord } from '../domain/order.ts'

interface OrderRow {
  id: string
  seq: number
  lot_id: string
  lot_title: string
  buyer_id: string
  buyer_name: string
  seller_id: string
  seller_name: string
  state: OrderState
  state_since: Date
  delivery: OrderDelivery
  hammer: number
  premium: number
  shipping: number
  seller_fee: number
  pickup_town: string | null
  ship_to: ShipTo | null
  carrier: string | null
  tracking_number: string | null
  refunded_amount: number | null
  version: number
  created_at: Date
}

const SELECT = `select o.id, o.seq, o.lot_id, l.title as lot_title, o.buyer_id, b.name as buyer_name,
         o.seller_id, s.name as seller_name, o.state, o.state_since, o.delivery, o.hammer, o.premium,
         o.shipping, o.seller_fee, o.pickup_town, o.ship_to, o.carrier, o.tracking_number,
         o.refunded_amount, o.version, o.created_at
    from orders o
    join lots l on l.id = o.lot_id
    join users b on b.id = o.buyer_id
    join users s on s.id = o.seller_id`

const toRecord = (r: OrderRow): OrderRecord => ({
  id: r.id,
  seq: Number(r.seq),
  lotId: r.lot_id,
  lotTitle: r.lot_title,
  buyerId: r.buyer_id,
  buyerName: r.buyer_name,
  sellerId: r.seller_id,
  sellerName: r.seller_name,
  state: r.state,
  stateSince: r.state_since,
  delivery: r.delivery,
  hammer: Number(r.hammer),
  premium: Number(r.premium),
  shipping: Number(r.shipping),
  sellerFee: Number(r.seller_fee),
  pickupTown: r.pickup_town,
  shipTo: r.ship_to,
  carrier: r.carrier,
  trackingNumber: r.tracking_number,
  refundedAmount: r.refunded_amount === null ? null : Number(r.refunded_amount),
  version: r.version,
  createdAt: r.created_at,
})

export async function findOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  const { rows } = await db.query<OrderRow>(`${SELECT} where o.id = $1`, [id])
  return rows[0] ? toRecord(rows[0]) : undefined
}

/** The order under a row lock: every move reads it so, and decides on what it read. */
export async function lockOrder(db: Queryable, id: string): Promise<OrderRecord | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'select id from orders where id = $1 for update',
    [id],
  )
  return rows[0] ? findOrder(db, id) : undefined
}

export async function findOrderOfLot(
  db: Queryable,
  lotId: string,
): Promise<OrderRecord | undefined> {
  const { rows } = await db.query<OrderRow>(`${SELECT} where o.lot_id = $1`, [lotId])
  return rows[0] ? toRecord(rows[0]) : undefined
}

export const ORDER_PAGE = 20

/** A member's orders as buyer or as seller, newest first; `before` is the previous page's cursor. */
export async function ordersOf(
  db: Queryable,
  query: { userId: string; role: 'buyer' | 'seller'; before?: number | undefined; limit?: number },
): Promise<{ items: OrderRecord[]; nextCursor: string | null }> {
  const limit = query.limit ?? ORDER_PAGE
  const column = query.role === 'buyer' ? 'o.buyer_id' : 'o.seller_id'
  const { rows } = await db.query<OrderRow>(
    `${SELECT} where ${column} = $1 and ($2::bigint is null or o.seq < $2)
      order by o.seq desc limit $3`,
    [query.userId, query.before ?? null, limit + 1],
  )
  const items = rows.slice(0, limit).map(toRecord)
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > limit && last ? String(last.seq) : null }
}

/** The new order of a sold lot, or undefined when that lot already has one (never two). */
export async function insertOrder(
  db: Queryable,
  order: Pick<
    OrderRecord,
    | 'lotId'
    | 'buyerId'
    | 'sellerId'
    | 'state'
    | 'delivery'
    | 'hammer'
    | 'premium'
    | 'shipping'
    | 'sellerFee'
    | 'pickupTown'
  >,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `insert into orders (lot_id, buyer_id, seller_id, state, state_since, delivery, hammer,
                         premium, shipping, seller_fee, pickup_town, created_at, updated_at)
     values ($1, $2, $3, $4, $11, $5, $6, $7, $8, $9, $10, $11, $11)
     on conflict (lot_id) do nothing
     returning id`,
    [
      order.lotId,
      order.buyerId,
      order.sellerId,
      order.state,
      order.delivery,
      order.hammer,
      order.premium,
      order.shipping,
      order.sellerFee,
      order.pickupTown,
      now,
    ],
  )
  return rows[0]?.id
}

/** What a move changes on the order; the state's time changes only when the state does. */
export interface OrderChange {
  state: OrderState
  shipTo?: ShipTo
  shipping?: number
  shipment?: { carrier: string; trackingNumber: string | null }
  refundedAmount?: number
}

export async function updateOrder(
  db: Queryable,
  id: string,
  change: OrderChange,
  now: Date,
): Promise<void> {
  await db.query(
    `update orders
        set state_since = case when state = $2 then state_since else $9 end,
            state = $2,
            ship_to = coalesce($3::jsonb, ship_to),
            shipping = coalesce($4, shipping),
            carrier = case when $5 then $6 else carrier end,
            tracking_number = case when $5 then $7 else tracking_number end,
            refunded_amount = coalesce($8, refunded_amount),
            version = version + 1,
            updated_at = $9
      where id = $1`,
    [
      id,
      change.state,
      change.shipTo ? JSON.stringify(change.shipTo) : null,
      change.shipping ?? null,
      change.shipment !== undefined,
      change.shipment?.carrier ?? null,
      change.shipment?.trackingNumber ?? null,
      change.refundedAmount ?? null,
      now,
    ],
  )
}

export async function appendOrderEvent(
  db: Queryable,
  event: {
    orderId: string
    state: OrderState
    move: OrderMoveType | 'created'
    actorId: string | null
    now: Date
  },
): Promise<void> {
  await db.query(
    `insert into order_events (order_id, state, move, actor_id, created_at)
     values ($1, $2, $3, $4, $5)`,
    [event.orderId, event.state, event.move, event.actorId, event.now],
  )
}

export async function orderEvents(db: Queryable, orderId: string): Promise<OrderEvent[]> {
  const { rows } = await db.query<{
    state: OrderState
    move: OrderEvent['move']
    created_at: Date
  }>('select state, move, created_at from order_events where order_id = $1 order by id', [orderId])
  return rows.map((r) => ({ state: r.state, move: r.move, at: r.created_at.toISOString() }))
}

/** Shipped orders whose auto-completion time has passed: the job's work list. */
export async function ordersDueForCompletion(
  db: Queryable,
  autoCompleteDays: number,
  now: Date,
  limit = 100,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from orders
      where state = 'shipped' and state_since <= $1::timestamptz - make_interval(days => $2)
      order by state_since limit $3`,
    [now, autoCompleteDays, limit],
  )
  return rows.map((r) => r.id)
}

/** Every order, or those in one state (the admin's queue), newest first. */
export async function ordersInState(
  db: Queryable,
  query: { state?: OrderState | undefined; before?: number | undefined; limit?: number },
): Promise<{ items: OrderRecord[]; nextCursor: string | null }> {
  const limit = query.limit ?? ORDER_PAGE
  const { rows } = await db.query<OrderRow>(
    `${SELECT} where ($1::text is null or o.state = $1) and ($2::bigint is null or o.seq < $2)
      order by o.seq desc limit $3`,
    [query.state ?? null, query.before ?? null, limit + 1],
  )
  const items = rows.slice(0, limit).map(toRecord)
  const last = items[items.length - 1]
  return { items, nextCursor: rows.length > limit && last ? String(last.seq) : null }
}
