import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeLot } from '../../../server/commands/settlement/close-lot.ts'
import { bid, expectMoneyInvariants, member, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { accounts, houseTotal } from './order-kit.ts'

/**
 * The sale with fees (issue 29, decision 0051): a maximum holds what its bidder would pay, and
 * settlement makes one order, charges the total, keeps the seller's proceeds pending and pays the
 * house its fees.
 */
const config = testConfig({ BUYER_PREMIUM_PERCENT: '5', SELLER_FEE_PERCENT: '10' })
const fees = config.sales.fees
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

const newMember = (credit = 0) => member(t.app, t.db, config, { credit })

/** A lot from €10.00 that ships for €6.50, listed through the API. */
async function shippingLot(seller: Member) {
  const res = await seller.b.request({
    method: 'POST',
    url: '/api/lots',
    payload: {
      title: 'Brass compass',
      category: 'collectibles',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      delivery: { shipping: { cost: 650 } },
    },
  })
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

const endNow = (lotId: string) =>
  t.db.query(
    `update lots set starts_at = now() - interval '1 minute', ends_at = now() - interval '1 second'
      where id = $1`,
    [lotId],
  )

describe('holds cover the total', () => {
  it('holds the maximum with its premium and the shipping', async () => {
    const seller = await newMember()
    const buyer = await newMember(50_000)
    const lotId = await shippingLot(seller)
    const res = await bid(buyer, lotId, { amount: 1_000, maxAmount: 10_000 })
    expect(res.statusCode).toBe(201)
    // €100 + €5 premium + €6.50 shipping.
    expect(res.json().wallet).toMatchObject({ held: 11_150, available: 50_000 - 11_150 })
    await expectMoneyInvariants(t.db, { expectHolds: true, premiumBasisPoints: 500 })
  })

  it('refuses a maximum the bidder could not pay with the fees, saying how much it needs', async () => {
    const seller = await newMember()
    const buyer = await newMember(10_500)
    const lotId = await shippingLot(seller)
    const res = await bid(buyer, lotId, { amount: 1_000, maxAmount: 10_000 })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'insufficient_funds',
      detail:
        'Your available balance (105.00) does not cover 111.50, what you would pay at a maximum of 100.00 with the premium and shipping.',
    })
  })
})

describe('settlement', () => {
  it('makes one order with the split, charges the buyer and keeps the seller’s share pending', async () => {
    const seller = await newMember()
    const buyer = await newMember(50_000)
    const lotId = await shippingLot(seller)
    await bid(buyer, lotId, { amount: 1_000, maxAmount: 10_000 })
    await endNow(lotId)
    const houseBefore = await houseTotal(t.db)
    expect(await closeLot({ db: t.db, currency: 'EUR', fees }, lotId)).toBe('settled')

    // Hammer €10.00: the buyer pays 10.00 + 0.50 + 6.50; the seller gets 10.00 − 1.00 + 6.50.
    expect(await accounts(t.db, buyer.id)).toEqual({ available: 50_000 - 1_700, pending: 0 })
    expect(await accounts(t.db, seller.id)).toEqual({ available: 0, pending: 1_550 })
    expect(await houseTotal(t.db)).toBe(houseBefore + 150)
    const orders = (await buyer.b.request({ method: 'GET', url: '/api/orders?role=buyer' })).json()
    expect(orders.items).toEqual([
      expect.objectContaining({
        lot: { id: lotId, title: 'Brass compass' },
        state: 'awaiting_address',
        delivery: 'shipping',
        amounts: {
          hammer: 1_000,
          premium: 50,
          shipping: 650,
          buyerTotal: 1_700,
          sellerFee: 100,
          sellerProceeds: 1_550,
        },
      }),
    ])
    const wallet = (await seller.b.request({ method: 'GET', url: '/api/wallet' })).json()
    expect(wallet).toMatchObject({ balance: 0, pending: 1_550 })
    await expectMoneyInvariants(t.db, { premiumBasisPoints: 500 })
  })

  it('makes one order however many closes race', async () => {
    const seller = await newMember()
    const buyer = await newMember(50_000)
    const lotId = await shippingLot(seller)
    await bid(buyer, lotId, { amount: 1_000 }, randomUUID())
    await endNow(lotId)
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => closeLot({ db: t.db, currency: 'EUR', fees }, lotId)),
    )
    expect(outcomes.sort()).toEqual(['settled', 'skipped', 'skipped'])
    const { rows } = await t.db.query('select id from orders where lot_id = $1', [lotId])
    expect(rows).toHaveLength(1)
    await expectMoneyInvariants(t.db, { premiumBasisPoints: 500 })
  })
})
