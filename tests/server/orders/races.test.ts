import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { autoCompleteOrder } from '../../../server/commands/orders/move-order.ts'
import { member, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { accounts, expectOrderInvariants, soldOrder, post } from './order-kit.ts'

/**
 * Moves that race on one order (issue 29): whatever arrives together, the order ends once and its
 * money moves once. A real race only with LOTLINE_TEST_DATABASE=pg (PGlite runs one at a time).
 */
const config = testConfig()
let t: TestApp
let admin: Member

beforeAll(async () => {
  t = await createTestApp({ config })
  admin = await member(t.app, t.db, config, { role: 'admin' })
})
afterEach(() => expectOrderInvariants(t.db))
afterAll(() => t.close())

async function orderIn(state: 'shipped' | 'problem') {
  const seller = await member(t.app, t.db, config)
  const buyer = await member(t.app, t.db, config, { credit: 50_000 })
  const sold = await soldOrder(t.db, { seller, buyer })
  await t.db.query(
    `update orders set state = $2, state_since = now() - interval '30 days' where id = $1`,
    [sold.orderId, state],
  )
  return { ...sold, seller, buyer }
}

const deps = () => ({ db: t.db, deadlines: config.sales.orderDeadlines, currency: 'EUR' })

describe('an order that races', () => {
  it('completes once when the buyer confirms while the job completes it and an admin tries', async () => {
    const { orderId, seller, buyer, split } = await orderIn('shipped')
    const answers = await Promise.all([
      post(buyer, `orders/${orderId}/receipt`),
      post(buyer, `orders/${orderId}/receipt`),
      autoCompleteOrder(deps(), orderId),
      autoCompleteOrder(deps(), orderId),
      post(admin, `admin/orders/${orderId}/resolution`, { outcome: 'complete', reason: 'Racing' }),
    ])
    const [receiptA, receiptB, jobA, jobB, resolution] = answers
    const wins = [receiptA.statusCode === 200, receiptB.statusCode === 200, jobA, jobB]
    expect(wins.filter(Boolean)).toHaveLength(1)
    expect(resolution.statusCode).toBe(409)
    expect(await accounts(t.db, seller.id)).toEqual({ available: split.sellerProceeds, pending: 0 })
    expect(await accounts(t.db, buyer.id)).toEqual({
      available: 50_000 - split.buyerTotal,
      pending: 0,
    })
    const { rows } = await t.db.query<{ state: string }>('select state from orders where id = $1', [
      orderId,
    ])
    expect(rows).toEqual([{ state: 'completed' }])
  })

  it('resolves a problem once when admins refund and complete it together', async () => {
    const { orderId, seller, buyer, split } = await orderIn('problem')
    const url = `admin/orders/${orderId}/resolution`
    const [first, second, third, receipt, job] = await Promise.all([
      post(admin, url, { outcome: 'refund', reason: 'First' }),
      post(admin, url, { outcome: 'complete', reason: 'Second' }),
      post(admin, url, { outcome: 'refund', reason: 'Third' }),
      post(buyer, `orders/${orderId}/receipt`),
      autoCompleteOrder(deps(), orderId),
    ])
    const resolved = [first, second, third].filter((r) => r.statusCode === 200)
    expect(resolved).toHaveLength(1)
    expect(receipt.statusCode).toBe(409)
    expect(job).toBe(false)
    const outcome = resolved[0]!.json().state as string
    const sellerMoney = await accounts(t.db, seller.id)
    const buyerMoney = await accounts(t.db, buyer.id)
    if (outcome === 'refunded') {
      expect([sellerMoney, buyerMoney]).toEqual([
        { available: 0, pending: 0 },
        { available: 50_000, pending: 0 },
      ])
    } else {
      expect(outcome).toBe('completed')
      expect([sellerMoney, buyerMoney]).toEqual([
        { available: split.sellerProceeds, pending: 0 },
        { available: 50_000 - split.buyerTotal, pending: 0 },
      ])
    }
    const { rows } = await t.db.query('select 1 from admin_audit where target_id = $1', [orderId])
    expect(rows).toHaveLength(1)
  })
})
