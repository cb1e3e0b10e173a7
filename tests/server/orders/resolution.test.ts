import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { autoCompleteOrder } from '../../../server/commands/orders/move-order.ts'
import { createScheduler } from '../../../server/jobs/scheduler.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { accounts, expectOrderInvariants, houseTotal, soldOrder, post } from './order-kit.ts'

/** Problems, their resolution by an admin, and orders that complete by themselves (issue 29). */
const config = testConfig()
const deadlines = config.sales.orderDeadlines
let t: TestApp
let seller: Member
let buyer: Member
let admin: Member

beforeAll(async () => {
  t = await createTestApp({ config })
  admin = await member(t.app, t.db, config, { role: 'admin' })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config)
  buyer = await member(t.app, t.db, config, { credit: 50_000 })
})
afterEach(() => expectOrderInvariants(t.db))
afterAll(() => t.close())

/** A pickup order whose buyer opened a problem. */
async function disputed() {
  const sold = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
  expect((await post(buyer, `orders/${sold.orderId}/problem`)).json().state).toBe('problem')
  return sold
}

describe('an admin resolves a problem', () => {
  it('refunds all the buyer paid by default, from the seller’s pending proceeds and the fees', async () => {
    const { orderId, split } = await disputed()
    const houseBefore = await houseTotal(t.db)
    const res = await post(admin, `admin/orders/${orderId}/resolution`, {
      outcome: 'refund',
      reason: 'Never handed over',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ state: 'refunded', refundedAmount: split.buyerTotal })
    expect(await accounts(t.db, buyer.id)).toEqual({ available: 50_000, pending: 0 })
    expect(await accounts(t.db, seller.id)).toEqual({ available: 0, pending: 0 })
    expect(await houseTotal(t.db)).toBe(houseBefore - split.houseTake)
  })

  it('refunds part, and the seller keeps the rest', async () => {
    const { orderId, split } = await disputed()
    const res = await post(admin, `admin/orders/${orderId}/resolution`, {
      outcome: 'refund',
      amount: 2_000,
      reason: 'Arrived scratched',
    })
    expect(res.json()).toMatchObject({ state: 'refunded', refundedAmount: 2_000 })
    expect(await accounts(t.db, buyer.id)).toEqual({
      available: 50_000 - split.buyerTotal + 2_000,
      pending: 0,
    })
    expect(await accounts(t.db, seller.id)).toEqual({
      available: split.sellerProceeds - 2_000,
      pending: 0,
    })
    const { rows } = await t.db.query<{ action: string; reason: string }>(
      `select action, reason from admin_audit where target_id = $1`,
      [orderId],
    )
    expect(rows).toEqual([{ action: 'order.resolve', reason: 'Arrived scratched' }])
  })

  it('completes it for the seller', async () => {
    const { orderId, split } = await disputed()
    const res = await post(admin, `admin/orders/${orderId}/resolution`, {
      outcome: 'complete',
      reason: 'Buyer collected it',
    })
    expect(res.json()).toMatchObject({ state: 'completed', refundedAmount: null })
    expect(await accounts(t.db, seller.id)).toEqual({ available: split.sellerProceeds, pending: 0 })
  })

  it('refuses more than the buyer paid, an amount on a completion, and a second resolution', async () => {
    const { orderId, split } = await disputed()
    const url = `admin/orders/${orderId}/resolution`
    const tooMuch = await post(admin, url, {
      outcome: 'refund',
      amount: split.buyerTotal + 1,
      reason: 'Too generous',
    })
    expect([tooMuch.statusCode, tooMuch.json().errors]).toEqual([
      422,
      { amount: `Must be at most what the buyer paid (${split.buyerTotal}).` },
    ])
    const amountOnComplete = await post(admin, url, {
      outcome: 'complete',
      amount: 10,
      reason: 'Confused',
    })
    expect(amountOnComplete.statusCode).toBe(422)
    expect((await post(admin, url, { outcome: 'complete', reason: 'Settled' })).statusCode).toBe(
      200,
    )
    const again = await post(admin, url, { outcome: 'refund', reason: 'Changed my mind' })
    expect([again.statusCode, again.json().code]).toEqual([409, 'order_wrong_state'])
  })

  it('is for admins only, who find the problem queue', async () => {
    const { orderId } = await disputed()
    const asMember = await post(buyer, `admin/orders/${orderId}/resolution`, {
      outcome: 'refund',
      reason: 'Me, myself',
    })
    expect(asMember.statusCode).toBe(403)
    const queue = await admin.b.request({ method: 'GET', url: '/api/admin/orders?state=problem' })
    expect(queue.json().items.map((o: { id: string }) => o.id)).toContain(orderId)
    expect(queue.json().items.every((o: { state: string }) => o.state === 'problem')).toBe(true)
  })
})

describe('completing by itself', () => {
  it('completes a shipped order once its time has come, once', async () => {
    const { orderId, split } = await soldOrder(t.db, { seller, buyer })
    await t.db.query(
      `update orders set state = 'shipped', state_since = now() - interval '1 day' where id = $1`,
      [orderId],
    )
    const deps = { db: t.db, deadlines, currency: config.currency }
    const due = new Date(Date.now() + (deadlines.autoCompleteDays - 1) * 86_400_000)
    expect(await autoCompleteOrder(deps, orderId, new Date(due.getTime() - 60_000))).toBe(false)
    const runs = await Promise.all([
      autoCompleteOrder(deps, orderId, due),
      autoCompleteOrder(deps, orderId, due),
    ])
    expect(runs.sort()).toEqual([false, true])
    expect(await accounts(t.db, seller.id)).toEqual({ available: split.sellerProceeds, pending: 0 })
  })

  it('is what the scheduler does with shipped orders past their time', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    await t.db.query(`update orders set state = 'shipped', state_since = now() where id = $1`, [
      orderId,
    ])
    const scheduler = createScheduler({
      db: t.db,
      broadcaster: new RecordingBroadcaster(config.pusher),
      currency: config.currency,
      orderDeadlines: { ...deadlines, autoCompleteDays: 3 },
    })
    const early = await scheduler.runDueJobs(new Date(Date.now() + 2 * 86_400_000))
    expect(early.ordersCompleted).not.toContain(orderId)
    // The orders pass runs once a minute.
    const later = await scheduler.runDueJobs(new Date(Date.now() + 3 * 86_400_000 + 60_000))
    expect(later.ordersCompleted).toContain(orderId)
  })
})
