import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bid, openLot } from '../auction-helpers.ts'
import { raceNote } from '../helpers.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import {
  deliverRefundEvent,
  expectRefundsMatchLedger,
  moneyOutWorld,
  newMember,
  paidTopUp,
  walletOf,
  withdraw,
  type MoneyOutWorld,
} from './withdrawal-fixtures.ts'

/**
 * Withdrawals racing each other, a bid and webhook redeliveries (decision 0053). A real race on
 * PostgreSQL (`npm run test:pg`: LOTLINE_TEST_DATABASE=pg); on PGlite transactions run one at a
 * time and the test names say so. After each: the ledger sums to zero, no balance is negative, and
 * every Stripe refund matches exactly one ledger debit.
 */
let w: MoneyOutWorld

beforeAll(async () => {
  w = await moneyOutWorld()
})
afterEach(async () => {
  w.stripe.refundsApi.refundsStartAs = 'succeeded'
  await expectMoneyInvariants(w.t.db)
  expect(await expectRefundsMatchLedger(w)).toEqual([])
})
afterAll(() => w.close())

describe(`money out under concurrency${raceNote}`, () => {
  it('lets only one of two withdrawals that cannot both fit go through', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 5_000)
    const answers = await Promise.all([withdraw(m, 4_000), withdraw(m, 4_000)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('insufficient_funds')
    expect(await walletOf(m)).toMatchObject({ balance: 1_000, available: 1_000 })
  })

  it('never spends the same money on a withdrawal and a new bid hold', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 5_000)
    const seller = await newMember(w)
    const lotId = await openLot(w.t.db, seller.id)
    const [out, held] = await Promise.all([
      withdraw(m, 4_000),
      bid(m, lotId, { amount: 3_000 }, randomUUID()),
    ])
    const succeeded = [out.statusCode === 201, held.statusCode === 201].filter(Boolean)
    expect(succeeded, `${out.body} / ${held.body}`).toHaveLength(1)
    const wallet = await walletOf(m)
    expect(wallet.available).toBe(out.statusCode === 201 ? 1_000 : 2_000)
  })

  it('credits a failed refund back once while ten redeliveries race the member’s reads', async () => {
    const m = await newMember(w)
    await paidTopUp(w, m, 3_000)
    w.stripe.refundsApi.refundsStartAs = 'pending'
    const made = (await withdraw(m, 3_000)).json()
    const { rows } = await w.t.db.query<{ refund_id: string }>(
      `select refund_id from withdrawal_refunds where withdrawal_id = $1`,
      [made.id],
    )
    w.stripe.refundsApi.settleRefund(rows[0]!.refund_id, 'failed')
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        deliverRefundEvent(w, 'refund.failed', rows[0]!.refund_id),
      ),
      ...Array.from({ length: 10 }, () =>
        m.b.request({ method: 'GET', url: '/api/wallet/withdrawals' }),
      ),
    ])
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    const { rows: returns } = await w.t.db.query(
      `select amount from ledger_entries where user_id = $1 and kind = 'return'`,
      [m.id],
    )
    expect(returns).toHaveLength(1)
    expect(await walletOf(m)).toMatchObject({ balance: 3_000 })
  })
})
