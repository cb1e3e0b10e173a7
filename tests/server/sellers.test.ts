import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { member, openLot, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import { post, soldOrder } from './orders/order-kit.ts'

/** A seller's public profile (issue 29): who they are, their numbers, ratings and open lots. */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let seller: Member

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config)
  await t.db.query(`update users set name = 'Marta Ruiz' where id = $1`, [seller.id])
})
afterAll(() => t.close())

const profile = (id: string) => t.app.inject({ method: 'GET', url: `/api/sellers/${id}` })

/** A completed sale of `seller`'s to a new buyer, rated by that buyer with `score`. */
async function ratedSale(score: string, comment = '', buyerName = 'Buyer') {
  const buyer = await member(t.app, t.db, config, { credit: 50_000 })
  await t.db.query('update users set name = $2 where id = $1', [buyer.id, buyerName])
  const { orderId } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
  expect((await post(buyer, `orders/${orderId}/receipt`)).statusCode).toBe(200)
  const res = await buyer.b.request({
    method: 'PUT',
    url: `/api/orders/${orderId}/rating`,
    payload: { score, comment },
  })
  expect(res.statusCode).toBe(200)
  return { buyer, orderId, ratingId: res.json().mine.id as string }
}

describe('a seller profile', () => {
  it('shows a new seller to a guest: name, member since, no sales, no ratings', async () => {
    const res = await profile(seller.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: seller.id,
      name: 'Marta Ruiz',
      completedSales: 0,
      ratingCount: 0,
      positiveShare: null,
      recentRatings: [],
      openLots: [],
    })
    expect(Date.parse(res.json().memberSince)).not.toBeNaN()
  })

  it('counts completed sales and the positive share of the ratings received as seller', async () => {
    await ratedSale('positive', 'Lovely compass.', 'Ana')
    await ratedSale('positive')
    const last = await ratedSale('negative', 'Never again.', 'Luis')
    // An order under way is not a completed sale.
    const buyer = await member(t.app, t.db, config, { credit: 50_000 })
    await soldOrder(t.db, { seller, buyer })
    // The seller's own rating of a buyer is not about them as seller.
    await seller.b.request({
      method: 'PUT',
      url: `/api/orders/${last.orderId}/rating`,
      payload: { score: 'negative', comment: '' },
    })

    const body = (await profile(seller.id)).json()
    expect(body).toMatchObject({ completedSales: 3, ratingCount: 3 })
    expect(body.positiveShare).toBeCloseTo(2 / 3)
    expect(body.recentRatings).toHaveLength(3)
    expect(body.recentRatings[0]).toMatchObject({
      score: 'negative',
      comment: 'Never again.',
      raterName: 'Luis',
    })
  })

  it('leaves ratings older than 12 months out of the share, and removed ones out of everything', async () => {
    const old = await ratedSale('negative', 'Old news.')
    await t.db.query(`update ratings set created_at = now() - interval '13 months' where id = $1`, [
      old.ratingId,
    ])
    await ratedSale('positive', 'Good.')
    const abusive = await ratedSale('negative', 'Insults.')
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const removed = await admin.b.request({
      method: 'DELETE',
      url: `/api/admin/ratings/${abusive.ratingId}`,
      payload: { reason: 'Insults the seller' },
    })
    expect(removed.statusCode).toBe(200)

    const body = (await profile(seller.id)).json()
    expect(body).toMatchObject({ completedSales: 3, ratingCount: 1, positiveShare: 1 })
    expect(body.recentRatings.map((r: { comment: string }) => r.comment)).toEqual([
      'Good.',
      'Old news.',
    ])
  })

  it("lists the seller's open lots and not their sold ones", async () => {
    const lotId = await openLot(t.db, seller.id, { title: 'Pocket watch' })
    await ratedSale('positive')
    const lots = (await profile(seller.id)).json().openLots
    expect(lots).toEqual([
      expect.objectContaining({ id: lotId, title: 'Pocket watch', seller: 'Marta Ruiz' }),
    ])
  })

  it('answers 404 for an unknown or deleted member, and refuses an id that is not one', async () => {
    expect((await profile('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    await t.db.query('update users set deleted_at = now() where id = $1', [seller.id])
    const gone = await profile(seller.id)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().code).toBe('not_found')
    const bad = await profile('1%27%20or%201=1')
    expect(bad.statusCode).toBeGreaterThanOrEqual(400)
    expect(bad.statusCode).toBeLessThan(500)
  })
})

describe('the lot room', () => {
  it("carries the seller's id so the room can link to the profile", async () => {
    const lotId = await openLot(t.db, seller.id)
    const lot = (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(lot).toMatchObject({ sellerId: seller.id, seller: 'Marta Ruiz' })
  })
})
