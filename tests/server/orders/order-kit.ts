import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { saleAmounts, type FeeRates } from '../../../common/orders/fees.ts'
import { firstOrderState, type OrderDelivery } from '../../../common/orders/states.ts'
import { chargeSale } from '../../../server/commands/orders/order-money.ts'
import type { Database, Queryable } from '../../../server/db/types.ts'
import { findOrder, insertOrder } from '../../../server/repositories/orders.ts'
import { openLot, type Member } from '../auction-helpers.ts'

export const DEMO_RATES: FeeRates = { buyerPremiumBasisPoints: 500, sellerFeeBasisPoints: 1000 }

/**
 * A lot sold to `buyer` as settlement sells it (until settlement makes orders itself): the lot
 * settled at `hammer`, its order in its first state, and the buyer charged the sale's total.
 */
export async function soldOrder(
  db: Database,
  parties: { seller: Member; buyer: Member },
  sale: { hammer?: number; shipping?: number; delivery?: OrderDelivery; title?: string } = {},
) {
  const hammer = sale.hammer ?? 10_000
  const delivery = sale.delivery ?? 'shipping'
  const shipping = delivery === 'pickup' ? 0 : (sale.shipping ?? 650)
  const lotId = await openLot(db, parties.seller.id, { title: sale.title ?? 'Brass compass' })
  const split = saleAmounts(hammer, shipping, DEMO_RATES)
  const orderId = await db.transaction(async (tx) => {
    await tx.query(
      `update lots set status = 'settled', current_price = $2, leader_id = $3, settled_at = now()
        where id = $1`,
      [lotId, hammer, parties.buyer.id],
    )
    const id = await insertOrder(
      tx,
      {
        lotId,
        buyerId: parties.buyer.id,
        sellerId: parties.seller.id,
        state: firstOrderState(delivery),
        delivery,
        hammer,
        premium: split.premium,
        shipping,
        sellerFee: split.sellerFee,
        pickupTown: delivery === 'shipping' ? null : 'Segovia',
      },
      new Date(),
    )
    const order = (await findOrder(tx, id!))!
    await chargeSale(tx, order, split)
    return id!
  })
  return { orderId, lotId, split }
}

/** A member's money by account, from the ledger itself. */
export async function accounts(db: Queryable, userId: string) {
  const { rows } = await db.query<{ account: string; total: string }>(
    `select account, sum(amount)::bigint as total from ledger_entries where user_id = $1
      group by account`,
    [userId],
  )
  const of = (account: string) => Number(rows.find((r) => r.account === account)?.total ?? 0)
  return { available: of('available'), pending: of('pending') }
}

export async function houseTotal(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::bigint as total from ledger_entries where account = 'house'`,
  )
  return Number(rows[0]!.total)
}

/**
 * The order money rules (decision 0051), on the tables: each order's entries sum to zero, no
 * member's pending proceeds and no house balance is negative, and a completed or refunded order
 * has nothing left pending.
 */
export async function expectOrderInvariants(db: Queryable) {
  const { rows: unbalanced } = await db.query(
    `select order_id, sum(amount) from ledger_entries where order_id is not null
      group by order_id having sum(amount) <> 0`,
  )
  expect(unbalanced, 'orders whose entries do not sum to zero').toEqual([])
  const { rows: negative } = await db.query(
    `select user_id, account from ledger_entries where account in ('pending', 'house')
      group by user_id, account having sum(amount) < 0`,
  )
  expect(negative, 'negative pending or house balances').toEqual([])
  const { rows: leftPending } = await db.query(
    `select o.id from orders o
      where o.state in ('completed', 'refunded')
        and (select coalesce(sum(amount), 0) from ledger_entries e
              where e.order_id = o.id and e.account = 'pending') <> 0`,
  )
  expect(leftPending, 'finished orders with proceeds still pending').toEqual([])
}

/** A member's write to the API under a fresh Idempotency-Key (every order move needs one). */
export const post = (m: Member, url: string, payload?: object) =>
  m.b.request({
    method: 'POST',
    url: `/api/${url}`,
    headers: { 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  })
