import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { closeLot } from '../../server/commands/settlement/close-lot.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from './auction-helpers.ts'

/** A lot's ending (decision 0023): who hears of it, the result panel, receipts, my bids tabs. */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const newMember = (credit = 100_000, name?: string) => member(t.app, t.db, config, { credit, name })
const later = new Date(Date.now() + 3_600_000)
const get = async (m: Member | null, url: string) =>
  (m ? m.b : { request: t.app.inject.bind(t.app) }).request({ method: 'GET', url })

async function kinds(m: Member) {
  const res = await m.b.request({ method: 'GET', url: '/api/notifications' })
  return (res.json() as { items: Array<{ kind: string; lotId: string }> }).items.map((n) => n.kind)
}

/** A lot Alice wins at €21 over Bob and Carol; the seller leaves a pickup note. */
async function soldLot() {
  const [seller, alice, bob, carol] = await Promise.all([
    newMember(0, 'Sam Seller'),
    newMember(100_000, 'Alice Archer'),
    newMember(),
    newMember(),
  ])
  const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60 })
  await t.db.query(`update lots set next_steps = 'Pickup in Ghent, weekdays' where id = $1`, [
    lotId,
  ])
  await bid(bob, lotId, { amount: 1_000 })
  await bid(carol, lotId, { amount: 1_500 })
  await bid(alice, lotId, { amount: 2_000, maxAmount: 5_000 })
  await bid(bob, lotId, { amount: 2_000 })
  expect(await closeLot({ db: t.db, currency: 'EUR' }, lotId, later)).toBe('settled')
  return { seller, alice, bob, carol, lotId }
}

describe('the end of a lot', () => {
  it('tells every losing bidder once, and neither the winner nor the seller', async () => {
    const { seller, alice, bob, carol, lotId } = await soldLot()
    expect(await kinds(bob)).toContain('lot_ended')
    expect(await kinds(carol)).toContain('lot_ended')
    expect(await kinds(alice)).not.toContain('lot_ended')
    expect(await kinds(seller)).toEqual(['lot_sold'])
    // A second close tells nobody again.
    expect(await closeLot({ db: t.db, currency: 'EUR' }, lotId, later)).toBe('skipped')
    expect((await kinds(bob)).filter((k) => k === 'lot_ended')).toHaveLength(1)
  })

  it('reserve not met: every bidder, the leader too, hears it ended', async () => {
    const [seller, alice, bob] = await Promise.all([newMember(0), newMember(), newMember()])
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60, reservePrice: 90_000 })
    await bid(bob, lotId, { amount: 1_000 })
    await bid(alice, lotId, { amount: 2_000 })
    expect(await closeLot({ db: t.db, currency: 'EUR' }, lotId, later)).toBe('unsold')
    expect(await kinds(alice)).toEqual(['lot_ended'])
    expect(await kinds(bob)).toContain('lot_ended')
    const result = (await get(alice, `/api/lots/${lotId}/result`)).json()
    expect(result).toMatchObject({ status: 'unsold', price: null, viewer: 'bidder' })
  })

  it('the result: the winner sees the price, the winning bid, the note and their entry', async () => {
    const { seller, alice, bob, lotId } = await soldLot()
    const bids = (await get(bob, `/api/lots/${lotId}/bids`)).json().items as Array<{
      id: number
      bidder: string
      amount: number
    }>
    const top = bids.reduce((a, b) => (b.amount > a.amount ? b : a))
    const price = (await get(alice, `/api/lots/${lotId}`)).json().currentPrice as number
    expect(price).toBe(top.amount)
    const mine = (await get(alice, `/api/lots/${lotId}/result`)).json()
    expect(mine).toMatchObject({
      status: 'settled',
      price,
      viewer: 'winner',
      winningBidId: top.id,
      nextSteps: 'Pickup in Ghent, weekdays',
      entryAmount: -price,
    })
    expect(top.bidder).toBe(alice.alias)
    const sellers = (await get(seller, `/api/lots/${lotId}/result`)).json()
    expect(sellers).toMatchObject({ viewer: 'seller', entryAmount: price })
    // A losing bidder and a guest see the sale, never the seller's note or anyone's entry.
    const bobs = (await get(bob, `/api/lots/${lotId}/result`)).json()
    expect(bobs).toMatchObject({ viewer: 'bidder', nextSteps: null, entryId: null })
    const guest = await get(null, `/api/lots/${lotId}/result`)
    expect(guest.json()).toMatchObject({ viewer: 'other', price, nextSteps: null })

    const receipt = (await get(alice, `/api/wallet/receipts/${mine.entryId}`)).json()
    expect(receipt).toMatchObject({ kind: 'purchase', amount: price, lotId, buyer: null })
    expect(receipt.reference).toMatch(/^LL-\d{6,}$/)
    const credit = (await get(seller, `/api/wallet/receipts/${sellers.entryId}`)).json()
    // The seller's statement names the buyer as the order does, and both link to that order.
    expect(credit).toMatchObject({ kind: 'sale', amount: price, buyer: alice.name })
    expect(mine.orderId).toEqual(expect.any(String))
    expect(sellers.orderId).toBe(mine.orderId)
    expect(bobs.orderId).toBeNull()
    expect(guest.json().orderId).toBeNull()
    const items = { hammer: price, premium: 0, buyerTotal: price, sellerFee: 0 }
    expect(receipt).toMatchObject({ orderId: mine.orderId, amounts: items })
    expect(credit).toMatchObject({ orderId: mine.orderId, amounts: { sellerProceeds: price } })
  })

  it("refuses someone else's receipt, a lot still open, and a malformed entry id", async () => {
    const { alice, bob, seller, lotId } = await soldLot()
    const { entryId } = (await get(alice, `/api/lots/${lotId}/result`)).json()
    // The winner's own purchase is hers alone: the losing bidder and the seller get 404.
    expect((await get(bob, `/api/wallet/receipts/${entryId}`)).statusCode).toBe(404)
    expect((await get(seller, `/api/wallet/receipts/${entryId}`)).statusCode).toBe(404)
    const open = await openLot(t.db, seller.id)
    const early = await get(alice, `/api/lots/${open}/result`)
    expect(early.statusCode).toBe(409)
    expect(early.headers['content-type']).toContain('application/problem+json')
    for (const bad of ['0', 'abc', '1'.repeat(20), '-1']) {
      const res = await get(alice, `/api/wallet/receipts/${bad}`)
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, bad).toBeLessThan(500)
    }
  })

  it('my bids: Active, Won and Lost tabs; the watchlist says where I stand', async () => {
    const { alice, bob, lotId } = await soldLot()
    const running = await openLot(t.db, (await newMember(0)).id)
    await bid(bob, running, { amount: 1_000 })
    const ids = async (m: Member, tab: string) =>
      ((await get(m, `/api/me/bids?tab=${tab}`)).json().items as Array<{ id: string }>).map(
        (l) => l.id,
      )
    expect(await ids(alice, 'won')).toEqual([lotId])
    expect(await ids(alice, 'lost')).toEqual([])
    expect(await ids(bob, 'lost')).toEqual([lotId])
    expect(await ids(bob, 'won')).toEqual([])
    expect(await ids(bob, 'active')).toEqual([running])
    expect((await get(bob, '/api/me/bids?tab=everything')).statusCode).toBe(422)

    await bob.b.request({ method: 'PUT', url: `/api/lots/${running}/watch` })
    await bob.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
    const watched = (await get(bob, '/api/watchlist')).json().items as Array<{
      id: string
      my: { status: string | null }
    }>
    expect(Object.fromEntries(watched.map((l) => [l.id, l.my.status]))).toEqual({
      [running]: 'leading',
      [lotId]: 'lost',
    })
  })
})
