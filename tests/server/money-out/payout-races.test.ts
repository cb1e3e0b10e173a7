import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../../../server/config.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, raceNote, testConfig, type TestApp } from '../helpers.ts'
import { accounts, expectOrderInvariants, post, soldOrder } from '../orders/order-kit.ts'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../../stripe/fake-stripe-api.ts'
import { payoutKit } from './payout-kit.ts'

/**
 * A payout racing the refund of one of its seller's orders (decision 0053). A real race on
 * PostgreSQL (`npm run test:pg`); on PGlite transactions run one at a time and the test name says
 * so. After each: the ledger sums to zero, no balance is negative, every order's money balances,
 * and every Stripe Transfer matches exactly one payout debit.
 */
let stripe: FakeStripe
let t: TestApp
let config: Config
let admin: Member

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_payout_races')
  config = testConfig({ ...stripeSettings(stripe), PUSHER_PORT: '1' })
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
  admin = await member(t.app, t.db, config, { role: 'admin' })
})
afterEach(async () => {
  await expectOrderInvariants(t.db)
  const { rows } = await t.db.query<{ sum: number }>(
    'select coalesce(sum(amount), 0)::bigint as sum from ledger_entries',
  )
  expect(Number(rows[0]!.sum), 'the ledger sums to zero').toBe(0)
  const { rows: negative } = await t.db.query(
    `select user_id from ledger_entries where account = 'available'
      group by user_id having sum(amount) < 0`,
  )
  expect(negative, 'negative balances').toEqual([])
  for (const transfer of stripe.connect.transfers.values()) {
    const { rows: debits } = await t.db.query<{ amount: number }>(
      `select e.amount from ledger_entries e join payouts p on p.transfer_id = $1
        where e.account = 'available' and e.once_key = 'payout:' || p.id || ':' || p.attempt`,
      [transfer.id],
    )
    expect(
      debits.map((d) => Number(d.amount)),
      `the debit of ${transfer.id}`,
    ).toEqual([-transfer.amount])
  }
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const { readyMember, payOut } = payoutKit(() => ({ t, stripe, config }))

describe(`payouts under concurrency${raceNote}`, () => {
  it('a payout and the refund of one of the seller’s orders both land, spending nothing twice', async () => {
    const seller = await readyMember(20_000)
    const buyer = await member(t.app, t.db, config, { credit: 50_000 })
    const { orderId } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
    expect((await post(buyer, `orders/${orderId}/problem`)).statusCode).toBe(200)

    const [payout, refund] = await Promise.all([
      payOut(seller, 20_000),
      post(admin, `admin/orders/${orderId}/resolution`, {
        outcome: 'refund',
        reason: 'Never handed over',
      }),
    ])
    expect(payout.statusCode, payout.body).toBe(201)
    expect(payout.json()).toMatchObject({ status: 'paid', amount: 20_000 })
    expect(refund.statusCode, refund.body).toBe(200)
    // The refund came from the pending proceeds, never from the money paid out.
    expect(await accounts(t.db, seller.id)).toEqual({ available: 0, pending: 0 })
    expect(await accounts(t.db, buyer.id)).toEqual({ available: 50_000, pending: 0 })
    const sent = [...stripe.connect.transfers.values()].filter(
      (tr) => tr.destination === seller.accountId,
    )
    expect(sent.map((tr) => tr.amount)).toEqual([20_000])
  })

  it('of two payouts that cannot both fit, exactly one is sent', async () => {
    const seller = await readyMember(30_000)
    const [a, b] = await Promise.all([payOut(seller, 20_000), payOut(seller, 20_000)])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    expect(await accounts(t.db, seller.id)).toEqual({ available: 10_000, pending: 0 })
    const sent = [...stripe.connect.transfers.values()].filter(
      (tr) => tr.destination === seller.accountId,
    )
    expect(sent).toHaveLength(1)
  })
})
