import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { post, soldOrder } from './order-kit.ts'

/** Ratings after an order (issue 29): who rates, when, what, and an admin's removal. */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let seller: Member
let buyer: Member

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config)
  buyer = await member(t.app, t.db, config, { credit: 50_000 })
})
afterAll(() => t.close())

const rate = (m: Member, orderId: string, payload: object) =>
  m.b.request({ method: 'PUT', url: `/api/orders/${orderId}/rating`, payload })
const ratingsOf = (m: Member, orderId: string) =>
  m.b.request({ method: 'GET', url: `/api/orders/${orderId}/ratings` })
const remove = (m: Member, ratingId: string, payload: object) =>
  m.b.request({ method: 'DELETE', url: `/api/admin/ratings/${ratingId}`, payload })

/** A picked-up sale whose buyer confirmed receipt: a completed order. */
async function completedOrder() {
  const { orderId } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
  expect((await post(buyer, `orders/${orderId}/receipt`)).statusCode).toBe(200)
  return orderId
}

async function storedRatings(orderId: string) {
  const { rows } = await t.db.query<{ score: string; comment: string }>(
    'select score, comment from ratings where order_id = $1 order by created_at',
    [orderId],
  )
  return rows
}

describe('rating a completed order', () => {
  it('lets the buyer and the seller each rate the other, and shows each what the other said', async () => {
    const orderId = await completedOrder()
    const before = (await ratingsOf(buyer, orderId)).json()
    expect(before).toMatchObject({ mine: null, theirs: null, all: null, canRate: true })
    expect(before.editableUntil).toBeNull()

    const byBuyer = await rate(buyer, orderId, {
      score: 'positive',
      comment: '  Quick and kind.  ',
    })
    expect(byBuyer.statusCode).toBe(200)
    expect(byBuyer.json()).toMatchObject({
      mine: {
        score: 'positive',
        comment: 'Quick and kind.',
        subjectRole: 'seller',
        removed: false,
      },
      theirs: null,
      canRate: true,
    })
    expect(byBuyer.json().editableUntil).not.toBeNull()

    expect((await rate(seller, orderId, { score: 'neutral', comment: '' })).statusCode).toBe(200)
    const sellerView = (await ratingsOf(seller, orderId)).json()
    expect(sellerView.mine).toMatchObject({ score: 'neutral', comment: '', subjectRole: 'buyer' })
    expect(sellerView.theirs).toMatchObject({
      score: 'positive',
      comment: 'Quick and kind.',
      author: { id: buyer.id },
    })
  })

  it('keeps one rating per side: sending again within a day changes it', async () => {
    const orderId = await completedOrder()
    await rate(buyer, orderId, { score: 'negative', comment: 'Late.' })
    const changed = await rate(buyer, orderId, { score: 'neutral', comment: 'Late, but fine.' })
    expect(changed.statusCode).toBe(200)
    expect(await storedRatings(orderId)).toEqual([{ score: 'neutral', comment: 'Late, but fine.' }])
  })

  it('makes one rating of two first ones sent at once', async () => {
    const orderId = await completedOrder()
    const answers = await Promise.all([
      rate(buyer, orderId, { score: 'positive', comment: 'First.' }),
      rate(buyer, orderId, { score: 'neutral', comment: 'Second.' }),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(await storedRatings(orderId)).toHaveLength(1)
  })

  it('refuses an order that has not completed, or was refunded', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
    const early = await rate(buyer, orderId, { score: 'positive', comment: '' })
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('rating_not_open')
    expect((await ratingsOf(buyer, orderId)).json()).toMatchObject({
      canRate: false,
      rateUntil: null,
    })
    await t.db.query(`update orders set state = 'refunded' where id = $1`, [orderId])
    expect((await rate(seller, orderId, { score: 'negative', comment: '' })).json().code).toBe(
      'rating_not_open',
    )
    expect(await storedRatings(orderId)).toEqual([])
  })

  it('opens for 30 days from the completion', async () => {
    const orderId = await completedOrder()
    const completedAgo = (days: number) =>
      t.db.query(
        `update orders set state_since = now() - make_interval(days => $2) where id = $1`,
        [orderId, days],
      )
    await completedAgo(29)
    expect((await rate(seller, orderId, { score: 'positive', comment: '' })).statusCode).toBe(200)
    await completedAgo(31)
    const late = await rate(buyer, orderId, { score: 'positive', comment: '' })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('rating_window_closed')
    expect((await ratingsOf(buyer, orderId)).json().canRate).toBe(false)
    expect(await storedRatings(orderId)).toHaveLength(1)
  })

  it('fixes a rating 24 hours after it was first sent', async () => {
    const orderId = await completedOrder()
    await rate(buyer, orderId, { score: 'positive', comment: 'Great.' })
    await t.db.query(
      `update ratings set created_at = now() - interval '25 hours' where order_id = $1`,
      [orderId],
    )
    const locked = await rate(buyer, orderId, { score: 'negative', comment: 'Changed my mind.' })
    expect(locked.statusCode).toBe(409)
    expect(locked.json().code).toBe('rating_locked')
    expect(await storedRatings(orderId)).toEqual([{ score: 'positive', comment: 'Great.' }])
    expect((await ratingsOf(buyer, orderId)).json().canRate).toBe(false)
  })

  it('answers 404 to anyone else, lets an admin read both but rate neither', async () => {
    const orderId = await completedOrder()
    await rate(buyer, orderId, { score: 'positive', comment: 'Fine.' })
    const stranger = await member(t.app, t.db, config)
    expect((await ratingsOf(stranger, orderId)).statusCode).toBe(404)
    expect((await rate(stranger, orderId, { score: 'negative', comment: '' })).statusCode).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await rate(buyer, unknown, { score: 'positive', comment: '' })).statusCode).toBe(404)

    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const seen = (await ratingsOf(admin, orderId)).json()
    expect(seen).toMatchObject({ mine: null, theirs: null, canRate: false })
    expect(seen.all).toEqual([expect.objectContaining({ score: 'positive', comment: 'Fine.' })])
    expect((await rate(admin, orderId, { score: 'negative', comment: '' })).statusCode).toBe(403)
    expect(await storedRatings(orderId)).toHaveLength(1)
  })

  it('asks a guest to sign in', async () => {
    const orderId = await completedOrder()
    const guest = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/ratings` })
    expect(guest.statusCode).toBe(401)
  })
})

describe('what a rating may say', () => {
  it('takes a comment of 500 characters and refuses 501', async () => {
    const orderId = await completedOrder()
    expect(
      (await rate(buyer, orderId, { score: 'positive', comment: 'é'.repeat(500) })).statusCode,
    ).toBe(200)
    const long = await rate(buyer, orderId, { score: 'negative', comment: 'a'.repeat(501) })
    expect(long.statusCode).toBe(422)
    expect(long.json()).toMatchObject({
      code: 'validation_failed',
      errors: { comment: expect.any(String) },
    })
    expect(await storedRatings(orderId)).toEqual([{ score: 'positive', comment: 'é'.repeat(500) }])
  })

  it.each([
    ['a line break', { score: 'positive', comment: 'one\ntwo' }],
    ['only invisible characters', { score: 'positive', comment: '\u200b\u200b' }],
    ['a bidi override', { score: 'positive', comment: 'fine \u202egnirts' }],
    ['a score that is not one of the three', { score: 'excellent', comment: '' }],
    ['no comment field', { score: 'positive' }],
    ['a comment that is not text', { score: 'positive', comment: 42 }],
    ['an unknown field', { score: 'positive', comment: '', stars: 5 }],
    ['a huge comment', { score: 'positive', comment: 'a'.repeat(100_000) }],
  ])('refuses %s and stores nothing', async (_, payload) => {
    const orderId = await completedOrder()
    const res = await rate(buyer, orderId, payload)
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(await storedRatings(orderId)).toEqual([])
  })

  it('refuses an order id that is not one', async () => {
    const res = await rate(buyer, 'not-an-id', { score: 'positive', comment: '' })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
  })
})

describe('an admin removes a rating', () => {
  it('with a reason, audited; the rating then shows to no one but its author and cannot be sent again', async () => {
    const orderId = await completedOrder()
    const mine = (await rate(buyer, orderId, { score: 'negative', comment: 'Rude words.' })).json()
      .mine
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const removed = await remove(admin, mine.id, { reason: 'Insults the seller' })
    expect(removed.statusCode).toBe(200)
    const { rows: audit } = await t.db.query(
      `select action, target_type, reason, details->>'comment' as comment from admin_audit
        where target_id = $1`,
      [mine.id],
    )
    expect(audit).toEqual([
      {
        action: 'rating.remove',
        target_type: 'rating',
        reason: 'Insults the seller',
        comment: 'Rude words.',
      },
    ])
    expect((await ratingsOf(seller, orderId)).json().theirs).toBeNull()
    const authorView = (await ratingsOf(buyer, orderId)).json()
    expect(authorView).toMatchObject({ mine: { removed: true }, canRate: false })
    const again = await rate(buyer, orderId, { score: 'positive', comment: '' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('rating_removed')

    const twice = await remove(admin, mine.id, { reason: 'Insults the seller' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('rating_already_removed')
  })

  it('refuses members, missing reasons and unknown ratings, and changes nothing', async () => {
    const orderId = await completedOrder()
    const mine = (await rate(buyer, orderId, { score: 'negative', comment: 'Meh.' })).json().mine
    expect((await remove(seller, mine.id, { reason: 'I do not like it' })).statusCode).toBe(403)
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    expect((await remove(admin, mine.id, {})).statusCode).toBe(422)
    expect((await remove(admin, mine.id, { reason: 'no\nlines' })).statusCode).toBe(422)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await remove(admin, unknown, { reason: 'Gone already' })).statusCode).toBe(404)
    const { rows } = await t.db.query('select removed_at from ratings where id = $1', [mine.id])
    expect(rows).toEqual([{ removed_at: null }])
    const { rowCount } = await t.db.query(
      `select 1 from admin_audit where action = 'rating.remove' and target_id = $1`,
      [mine.id],
    )
    expect(rowCount).toBe(0)
  })
})
