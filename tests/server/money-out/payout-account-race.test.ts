import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPayoutAccount, insertPayoutAccount } from '../../../server/repositories/payouts.ts'
import { member } from '../auction-helpers.ts'
import { createTestApp, raceNote, testConfig, type TestApp } from '../helpers.ts'

/**
 * The first "Set up payouts" of a member, sent twice at once (two taps, two tabs): both requests
 * get the same Express account from Stripe (one idempotency key) and both store it. The table has
 * two unique keys (the member, the Stripe account), so a store that tolerated a clash on one only
 * failed the slower request with 23505 on the other, a 500 — seen on PostgreSQL under CI load.
 */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ PUSHER_PORT: '1' }) })
})
afterAll(() => t.close())

describe(`storing a member's payout account${raceNote}`, () => {
  it('stores one row whatever number of requests store the same account at once', async () => {
    const config = testConfig({ PUSHER_PORT: '1' })
    for (let round = 0; round < 200; round++) {
      const m = await member(t.app, t.db, config)
      const account = `acct_race_${round}_${m.id.slice(0, 8)}`
      const stored = await Promise.allSettled(
        Array.from({ length: 8 }, () => insertPayoutAccount(t.db, m.id, account)),
      )
      expect(stored.filter((s) => s.status === 'rejected')).toEqual([])
      expect((await findPayoutAccount(t.db, m.id))?.stripeAccountId).toBe(account)
    }
  })

  it('keeps the first account when a member somehow reaches Stripe with another', async () => {
    const config = testConfig({ PUSHER_PORT: '1' })
    const m = await member(t.app, t.db, config)
    await insertPayoutAccount(t.db, m.id, `acct_first_${m.id.slice(0, 8)}`)
    await insertPayoutAccount(t.db, m.id, `acct_second_${m.id.slice(0, 8)}`)
    expect((await findPayoutAccount(t.db, m.id))?.stripeAccountId).toBe(
      `acct_first_${m.id.slice(0, 8)}`,
    )
  })
})
