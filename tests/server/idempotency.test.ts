import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../stripe/fake-stripe-api.ts'
import { bid, member, openLot, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import { createTestApp, onPostgres, testConfig, type TestApp } from './helpers.ts'
import { expectMoneyInvariants } from './invariants/money.ts'

/**
 * One idempotency mechanism for every write that moves money or state
 * (server/commands/run-command.ts): ten identical requests sent at once under one Idempotency-Key
 * apply exactly once and all get the same answer; another request under that key is refused with
 * 422 idempotency_key_reused and changes nothing. On PostgreSQL the ten really race (a pool of 20
 * connections); on PGlite transactions run one at a time, so there the same tests only prove the
 * sequential replay — the test names say which engine ran them.
 */
const ENGINE = onPostgres ? 'a real race on PostgreSQL' : 'serialized on PGlite: no real race'
const AT_ONCE = 10

let t: TestApp
let stripe: FakeStripe
let config = testConfig()

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_test_secret')
  config = testConfig({
    ...stripeSettings(stripe),
  })
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const newMember = (credit = 100_000, role: 'member' | 'admin' = 'member') =>
  member(t.app, t.db, config, { credit, role })

type Send = (key: string) => Promise<LightMyRequestResponse>

/** Ten at once with one key: every answer is the first one (status and body). */
async function tenAtOnce(send: Send, key = randomUUID()) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => send(key)))
  const first = answers[0]!
  for (const a of answers) {
    expect(a.statusCode, a.body).toBe(first.statusCode)
    expect(a.json()).toEqual(first.json())
  }
  expect(first.statusCode, first.body).toBeLessThan(300)
  const replayed = answers.filter((a) => a.headers['idempotent-replayed'] === 'true')
  return { key, first, replayed }
}

async function count(sql: string, params: unknown[]) {
  const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)
  return rows[0]!.n
}

function expectReused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(422)
  expect(res.headers['content-type']).toMatch(/problem\+json/)
  expect(res.json().code).toBe('idempotency_key_reused')
}

const keyed = (key: string) => ({ 'idempotency-key': key })

describe(`ten identical writes at once apply once (${ENGINE})`, () => {
  it('admin wallet adjustment: one ledger entry, 201 for all ten', async () => {
    const admin = await newMember(0, 'admin')
    const target = await newMember(1_000)
    const adjust = (key: string, amount = 2_500) =>
      admin.b.request({
        method: 'POST',
        url: `/api/admin/wallets/${target.id}/adjustments`,
        headers: keyed(key),
        payload: { amount, reason: 'Goodwill credit' },
      })
    const { key, first } = await tenAtOnce((k) => adjust(k))
    expect(first.statusCode).toBe(201)
    expect(first.json().wallet).toMatchObject({ balance: 3_500 })
    expect(await count('from ledger_entries where user_id = $1', [target.id])).toBe(2)
    expectReused(await adjust(key, 9_999))
    expect(await count('from ledger_entries where user_id = $1', [target.id])).toBe(2)
  })

  it('bid: one history row, one hold, the same 201 answer for all ten', async () => {
    const seller = await newMember(0)
    const bidder = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const { key, first, replayed } = await tenAtOnce((k) =>
      bid(bidder, lotId, { amount: 1_500 }, k),
    )
    expect(first.statusCode).toBe(201)
    // Nine of the ten answers are the first one replayed, and say so like every other write.
    expect(replayed).toHaveLength(AT_ONCE - 1)
    expect(await count('from bids where lot_id = $1', [lotId])).toBe(1)
    expectReused(await bid(bidder, lotId, { amount: 1_600 }, key))
    // The same key on another lot is another request too.
    expectReused(await bid(bidder, await openLot(t.db, seller.id), { amount: 1_500 }, key))
    expect(await count('from bids where lot_id = $1', [lotId])).toBe(1)
    await expectMoneyInvariants(t.db, { expectHolds: true })
  })

  it('bid: one key on two lots at once is placed on one of them only', async () => {
    const seller = await newMember(0)
    const bidder = await newMember()
    const lots = [await openLot(t.db, seller.id), await openLot(t.db, seller.id)]
    const key = randomUUID()
    const answers = await Promise.all(
      lots.flatMap((lotId) => [1, 2, 3].map(() => bid(bidder, lotId, { amount: 1_500 }, key))),
    )
    expect(await count('from bids where bidder_id = $1', [bidder.id])).toBe(1)
    const codes = answers.map((a) => (a.statusCode === 201 ? 201 : a.json().code))
    expect(codes.filter((c) => c === 201)).toHaveLength(3)
    expect(codes.filter((c) => c === 'idempotency_key_reused')).toHaveLength(3)
  })

  it('top-up: one top-up row and one PaymentIntent, the same client secret for all ten', async () => {
    const payer = await newMember(0)
    const start = (key: string, amount = 2_000) =>
      payer.b.request({
        method: 'POST',
        url: '/api/wallet/top-ups',
        headers: keyed(key),
        payload: { amount },
      })
    const { key, first } = await tenAtOnce((k) => start(k))
    expect(first.statusCode).toBe(201)
    expect(first.json().clientSecret).toBeTruthy()
    expect(await count('from top_ups where user_id = $1', [payer.id])).toBe(1)
    const intents = [...stripe.intents.values()].filter((pi) => pi.metadata.user_id === payer.id)
    expect(intents).toHaveLength(1)
    expectReused(await start(key, 3_000))
    expect(await count('from top_ups where user_id = $1', [payer.id])).toBe(1)
  })

  it('watch and unwatch: one change each, and a watch key cannot unwatch', async () => {
    const seller = await newMember(0)
    const m = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const setWatch = (watching: boolean) => (key: string) =>
      m.b.request({
        method: watching ? 'PUT' : 'DELETE',
        url: `/api/lots/${lotId}/watch`,
        headers: keyed(key),
      })
    const watched = await tenAtOnce(setWatch(true))
    expect(watched.first.json()).toEqual({ lotId, watching: true })
    expect(await count('from watchlist where user_id = $1', [m.id])).toBe(1)
    expectReused(await setWatch(false)(watched.key))
    expect(await count('from watchlist where user_id = $1', [m.id])).toBe(1)
    await tenAtOnce(setWatch(false))
    expect(await count('from watchlist where user_id = $1', [m.id])).toBe(0)
  })

  it('mark notifications read: one change, the same unread count for all ten', async () => {
    const seller = await newMember(0)
    const m = await newMember()
    const rival = await newMember()
    const lotId = await openLot(t.db, seller.id)
    await bid(m, lotId, { amount: 1_000 })
    await bid(rival, lotId, { amount: 1_100 })
    const read = (key: string, ids?: number[]) =>
      m.b.request({
        method: 'POST',
        url: '/api/notifications/read',
        headers: keyed(key),
        payload: ids ? { ids } : {},
      })
    const { key, first } = await tenAtOnce((k) => read(k))
    expect(first.json()).toEqual({ updated: 1, unread: 0 })
    expectReused(await read(key, [1]))
  })

  it('lot create: one lot, the same lot for all ten', async () => {
    const seller = await newMember(0)
    const body = {
      title: 'Brass lamp',
      description: 'Works.',
      category: 'other',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      delivery: { pickup: { town: 'Madrid' } },
    }
    const create = (key: string, title = body.title) =>
      seller.b.request({
        method: 'POST',
        url: '/api/lots',
        headers: keyed(key),
        payload: { ...body, title },
      })
    const { key, first, replayed } = await tenAtOnce((k) => create(k))
    expect(first.statusCode).toBe(201)
    expect(replayed).toHaveLength(AT_ONCE - 1)
    expect(await count('from lots where seller_id = $1', [seller.id])).toBe(1)
    expectReused(await create(key, 'Another lamp'))
    expect(await count('from lots where seller_id = $1', [seller.id])).toBe(1)
    // The same body with its keys in another order is the same request: replayed, not refused.
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const again = await seller.b.request({
      method: 'POST',
      url: '/api/lots',
      headers: keyed(key),
      payload: reordered,
    })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await count('from lots where seller_id = $1', [seller.id])).toBe(1)
  })

  it('lot cancel: cancelled once (one notification), the same answer for all ten, not a 409', async () => {
    const admin = await newMember(0, 'admin')
    const seller = await newMember(0)
    const leader = await newMember()
    const lotId = await openLot(t.db, seller.id)
    await bid(leader, lotId, { amount: 1_000, maxAmount: 5_000 })
    const cancel = (id: string) => (key: string) =>
      admin.b.request({ method: 'POST', url: `/api/lots/${id}/cancel`, headers: keyed(key) })
    const { key, first } = await tenAtOnce(cancel(lotId))
    expect(first.json()).toMatchObject({ id: lotId, status: 'cancelled' })
    expect(
      await count(`from notifications where user_id = $1 and kind = 'lot_cancelled'`, [leader.id]),
    ).toBe(1)
    const other = await openLot(t.db, seller.id)
    expectReused(await cancel(other)(key))
    expect(await count(`from lots where id = $1 and status = 'open'`, [other])).toBe(1)
  })

  it('lot end early: ended once (one unsold notice to the seller), the same answer for all ten', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id)
    const end = (id: string) => (key: string) =>
      seller.b.request({ method: 'POST', url: `/api/lots/${id}/end`, headers: keyed(key) })
    const { key, first, replayed } = await tenAtOnce(end(lotId))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ id: lotId, status: 'unsold' })
    expect(replayed).toHaveLength(AT_ONCE - 1)
    expect(
      await count(`from notifications where user_id = $1 and kind = 'lot_unsold'`, [seller.id]),
    ).toBe(1)
    const other = await openLot(t.db, seller.id)
    expectReused(await end(other)(key))
    expect(await count(`from lots where id = $1 and status = 'open'`, [other])).toBe(1)
  })

  it('lot edit: applied once (one new version), the same answer for all ten', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id)
    const versionOf = async () =>
      (await t.db.query<{ v: number }>('select version as v from lots where id = $1', [lotId]))
        .rows[0]!.v
    const before = await versionOf()
    const edit = (key: string, title = 'Brass lamp, polished') =>
      seller.b.request({
        method: 'PATCH',
        url: `/api/lots/${lotId}`,
        headers: keyed(key),
        payload: { title },
      })
    const { key, first, replayed } = await tenAtOnce((k) => edit(k))
    expect(first.json()).toMatchObject({ id: lotId, title: 'Brass lamp, polished' })
    expect(replayed).toHaveLength(AT_ONCE - 1)
    expect(await versionOf()).toBe(before + 1)
    expectReused(await edit(key, 'Another title'))
    expect(await count(`from lots where id = $1 and title = 'Brass lamp, polished'`, [lotId])).toBe(
      1,
    )
  })
})

describe('the key itself', () => {
  it('is refused when malformed (400 idempotency_key_required) and changes nothing', async () => {
    const admin = await newMember(0, 'admin')
    const target: Member = await newMember(0)
    for (const key of ['short', 'has a space in it', 'x'.repeat(256)]) {
      const res = await admin.b.request({
        method: 'POST',
        url: `/api/admin/wallets/${target.id}/adjustments`,
        headers: keyed(key),
        payload: { amount: 100, reason: 'Test credit' },
      })
      expect(res.statusCode, key).toBe(400)
      expect(res.json().code).toBe('idempotency_key_required')
    }
    expect(await count('from ledger_entries where user_id = $1', [target.id])).toBe(0)
  })

  it('is per user: the same key from two members is two requests', async () => {
    const seller = await newMember(0)
    const [a, b] = [await newMember(), await newMember()]
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    expect((await bid(a, lotId, { amount: 1_000 }, key)).statusCode).toBe(201)
    expect((await bid(b, lotId, { amount: 1_100 }, key)).statusCode).toBe(201)
    expect(await count('from bids where lot_id = $1', [lotId])).toBe(2)
  })
})
