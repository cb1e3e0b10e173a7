import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config.ts'
import { expectMoneyInvariants } from '../invariants/money.ts'
import { configProblems, createTestApp, signUp, testConfig, type TestApp } from '../helpers.ts'

/** Local mode's demo credit (decision 0053): granted once per registration, never in production. */
const PRODUCTION = {
  NODE_ENV: 'production',
  EMAIL: 'off',
  SESSION_SECRET: 'a'.repeat(40),
  PUSHER_APP_KEY: 'prod-key',
  PUSHER_APP_SECRET: 'prod-secret',
  WEB_PUSH: 'off',
}
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }

describe('DEMO_CREDIT', () => {
  it('is 500.00 in local mode without Stripe keys, and 0 once the keys are there', () => {
    expect(loadConfig({}).moneyOut.demoCredit).toBe(50_000)
    expect(loadConfig(STRIPE_KEYS).moneyOut.demoCredit).toBe(0)
    expect(loadConfig({ ...STRIPE_KEYS, DEMO_CREDIT: '20.00' }).moneyOut.demoCredit).toBe(2_000)
  })

  it('is refused in production, and production grants none by default', () => {
    expect(configProblems({ ...PRODUCTION, DEMO_CREDIT: '500.00' }).join('\n')).toMatch(
      /DEMO_CREDIT/,
    )
    expect(loadConfig(PRODUCTION).moneyOut.demoCredit).toBe(0)
    expect(loadConfig({ ...PRODUCTION, DEMO_CREDIT: '0' }).moneyOut.demoCredit).toBe(0)
  })

  it('refuses an amount that is not one', () => {
    expect(configProblems({ DEMO_CREDIT: 'lots' }).join('\n')).toMatch(/DEMO_CREDIT/)
  })
})

async function ledgerOf(t: TestApp, userId: string) {
  const { rows } = await t.db.query<{ kind: string; amount: number; reason: string }>(
    `select kind, amount::int as amount, reason from ledger_entries
      where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

describe('registration with DEMO_CREDIT set', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: testConfig({ DEMO_CREDIT: '500.00' }) })
  })
  afterAll(() => t.close())

  it('grants it once, as a demo_credit entry the ledger names, and the wallet can bid with it', async () => {
    const { b, res, user } = await signUp(t.app, {
      name: 'Newcomer',
      password: 'correct horse battery',
      emailPrefix: 'demo',
    })
    expect(res.statusCode).toBe(201)
    expect(await ledgerOf(t, user.id)).toEqual([
      { kind: 'demo_credit', amount: 50_000, reason: 'Demo credit to try Lotline' },
    ])
    const wallet = await b.request({ method: 'GET', url: '/api/wallet' })
    expect(wallet.json()).toMatchObject({ balance: 50_000, available: 50_000 })
    const ledger = await b.request({ method: 'GET', url: '/api/wallet/ledger' })
    expect(ledger.json().items).toMatchObject([{ kind: 'demo_credit', amount: 50_000 }])
    // A second sign-up with the same address is refused and grants nothing more.
    const again = await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Again', email: user.email, password: 'correct horse battery' },
    })
    expect(again.statusCode).toBe(409)
    expect(await ledgerOf(t, user.id)).toHaveLength(1)
    await expectMoneyInvariants(t.db)
  })

  it('tells the client: demo credit on, card payments and payouts off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.json().money).toEqual({ cardPayments: false, payouts: false, demoCredit: 50_000 })
  })
})

describe('registration with DEMO_CREDIT=0 (the suites, a server with Stripe keys)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('grants nothing, and the config says so', async () => {
    const { res, user } = await signUp(t.app, {
      name: 'Newcomer',
      password: 'correct horse battery',
      emailPrefix: 'nodemo',
    })
    expect(res.statusCode).toBe(201)
    expect(await ledgerOf(t, user.id)).toEqual([])
    const config = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(config.json().money).toMatchObject({ demoCredit: 0 })
  })
})
