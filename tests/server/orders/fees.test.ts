import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { member, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { expectOrderInvariants, houseTotal, post, soldOrder } from './order-kit.ts'

/** `GET /api/admin/fees`: the house's fees from its ledger account (issue 29). */
const config = testConfig()
let t: TestApp
let seller: Member
let buyer: Member
let admin: Member

beforeAll(async () => {
  t = await createTestApp({ config })
  admin = await member(t.app, t.db, config, { role: 'admin' })
  seller = await member(t.app, t.db, config)
  buyer = await member(t.app, t.db, config, { credit: 100_000 })
})
afterAll(() => t.close())

const fees = async (who: Member = admin) => who.b.request({ method: 'GET', url: '/api/admin/fees' })

describe('the fee totals', () => {
  it('are zero before any sale', async () => {
    const res = await fees()
    expect(res.statusCode).toBe(200)
    const zero = { premium: 0, sellerFee: 0, refunded: 0, total: 0 }
    expect(res.json()).toEqual({ currency: config.currency, allTime: zero, recent: zero })
  })

  it('add up each sale’s 5 % premium and 10 % seller’s fee, net of refunds taken from the house', async () => {
    // 5 % of 10,000 and 10 % of 10,000; then 5 % of 4,000 and 10 % of 4,000.
    await soldOrder(t.db, { seller, buyer }, { hammer: 10_000, delivery: 'pickup' })
    const refunded = await soldOrder(t.db, { seller, buyer }, { hammer: 4_000, delivery: 'pickup' })
    const sold = { premium: 500 + 200, sellerFee: 1_000 + 400 }
    expect((await fees()).json().allTime).toEqual({ ...sold, refunded: 0, total: 2_100 })

    // All the buyer paid goes back: the seller's pending 3,600 first, the other 600 from the house.
    expect((await post(buyer, `orders/${refunded.orderId}/problem`)).statusCode).toBe(200)
    const resolution = await post(admin, `admin/orders/${refunded.orderId}/resolution`, {
      outcome: 'refund',
      reason: 'Never handed over',
    })
    expect(resolution.statusCode).toBe(200)
    const after = (await fees()).json()
    expect(after.allTime).toEqual({ ...sold, refunded: 600, total: 1_500 })
    expect(after.recent).toEqual(after.allTime)
    expect(after.allTime.total).toBe(await houseTotal(t.db))
    await expectOrderInvariants(t.db)
  })

  it('count only the last 30 days in `recent`', async () => {
    const old = await soldOrder(t.db, { seller, buyer }, { hammer: 2_000, delivery: 'pickup' })
    await t.db.query(
      `update ledger_entries set created_at = now() - interval '31 days' where order_id = $1`,
      [old.orderId],
    )
    const { allTime, recent } = (await fees()).json()
    expect(allTime.total - recent.total).toBe(old.split.houseTake)
    expect(allTime.premium - recent.premium).toBe(100)
    expect(allTime.sellerFee - recent.sellerFee).toBe(200)
  })

  it('are for admins only', async () => {
    expect((await fees(buyer)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/fees' })).statusCode).toBe(401)
  })
})
