import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import { bid, expectMoneyInvariants, member, openLot } from './auction-helpers.ts'

/** `POST /api/lots/:id/bids` with a maximum alone: the server bids the lot's minimum. */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })
const maxOnly = (maxAmount: unknown) => ({ amount: undefined, maxAmount })

async function lotRow(id: string) {
  const { rows } = await t.db.query<{
    current_price: number | null
    leader_max: number | null
    bid_count: number
  }>('select current_price, leader_max, bid_count from lots where id = $1', [id])
  return rows[0]!
}

describe('a maximum alone', () => {
  it('bids the minimum and keeps the rest in reserve, first and against a leader', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const first = await bid(alice, lotId, maxOnly(5_000))
    expect(first.statusCode).toBe(201)
    expect(first.json().lot).toMatchObject({
      currentPrice: 1_000,
      minNextBid: 1_100,
      my: { status: 'leading', maxBid: 5_000 },
    })
    expect(first.json().wallet.held).toBe(5_000)
    // Bob's maximum alone is below Alice's: his minimum bid is spent, her proxy answers.
    const second = await bid(bob, lotId, maxOnly(2_000))
    expect(second.statusCode).toBe(201)
    expect(second.json().lot).toMatchObject({ currentPrice: 2_100, my: { status: 'outbid' } })
    expect(await lotRow(lotId)).toMatchObject({ current_price: 2_100, leader_max: 5_000 })
  })

  it('below the minimum: 422 bid_too_low on the maximum, and nothing changes', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const res = await bid(alice, lotId, maxOnly(999))
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.json()).toMatchObject({
      code: 'bid_too_low',
      errors: { maxAmount: expect.any(String) },
    })
    expect(await lotRow(lotId)).toEqual({ current_price: null, leader_max: null, bid_count: 0 })
  })

  it.each([
    ['neither amount nor maximum', {}],
    ['a fractional maximum', maxOnly(1_500.5)],
    ['a string maximum', maxOnly('1500')],
    ['a null amount', { amount: null, maxAmount: 1_500 }],
  ])('refuses %s with a clear 422 and no change', async (_name, body) => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const res = await bid(alice, lotId, body as { amount: unknown })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('validation_failed')
    expect(await lotRow(lotId)).toEqual({ current_price: null, leader_max: null, bid_count: 0 })
  })

  it('says what is missing when both are', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const res = await bid(alice, lotId, {} as { amount: unknown })
    expect(res.json()).toMatchObject({
      detail: 'Enter a bid, a maximum, or both.',
      errors: { amount: expect.any(String), maxAmount: expect.any(String) },
    })
  })

  it('a retry under the same key replays; the same key as a bid of that amount is refused', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const key = randomUUID()
    const first = await bid(alice, lotId, maxOnly(3_000), key)
    const again = await bid(alice, lotId, maxOnly(3_000), key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect((await lotRow(lotId)).bid_count).toBe(1)
    const reused = await bid(alice, lotId, { amount: 3_000 }, key)
    expect(reused.json().code).toBe('idempotency_key_reused')
  })

  it('concurrent maxima alone each bid the minimum of the lot they land on', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id, { startingPrice: 1_000 })
    const bidders = await Promise.all([newMember(), newMember(), newMember()])
    const answers = await Promise.all(
      bidders.map((m, i) => bid(m, lotId, maxOnly(2_000 + i * 1_000))),
    )
    // On PostgreSQL they land in any order. The two higher ones always find the price below
    // them; the lowest (20.00) is refused as too low only when it lands after both others, the
    // price then being 31.00.
    expect(answers.slice(1).map((a) => a.statusCode)).toEqual([201, 201])
    const lowest = answers[0]!
    if (lowest.statusCode !== 201) expect(lowest.json().code).toBe('bid_too_low')
    // Whatever the order, the highest maximum leads one increment above the second.
    expect(await lotRow(lotId)).toMatchObject({ current_price: 3_100, leader_max: 4_000 })
  })
})
