import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, testConfig, XHR, type TestApp } from './helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from './auction-helpers.ts'

/** Issue 32: cancel reasons, ending a lot early, blocking bidders (docs/product.md "Seller tools"). */

let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(() => broadcaster.clear())
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const newMember = (credit = 100_000, role: 'member' | 'admin' = 'member') =>
  member(t.app, t.db, config, { credit, role })

const notifications = async (m: Member) =>
  (await m.b.request({ method: 'GET', url: '/api/notifications' })).json().items as Array<{
    kind: string
    data: Record<string, unknown>
  }>

const lotOf = async (m: Member, lotId: string) =>
  (await m.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()

const lotRow = async (lotId: string) =>
  (
    await t.db.query<{ status: string; ends_at: Date; version: number }>(
      'select status, ends_at, version from lots where id = $1',
      [lotId],
    )
  ).rows[0]!

describe('an admin cancels a lot with a reason', () => {
  it('tells the seller why, shows the reason and the time of the cancel on the lot', async () => {
    const admin = await newMember(0, 'admin')
    const seller = await newMember(0)
    const bidder = await newMember()
    const lotId = await openLot(t.db, seller.id, { title: 'Brass lamp' })
    expect((await bid(bidder, lotId, { amount: 1_000 })).statusCode).toBe(201)
    const before = Date.now()
    const res = await admin.b.request({
      method: 'POST',
      url: `/api/admin/lots/${lotId}/cancel`,
      payload: { reason: 'Counterfeit item' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Counterfeit item' })
    const cancelledAt = Date.parse(res.json().cancelledAt)
    expect(cancelledAt).toBeGreaterThanOrEqual(before - 1_000)
    // The lot update every watcher gets carries the reason too.
    const updated = broadcaster.named('lot.updated').map((e) => e.data as Record<string, unknown>)
    expect(updated.at(-1)).toMatchObject({ cancelReason: 'Counterfeit item' })
    expect(await lotOf(bidder, lotId)).toMatchObject({ cancelReason: 'Counterfeit item' })

    const told = (await notifications(seller)).filter((n) => n.kind === 'lot_cancelled')
    expect(told).toEqual([
      expect.objectContaining({
        data: { title: 'Brass lamp', reason: 'Counterfeit item', seller: true },
      }),
    ])
    const leader = (await notifications(bidder)).filter((n) => n.kind === 'lot_cancelled')
    expect(leader[0]?.data).toMatchObject({ title: 'Brass lamp', reason: 'Counterfeit item' })
  })

  it('a seller’s own cancel has a time and no Lotline reason, and tells no seller', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id)
    const res = await seller.b.request({ method: 'POST', url: `/api/lots/${lotId}/cancel` })
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: null })
    expect(res.json().cancelledAt).toEqual(expect.any(String))
    expect((await notifications(seller)).filter((n) => n.kind === 'lot_cancelled')).toEqual([])
  })

  it('an open lot has neither', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id)
    expect(await lotOf(seller, lotId)).toMatchObject({ cancelledAt: null, cancelReason: null })
  })
})

describe('the seller ends a lot early', () => {
  const end = (m: Member, lotId: string, key: string | null = randomUUID()) =>
    m.b.request({
      method: 'POST',
      url: `/api/lots/${lotId}/end`,
      headers: key ? { 'idempotency-key': key } : {},
    })

  it('before any bid: it ends now, unsold, and everyone in the room sees it', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 86_400 })
    const key = randomUUID()
    const res = await end(seller, lotId, key)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: lotId, status: 'unsold', minNextBid: null })
    expect(Date.parse(res.json().endsAt)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(res.json().endsAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(broadcaster.named('lot.updated').map((e) => e.channel)).toContain(`lot.${lotId}`)
    expect((await notifications(seller)).map((n) => n.kind)).toContain('lot_unsold')
    const repeat = await end(seller, lotId, key)
    expect(repeat.statusCode).toBe(200)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    const again = await end(seller, lotId)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('lot_not_open')
  })

  it('refuses once there is a bid, someone else, an unknown lot and a bad id; nothing changes', async () => {
    const seller = await newMember(0)
    const other = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const unbid = await lotRow(lotId)
    const stranger = await end(other, lotId)
    expect(stranger.statusCode).toBe(403)
    expect(stranger.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(await lotRow(lotId)).toEqual(unbid)
    expect((await bid(other, lotId, { amount: 1_000 })).statusCode).toBe(201)
    const bidOn = await lotRow(lotId)
    const refused = await end(seller, lotId)
    expect(refused.statusCode).toBe(409)
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(refused.json().code).toBe('lot_has_bids')
    expect(await lotRow(lotId)).toEqual(bidOn)
    expect((await end(seller, randomUUID())).statusCode).toBe(404)
    expect((await end(seller, 'not-a-lot')).statusCode).toBe(404)
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/lots/${lotId}/end`,
      headers: XHR,
    })
    expect(guest.statusCode).toBe(401)
  })
})

describe('a seller blocks a bidder', () => {
  const blocks = (m: Member, method: 'PUT' | 'DELETE' | 'GET', alias?: string) =>
    m.b.request({
      method,
      url: `/api/me/blocked-bidders${alias === undefined ? '' : `/${encodeURIComponent(alias)}`}`,
    })
  const blockRows = async (sellerId: string) =>
    (await t.db.query('select bidder_id from seller_blocks where seller_id = $1', [sellerId])).rows

  it('refuses their bids on the seller’s running and future lots, not on other sellers’', async () => {
    const seller = await newMember(0)
    const otherSeller = await newMember(0)
    const bob = await newMember()
    const running = await openLot(t.db, seller.id)
    const put = await blocks(seller, 'PUT', bob.alias.toLowerCase())
    expect(put.statusCode).toBe(200)
    expect(put.json().items).toEqual([{ alias: bob.alias, createdAt: expect.any(String) }])
    // Only the alias: never an id or an e-mail.
    expect(JSON.stringify(put.json())).not.toContain(bob.id)

    const refused = await bid(bob, running, { amount: 1_000 })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(refused.json()).toMatchObject({
      code: 'bidder_blocked',
      detail: 'The seller of this lot does not accept your bids.',
    })
    const future = await openLot(t.db, seller.id)
    expect((await bid(bob, future, { amount: 1_000 })).json().code).toBe('bidder_blocked')
    expect(
      (await bid(bob, await openLot(t.db, otherSeller.id), { amount: 1_000 })).statusCode,
    ).toBe(201)
    const { rows } = await t.db.query('select count(*)::int as n from bids where lot_id = $1', [
      running,
    ])
    expect(rows[0]).toEqual({ n: 0 })

    // A second block changes nothing; unblocking lets them bid again.
    expect((await blocks(seller, 'PUT', bob.alias)).json().items).toHaveLength(1)
    expect(
      (await blocks(seller, 'GET')).json().items.map((b: { alias: string }) => b.alias),
    ).toEqual([bob.alias])
    const unblock = await blocks(seller, 'DELETE', bob.alias)
    expect(unblock.json().items).toEqual([])
    expect((await bid(bob, running, { amount: 1_000 })).statusCode).toBe(201)
  })

  it('does not take away a lead the member already has', async () => {
    const seller = await newMember(0)
    const bob = await newMember()
    const carol = await newMember()
    const lotId = await openLot(t.db, seller.id)
    expect((await bid(bob, lotId, { amount: 1_000, maxAmount: 5_000 })).statusCode).toBe(201)
    await blocks(seller, 'PUT', bob.alias)
    expect((await bid(carol, lotId, { amount: 1_100 })).statusCode).toBe(201)
    expect((await lotOf(carol, lotId)).leader).toBe(bob.alias)
  })

  it('a bid racing the block is decided before it or refused after it', async () => {
    const seller = await newMember(0)
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const [placed, blocked] = await Promise.all([
      bid(bob, lotId, { amount: 1_000 }),
      blocks(seller, 'PUT', bob.alias),
    ])
    expect(blocked.statusCode).toBe(200)
    const after = await bid(bob, lotId, { amount: 5_000 })
    expect(after.json().code).toBe('bidder_blocked')
    // Whichever went first, the history holds at most the one bid that came before the block.
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from bids where lot_id = $1',
      [lotId],
    )
    expect(rows[0]!.n).toBe(placed.statusCode === 201 ? 1 : 0)
    if (placed.statusCode !== 201) expect(placed.json().code).toBe('bidder_blocked')
  })

  it('bad input: unknown alias 404, oneself 409, a bad alias 422, a guest 401; nothing stored', async () => {
    const seller = await newMember(0)
    const missing = await blocks(seller, 'PUT', 'Nobody Here 999')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/)
    const self = await blocks(seller, 'PUT', seller.alias)
    expect(self.statusCode).toBe(409)
    expect(self.headers['content-type']).toMatch(/application\/problem\+json/)
    for (const bad of ['x', 'a'.repeat(40), 'tab\there']) {
      const res = await blocks(seller, 'PUT', bad)
      expect(res.statusCode, bad).toBe(422)
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/)
    }
    expect(await blockRows(seller.id)).toEqual([])
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/me/blocked-bidders',
      headers: XHR,
    })
    expect(guest.statusCode).toBe(401)
  })

  it('an admin sees whom a member blocked and who blocked them; a member may not look', async () => {
    const admin = await newMember(0, 'admin')
    const seller = await newMember(0)
    const bob = await newMember()
    await blocks(seller, 'PUT', bob.alias)
    const view = (m: Member, userId: string) =>
      m.b.request({ method: 'GET', url: `/api/admin/members/${userId}/blocks` })
    const mine = await view(admin, seller.id)
    expect(mine.json()).toEqual({
      blocked: [{ name: 'Member', alias: bob.alias, createdAt: expect.any(String) }],
      blockedBy: [],
    })
    expect((await view(admin, bob.id)).json().blockedBy).toEqual([
      { name: 'Member', alias: seller.alias, createdAt: expect.any(String) },
    ])
    expect((await view(bob, bob.id)).statusCode).toBe(403)
    expect((await view(admin, 'nope')).statusCode).toBe(422)
  })
})
