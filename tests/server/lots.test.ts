import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, testConfig, XHR, type TestApp } from './helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
} from './auction-helpers.ts'

/** Lots: create, list/search/paginate, detail with my status, cancel, watchlist, my bids, wallet. */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
// Cancelling releases holds: every test ends with the shared money invariants.
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())
beforeEach(() => broadcaster.clear())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

async function countLots() {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from lots')
  return rows[0]!.n
}

describe('creating a lot', () => {
  it('opens at once without startsAt, answers 201 with the detail, and announces lot.created', async () => {
    const seller = await newMember(0)
    const res = await seller.b.request({
      method: 'POST',
      url: '/api/lots',
      payload: {
        title: '  Brass desk lamp ',
        description: 'Works.',
        category: 'other',
        startingPrice: 2_500,
        reservePrice: 5_000,
        endsAt: inMinutes(120),
        delivery: { shipping: { cost: 650 } },
      },
    })
    expect(res.statusCode).toBe(201)
    const lot = res.json()
    expect(lot).toMatchObject({
      title: 'Brass desk lamp',
      description: 'Works.',
      status: 'open',
      startingPrice: 2_500,
      currentPrice: null,
      minNextBid: 2_500,
      bidCount: 0,
      leader: null,
      seller: 'Member', // the seller's display name, not an alias (decision 0025)
      hasReserve: true,
      reserveMet: false,
      softCloseSeconds: 60,
      delivery: { shipping: { cost: 650 }, pickup: null },
      version: 1,
      my: { status: null, maxBid: null, watching: false },
    })
    expect(lot).not.toHaveProperty('reservePrice')
    expect(typeof lot.serverTime).toBe('string')
    expect(broadcaster.named('lot.created')).toEqual([
      expect.objectContaining({
        channel: 'lots',
        data: expect.objectContaining({ id: lot.id, version: 1 }),
      }),
    ])
  })

  it('schedules a lot with a future startsAt', async () => {
    const seller = await newMember(0)
    const res = await seller.b.request({
      method: 'POST',
      url: '/api/lots',
      payload: {
        title: 'Later',
        category: 'other',
        startingPrice: 100,
        startsAt: inMinutes(30),
        endsAt: inMinutes(90),
        delivery: { shipping: { cost: 650 } },
        softCloseSeconds: 30,
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ status: 'scheduled', softCloseSeconds: 30 })
  })

  it.each([
    ['a short title', { title: 'ab' }, 'title'],
    ['a blank title', { title: '      ' }, 'title'],
    ['a starting price below 1.00', { startingPrice: 99 }, 'startingPrice'],
    ['a fractional price', { startingPrice: 150.5 }, 'startingPrice'],
    ['a reserve below the starting price', { reservePrice: 500 }, 'reservePrice'],
    ['an end too soon', { endsAt: inMinutes(0.5) }, 'endsAt'],
    ['an end beyond 14 days', { endsAt: inMinutes(14 * 24 * 60 + 5) }, 'endsAt'],
    ['a start in the past', { startsAt: inMinutes(-30) }, 'startsAt'],
    ['a soft close outside 10..600 s', { softCloseSeconds: 5 }, 'softCloseSeconds'],
    ['a time that is not ISO-8601', { endsAt: 'next week' }, 'endsAt'],
    ['an unknown field', { status: 'settled' }, 'body'],
    ['no way to reach the buyer', { delivery: {} }, 'delivery'],
    [
      'a negative shipping cost',
      { delivery: { shipping: { cost: -1 } } },
      'delivery.shipping.cost',
    ],
    ['a blank pickup town', { delivery: { pickup: { town: ' ' } } }, 'pickupTown'],
  ])('refuses %s with a per-field message and creates nothing', async (_name, patch, field) => {
    const seller = await newMember(0)
    const before = await countLots()
    const res = await seller.b.request({
      method: 'POST',
      url: '/api/lots',
      payload: {
        title: 'Fine title',
        category: 'other',
        startingPrice: 1_000,
        endsAt: inMinutes(60),
        delivery: { shipping: { cost: 650 } },
        ...patch,
      },
    })
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.json().code).toBe('validation_failed')
    expect(Object.keys(res.json().errors)).toContain(field)
    expect(await countLots()).toBe(before)
  })

  it('needs a signed-in member and the async header', async () => {
    const payload = {
      title: 'Fine title',
      category: 'other',
      startingPrice: 1_000,
      endsAt: inMinutes(60),
      delivery: { shipping: { cost: 650 } },
    }
    const guest = await t.app.inject({ method: 'POST', url: '/api/lots', headers: XHR, payload })
    expect(guest.statusCode).toBe(401)
    const seller = await newMember(0)
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/lots',
      headers: { cookie: seller.b.cookie! },
      payload,
    })
    expect(noHeader.statusCode).toBe(403)
  })
})

describe('listing lots', () => {
  // These tests share a database with every other test in this file (in any order), so
  // they see only their own lots: each title starts with a tag, and every list searches for it.
  const tag = `t${randomUUID().slice(0, 8)}`
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    const seller = await newMember(0)
    const lot = (title: string, endsInSeconds?: number) =>
      openLot(t.db, seller.id, { title: `${tag} ${title}`, endsInSeconds })
    ids.soon = await lot('Copper kettle', 600)
    ids.later = await lot('Oak chair', 7_200)
    ids.mid = await lot('Wool rug 100% pure', 4_000)
    ids.scheduled = await lot('Future lamp', 9_000)
    await t.db.query(
      `update lots set status = 'scheduled', starts_at = now() + interval '1 hour' where id = $1`,
      [ids.scheduled],
    )
    ids.done = await lot('Sold kettle')
    await t.db.query(
      `update lots set status = 'unsold', starts_at = now() - interval '2 hours',
                       ends_at = now() - interval '1 hour' where id = $1`,
      [ids.done],
    )
  })

  /** One page of the list, searched for this block's tag (plus `query`). */
  const list = async (query = '', q = tag) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/lots?q=${encodeURIComponent(q)}${query ? `&${query}` : ''}`,
      })
    ).json()
  const titles = (page: { items: Array<{ title: string }> }) =>
    page.items.map((i) => i.title.replace(`${tag} `, ''))
  const ALL = ['Copper kettle', 'Wool rug 100% pure', 'Oak chair', 'Future lamp', 'Sold kettle']

  it('puts open lots first, ending soonest first, then scheduled, then ended', async () => {
    expect(titles(await list())).toEqual(ALL)
  })

  it('filters by status, each filter leaving out the lots of the others', async () => {
    const open = titles(await list('status=open'))
    expect(open).toEqual(['Copper kettle', 'Wool rug 100% pure', 'Oak chair'])
    expect(titles(await list('status=ending_soon'))).toEqual(['Copper kettle'])
    expect(titles(await list('status=scheduled'))).toEqual(['Future lamp'])
    const closed = titles(await list('status=closed'))
    expect(closed).toEqual(['Sold kettle'])
    for (const title of ['Copper kettle', 'Wool rug 100% pure', 'Oak chair', 'Future lamp']) {
      expect(closed).not.toContain(title)
    }
    expect(open).not.toContain('Sold kettle')
    expect(open).not.toContain('Future lamp')
    const bogus = await t.app.inject({ method: 'GET', url: '/api/lots?status=bogus' })
    expect(bogus.statusCode).toBe(422)
  })

  it('searches title and description case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(titles(await list('status=open', `${tag} COPPER KETTLE`.toUpperCase()))).toEqual([
      'Copper kettle',
    ])
    expect(titles(await list('', `${tag} Wool rug 100%`))).toEqual(['Wool rug 100% pure'])
    // As a wildcard, "_" would match the space after the tag in every title.
    expect(titles(await list('', `${tag}_`))).toEqual([])
  })

  it('paginates with a stable opaque cursor', async () => {
    const first = await list('status=open&limit=2')
    expect(titles(first)).toEqual(['Copper kettle', 'Wool rug 100% pure'])
    expect(typeof first.nextCursor).toBe('string')
    const second = await list(`status=open&limit=2&cursor=${first.nextCursor}`)
    expect(titles(second)).toEqual(['Oak chair'])
    expect(second.nextCursor).toBeNull()
    const bad = await t.app.inject({ method: 'GET', url: '/api/lots?cursor=garbage' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('bad_request')
  })
})

describe('lot detail', () => {
  it('shows version, minNextBid, serverTime, reserveMet, and my status to a signed-in user', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id, { reservePrice: 5_000 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 3_000 })
    await bid(bob, lotId, { amount: 1_100 })
    const guest = (await t.app.inject({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(guest).toMatchObject({
      id: lotId,
      currentPrice: 1_200,
      minNextBid: 1_300,
      leader: alice.alias,
      reserveMet: false,
      hasReserve: true,
      bidCount: 3,
      version: 3,
      my: null,
    })
    expect(Date.parse(guest.serverTime)).toBeGreaterThan(0)
    const mine = (await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(mine.my).toEqual({ status: 'leading', maxBid: 3_000, watching: false })
    const his = (await bob.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(his.my).toEqual({ status: 'outbid', maxBid: 1_100, watching: false })
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/lots/${randomUUID()}` })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/lots/nope' })).statusCode).toBe(404)
  })
})

describe('cancelling a lot', () => {
  it('lets the seller cancel before the first bid, and announces it', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id)
    const res = await seller.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', version: 2, minNextBid: null })
    expect(
      broadcaster
        .named('lot.updated')
        .map((e) => e.channel)
        .sort(),
    ).toEqual(['lot.' + lotId, 'lots'].sort())
    const again = await seller.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(again.json().code).toBe('lot_not_cancellable')
  })

  it('refuses the seller once there are bids, and other members always', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const other = await alice.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(other.statusCode).toBe(403)
    await bid(alice, lotId, { amount: 1_000, maxAmount: 4_000 })
    const res = await seller.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('lot_has_bids')
    const { rows } = await t.db.query<{ status: string }>('select status from lots where id = $1', [
      lotId,
    ])
    expect(rows[0]!.status).toBe('open')
  })

  it('lets an admin cancel a lot with bids, releasing the leader hold', async () => {
    const seller = await newMember(0)
    const alice = await newMember(10_000)
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const lotId = await openLot(t.db, seller.id)
    await bid(alice, lotId, { amount: 1_000, maxAmount: 4_000 })
    broadcaster.clear()
    const res = await admin.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(res.statusCode).toBe(200)
    const wallet = (await alice.b.request({ method: 'GET', url: '/api/wallet' })).json()
    expect(wallet).toMatchObject({ balance: 10_000, held: 0, available: 10_000 })
    expect(broadcaster.named('wallet.updated')).toEqual([
      expect.objectContaining({ channel: `private-wallet.${alice.id}`, data: wallet }),
    ])
    expect(broadcaster.userEvents[0]).toMatchObject({
      userId: alice.id,
      data: { kind: 'lot_cancelled' },
    })
    expect((await bid(alice, lotId, { amount: 5_000 })).json().code).toBe('lot_not_open')
  })
})

describe('watchlist and my bids', () => {
  it('watches idempotently, lists watched lots, and unwatches', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { title: 'Watched thing' })
    for (let i = 0; i < 2; i++) {
      const res = await alice.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
      expect(res.json()).toEqual({ lotId, watching: true })
    }
    const list = (await alice.b.request({ method: 'GET', url: '/api/watchlist' })).json()
    expect(list.items.map((l: { id: string }) => l.id)).toEqual([lotId])
    expect(list.nextCursor).toBeNull()
    const detail = (await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(detail.my.watching).toBe(true)
    for (let i = 0; i < 2; i++) {
      const res = await alice.b.request({ method: 'DELETE', url: `/api/lots/${lotId}/watch` })
      expect(res.json()).toEqual({ lotId, watching: false })
    }
    expect((await alice.b.request({ method: 'GET', url: '/api/watchlist' })).json().items).toEqual(
      [],
    )
    expect(
      (await alice.b.request({ method: 'PUT', url: `/api/lots/${randomUUID()}/watch` })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist' })).statusCode).toBe(401)
  })

  it('lists the lots I bid on with my status', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const a = await openLot(t.db, seller.id)
    const b = await openLot(t.db, seller.id, { endsInSeconds: 7_200 })
    await bid(alice, a, { amount: 1_000 })
    await bid(alice, b, { amount: 1_000 })
    await bid(bob, b, { amount: 1_500 })
    const mine = (await alice.b.request({ method: 'GET', url: '/api/me/bids' })).json()
    expect(
      mine.items.map((l: { id: string; my: { status: string } }) => [l.id, l.my.status]),
    ).toEqual([
      [a, 'leading'],
      [b, 'outbid'],
    ])
  })
})

describe('notifications and wallet', () => {
  it('marks given or all notifications read', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    for (let i = 0; i < 3; i++) {
      const lotId = await openLot(t.db, seller.id)
      await bid(alice, lotId, { amount: 1_000 })
      await bid(bob, lotId, { amount: 1_100 })
    }
    const list = (await alice.b.request({ method: 'GET', url: '/api/notifications' })).json()
    expect(list.items).toHaveLength(3)
    expect(list.unread).toBe(3)
    expect(list.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'outbid',
      lotId: expect.any(String),
      data: { title: 'Test lot', price: 1_100, minNextBid: 1_200 },
      readAt: null,
      createdAt: expect.any(String),
    })
    const one = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [list.items[0].id] },
    })
    expect(one.json()).toEqual({ updated: 1, unread: 2 })
    // Someone else's ids change nothing.
    expect(
      (
        await bob.b.request({
          method: 'POST',
          url: '/api/notifications/read',
          payload: { ids: [list.items[1].id] },
        })
      ).json().updated,
    ).toBe(0)
    const all = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: {},
    })
    expect(all.json()).toEqual({ updated: 2, unread: 0 })
    const bad = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: ['x'] },
    })
    expect(bad.statusCode).toBe(422)
  })

  it('shows the wallet to its owner only', async () => {
    const alice = await newMember(12_345)
    const res = await alice.b.request({ method: 'GET', url: '/api/wallet' })
    expect(res.json()).toEqual({
      balance: 12_345,
      held: 0,
      available: 12_345,
      pending: 0,
      currency: 'EUR',
      version: 1,
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(401)
  })
})
