import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import {
  expectMoneyInvariants,
  bid,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from './auction-helpers.ts'

/** Placing bids over HTTP: validation, proxy bidding, holds, soft close, idempotency, events. */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
// Every money test ends with the shared invariants (balances, holds, credits).
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())
beforeEach(() => broadcaster.clear())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })

async function wallet(m: Member) {
  return (await m.b.request({ method: 'GET', url: '/api/wallet' })).json()
}

async function lotRow(id: string) {
  const { rows } = await t.db.query<{
    current_price: number | null
    leader_id: string | null
    leader_max: number | null
    bid_count: number
    version: number
    ends_at: Date
  }>('select * from lots where id = $1', [id])
  return rows[0]!
}

async function countBids(lotId: string) {
  const { rows } = await t.db.query<{ n: number }>(
    'select count(*)::int as n from bids where lot_id = $1',
    [lotId],
  )
  return rows[0]!.n
}

describe('placing a bid', () => {
  it('accepts a first bid, holds the maximum, and answers with history, lot and wallet', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const res = await bid(alice, lotId, { amount: 1_000, maxAmount: 5_000 })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.bids).toEqual([
      {
        id: expect.any(Number),
        lotId,
        bidder: alice.alias,
        amount: 1_000,
        auto: false,
        createdAt: expect.any(String),
      },
    ])
    expect(body.lot).toMatchObject({
      id: lotId,
      status: 'open',
      currentPrice: 1_000,
      minNextBid: 1_100,
      bidCount: 1,
      leader: alice.alias,
      version: 2,
      my: { status: 'leading', maxBid: 5_000, watching: false },
    })
    expect(body.lot).not.toHaveProperty('leaderMax')
    // The maximum is the bidder's secret: the public view and the events never carry it.
    const publicView = await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}` })
    expect(publicView.json().my).toBeNull()
    expect(publicView.body).not.toContain('5000')
    expect(JSON.stringify(broadcaster.named('bid.placed'))).not.toContain('5000')
    expect(JSON.stringify(broadcaster.named('lot.updated'))).not.toContain('5000')
    expect(body.wallet).toEqual({
      balance: 50_000,
      held: 5_000,
      available: 45_000,
      pending: 0,
      currency: 'EUR',
      version: 2,
    })
    expect(await wallet(alice)).toEqual(body.wallet)
    await expectMoneyInvariants(t.db)
  })

  it('runs proxy bidding: the leader proxy answers, the outbid leader is released and told', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 3_000 })

    // Bob's maximum is below Alice's: the proxy answers one increment above Bob's maximum.
    const low = await bid(bob, lotId, { amount: 1_100, maxAmount: 2_000 })
    expect(low.statusCode).toBe(201)
    expect(
      low
        .json()
        .bids.map((b: { bidder: string; amount: number; auto: boolean }) => [
          b.bidder,
          b.amount,
          b.auto,
        ]),
    ).toEqual([
      [bob.alias, 2_000, false],
      [alice.alias, 2_100, true],
    ])
    expect(low.json().lot.my).toEqual({ status: 'outbid', maxBid: 2_000, watching: false })
    expect(low.json().wallet.held).toBe(0)
    expect((await wallet(alice)).held).toBe(3_000)

    broadcaster.clear()
    // Bob beats Alice's maximum: he leads one increment above it; her hold is released.
    const high = await bid(bob, lotId, { amount: 2_200, maxAmount: 10_000 })
    expect(high.statusCode).toBe(201)
    expect(high.json().lot).toMatchObject({ currentPrice: 3_100, leader: bob.alias })
    expect(
      high.json().bids.map((b: { amount: number; auto: boolean }) => [b.amount, b.auto]),
    ).toEqual([
      [3_000, true],
      [3_100, false],
    ])
    expect(await wallet(alice)).toMatchObject({ held: 0, available: 100_000 })
    expect(await wallet(bob)).toMatchObject({ held: 10_000, available: 90_000 })

    // Events: bid.placed on the lot room, lot.updated on `lots`, wallet.updated for both users,
    // and the outbid notification stored and delivered to Alice.
    const placed = broadcaster.named('bid.placed')
    expect(placed).toHaveLength(1)
    expect(placed[0]!.channel).toBe(`lot.${lotId}`)
    expect(placed[0]!.data).toMatchObject({ lotId, lot: { version: 4, currentPrice: 3_100 } })
    expect(broadcaster.named('lot.updated').map((e) => e.channel)).toEqual(['lots'])
    const walletEvents = broadcaster.named('wallet.updated')
    expect(walletEvents.map((e) => e.channel).sort()).toEqual(
      [`private-wallet.${alice.id}`, `private-wallet.${bob.id}`].sort(),
    )
    expect(walletEvents.find((e) => e.channel.endsWith(alice.id))!.data).toMatchObject({
      held: 0,
      version: expect.any(Number),
    })
    expect(broadcaster.userEvents).toEqual([
      {
        userId: alice.id,
        event: 'notification',
        data: expect.objectContaining({
          kind: 'outbid',
          lotId,
          data: expect.objectContaining({ price: 3_100 }),
        }),
      },
    ])
    const list = (await alice.b.request({ method: 'GET', url: '/api/notifications' })).json()
    expect(list.items[0]).toMatchObject({ kind: 'outbid', lotId, readAt: null })
    await expectMoneyInvariants(t.db)
  })

  it('lets the leader raise their maximum without raising the price', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id)
    await bid(alice, lotId, { amount: 1_000, maxAmount: 2_000 })
    await bid(bob, lotId, { amount: 1_100 })
    const res = await bid(alice, lotId, { amount: 1_300, maxAmount: 8_000 })
    expect(res.statusCode).toBe(201)
    expect(res.json().lot).toMatchObject({ currentPrice: 1_200, leader: alice.alias })
    expect(res.json().lot.my.maxBid).toBe(8_000)
    expect(await wallet(alice)).toMatchObject({ held: 8_000 })
    // The raise is private: no history row, no bid counted, nothing in the response's rows.
    expect(res.json().bids).toEqual([])
    expect(res.json().lot.bidCount).toBe(3)
    const history = await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}/bids` })
    expect(history.json().items.map((r: { amount: number }) => r.amount)).toEqual([
      1_000, 1_100, 1_200,
    ])
    const same = await bid(alice, lotId, { amount: 1_300, maxAmount: 8_000 })
    expect(same.statusCode).toBe(422)
    expect(same.json().code).toBe('max_not_raised')
  })

  it('sends the sender socket id along so the sender is left out of channel events', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    await alice.b.request({
      method: 'POST',
      url: `/api/lots/${lotId}/bids`,
      headers: { 'idempotency-key': randomUUID(), 'x-socket-id': '123.456' },
      payload: { amount: 1_000 },
    })
    expect(broadcaster.events.length).toBeGreaterThan(0)
    expect(broadcaster.events.every((e) => e.socketId === '123.456')).toBe(true)
  })
})

describe('refusing bids (problem+json, nothing changes)', () => {
  let seller: Member
  let alice: Member
  let lotId: string
  beforeAll(async () => {
    seller = await newMember(0)
    alice = await newMember(10_000)
    lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 1_500 })
  })

  async function expectRefused(
    res: { statusCode: number; headers: Record<string, unknown>; json(): { code: string } },
    status: number,
    code: string,
  ) {
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.json().code).toBe(code)
  }

  it.each([
    ['below the minimum next bid', { amount: 1_050 }, 422, 'bid_too_low'],
    ['a maximum below the amount', { amount: 2_000, maxAmount: 1_900 }, 422, 'max_below_amount'],
    ['a fractional amount', { amount: 1_100.5 }, 422, 'validation_failed'],
    ['a string amount', { amount: '1100' }, 422, 'validation_failed'],
    ['a negative amount', { amount: -5 }, 422, 'validation_failed'],
    ['a missing amount', {}, 422, 'validation_failed'],
    ['an unknown field', { amount: 1_100, price: 5 }, 422, 'validation_failed'],
  ])('refuses %s', async (_name, body, status, code) => {
    const bob = await newMember()
    const before = await lotRow(lotId)
    const bids = await countBids(lotId)
    await expectRefused(await bid(bob, lotId, body as { amount: unknown }), status, code)
    expect(await lotRow(lotId)).toEqual(before)
    expect(await countBids(lotId)).toBe(bids)
    expect((await wallet(bob)).held).toBe(0)
  })

  it('requires an Idempotency-Key', async () => {
    const bob = await newMember()
    await expectRefused(
      await bid(bob, lotId, { amount: 2_000 }, null),
      400,
      'idempotency_key_required',
    )
    await expectRefused(
      await bid(bob, lotId, { amount: 2_000 }, 'has space'),
      400,
      'idempotency_key_required',
    )
    await expectRefused(
      await bid(bob, lotId, { amount: 2_000 }, 'short'),
      400,
      'idempotency_key_required',
    )
    expect(await countBids(lotId)).toBe(1)
  })

  it('refuses a maximum beyond the available balance (own hold on this lot counts)', async () => {
    const poor = await newMember(1_500)
    const before = await lotRow(lotId)
    await expectRefused(await bid(poor, lotId, { amount: 1_600 }), 422, 'insufficient_funds')
    expect(await lotRow(lotId)).toEqual(before)
    // Alice holds 1,500 of her 10,000 here; raising to 10,000 is allowed, 10,001 is not.
    await expectRefused(
      await bid(alice, lotId, { amount: 1_600, maxAmount: 10_001 }),
      422,
      'insufficient_funds',
    )
    expect((await bid(alice, lotId, { amount: 1_600, maxAmount: 10_000 })).statusCode).toBe(201)
    expect(await wallet(alice)).toMatchObject({ held: 10_000, available: 0 })
    await expectMoneyInvariants(t.db)
  })

  it('refuses the seller, guests, unknown lots and lots that are not open', async () => {
    await expectRefused(await bid(seller, lotId, { amount: 5_000 }), 403, 'own_lot')
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/lots/${lotId}/bids`,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'idempotency-key': 'k1' },
      payload: { amount: 5_000 },
    })
    await expectRefused(guest, 401, 'unauthenticated')
    const bob = await newMember()
    await expectRefused(await bid(bob, randomUUID(), { amount: 5_000 }), 404, 'not_found')
    await expectRefused(await bid(bob, 'not-a-uuid', { amount: 5_000 }), 404, 'not_found')

    const ended = await openLot(t.db, seller.id)
    await t.db.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [ended])
    await expectRefused(await bid(bob, ended, { amount: 5_000 }), 409, 'lot_ended')
    const scheduled = await openLot(t.db, seller.id)
    await t.db.query(`update lots set status = 'scheduled' where id = $1`, [scheduled])
    await expectRefused(await bid(bob, scheduled, { amount: 5_000 }), 409, 'lot_not_open')
    expect(await countBids(ended)).toBe(0)
  })
})

describe('idempotency', () => {
  it('returns the original response for a retry and places the bid once', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    const first = await bid(alice, lotId, { amount: 1_000, maxAmount: 2_000 }, key)
    const events = broadcaster.events.length
    const again = await bid(alice, lotId, { amount: 1_000, maxAmount: 2_000 }, key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await countBids(lotId)).toBe(1)
    expect(broadcaster.events.length).toBe(events)
    // The key belongs to the user: another user may use the same key.
    const bob = await newMember()
    expect((await bid(bob, lotId, { amount: 1_100 }, key)).statusCode).toBe(201)
  })

  it('refuses the same key with a different body', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    await bid(alice, lotId, { amount: 1_000 }, key)
    const reused = await bid(alice, lotId, { amount: 1_000, maxAmount: 2_000 }, key)
    expect(reused.statusCode).toBe(422)
    expect(reused.json().code).toBe('idempotency_key_reused')
    const otherLot = await openLot(t.db, seller.id)
    expect((await bid(alice, otherLot, { amount: 1_000 }, key)).json().code).toBe(
      'idempotency_key_reused',
    )
    expect(await countBids(otherLot)).toBe(0)
  })

  it('treats an omitted maximum and a maximum equal to the amount as the same request', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    await bid(alice, lotId, { amount: 1_000 }, key)
    expect((await bid(alice, lotId, { amount: 1_000, maxAmount: 1_000 }, key)).statusCode).toBe(201)
    expect(await countBids(lotId)).toBe(1)
  })
})

describe('soft close', () => {
  it('a bid inside the window pushes the end to now + window; outside it does not', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 20, softCloseSeconds: 60 })
    const before = (await lotRow(lotId)).ends_at.getTime()
    const res = await bid(alice, lotId, { amount: 1_000 })
    const endsAt = new Date(res.json().lot.endsAt).getTime()
    expect(endsAt).toBeGreaterThan(before + 30_000)
    expect(Math.abs(endsAt - (Date.now() + 60_000))).toBeLessThan(5_000)

    const far = await openLot(t.db, seller.id, { endsInSeconds: 3_600, softCloseSeconds: 60 })
    const farBefore = (await lotRow(far)).ends_at.toISOString()
    const farRes = await bid(bob, far, { amount: 1_000 })
    expect(farRes.json().lot.endsAt).toBe(farBefore)
  })

  it('a leader only raising their maximum does not extend the lot', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 3_600, softCloseSeconds: 60 })
    await bid(alice, lotId, { amount: 1_000 })
    await t.db.query(`update lots set ends_at = now() + interval '20 seconds' where id = $1`, [
      lotId,
    ])
    const endsAt = (await lotRow(lotId)).ends_at.toISOString()
    const res = await bid(alice, lotId, { amount: 1_100, maxAmount: 5_000 })
    expect(res.statusCode).toBe(201)
    expect(res.json().lot.endsAt).toBe(endsAt)
  })
})

describe('bid history', () => {
  it('lists the latest page ascending, and bids after an id for gap filling', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id)
    await bid(alice, lotId, { amount: 1_000 })
    await bid(bob, lotId, { amount: 1_100 })
    await bid(alice, lotId, { amount: 1_200 })
    const all = (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids` })).json()
    expect(all.items.map((b: { amount: number }) => b.amount)).toEqual([1_000, 1_100, 1_200])
    expect(all.items[0]).toEqual({
      id: expect.any(Number),
      lotId,
      bidder: alice.alias,
      amount: 1_000,
      auto: false,
      createdAt: expect.any(String),
    })
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids?after=${all.items[0].id}` })
    ).json()
    expect(after.items.map((b: { amount: number }) => b.amount)).toEqual([1_100, 1_200])
    expect(after.nextCursor).toBeNull()
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids?after=x` })).statusCode,
    ).toBe(422)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/lots/${randomUUID()}/bids` })).statusCode,
    ).toBe(404)
  })

  it('says which lot version each answer is complete at: the next event is exactly the one after', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const lotVersion = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}` })).json().version as number
    const empty = (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids` })).json()
    expect(empty).toEqual({ items: [], nextCursor: null, version: await lotVersion() })
    await bid(alice, lotId, { amount: 1_000 })
    await bid(bob, lotId, { amount: 1_100 })
    const all = (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids` })).json()
    expect(all.version).toBe(await lotVersion())
    const placed = await bid(alice, lotId, { amount: 1_200 })
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}/bids?after=${all.items[1].id}` })
    ).json()
    expect(after.items.map((b: { amount: number }) => b.amount)).toEqual([1_200])
    expect(after.version).toBe(placed.json().lot.version)
  })
})
