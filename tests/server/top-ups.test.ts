import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectMoneyInvariants } from './invariants/money.ts'
import {
  startFakeStripe,
  stripeSettings,
  type DeliverOptions,
  type FakePaymentIntent,
  type FakeStripe,
} from '../stripe/fake-stripe-api.ts'
import { RecordingBroadcaster } from './auction-helpers.ts'
import {
  browser,
  createTestApp,
  injectWebhook,
  signUp,
  verifyByMail,
  testConfig,
  uniqueEmail,
  XHR,
  type TestApp,
  raceNote,
} from './helpers.ts'
import { appendLedgerEntry } from '../../server/repositories/ledger.ts'

/**
 * Card top-ups with the real `stripe` SDK against the loopback stand-in, on PGlite or (with
 * LOTLINE_TEST_DATABASE=pg) PostgreSQL: created idempotently, credited exactly once whatever
 * the webhook redeliveries, races with the return page, order of events and forgeries.
 */
let stripe: FakeStripe
let t: TestApp
let broadcaster: RecordingBroadcaster
const WEBHOOK = '/api/stripe/webhook'

beforeAll(async () => {
  stripe = await startFakeStripe('whsec_test_secret')
  const config = testConfig({
    ...stripeSettings(stripe),
    PUSHER_PORT: '1',
  })
  broadcaster = new RecordingBroadcaster(config.pusher)
  t = await createTestApp({ config, broadcaster })
})
// Every money test ends with the shared invariants (balances, holds, credits).
afterEach(() => expectMoneyInvariants(t.db))
afterAll(async () => {
  await t.close()
  await stripe.close()
})

/** A member signed up through the API, their address verified by the mailed link. */
async function member() {
  const signedUp = await signUp(t.app, {
    name: 'Tess',
    password: 'top up password',
    emailPrefix: 'pay',
  })
  await verifyByMail(t.app, t.db, signedUp.email)
  return signedUp
}

let keyCounter = 0
const newKey = () => `topup-key-${Date.now()}-${++keyCounter}`

async function startTopUp(b: ReturnType<typeof browser>, amount: number, key = newKey()) {
  return b.request({
    method: 'POST',
    url: '/api/wallet/top-ups',
    headers: { 'idempotency-key': key },
    payload: { amount },
  })
}

async function ledgerOf(userId: string) {
  const { rows } = await t.db.query<{
    kind: string
    amount: number
    payment_intent_id: string | null
  }>('select kind, amount, payment_intent_id from ledger_entries where user_id = $1 order by id', [
    userId,
  ])
  return rows
}

async function wallet(b: ReturnType<typeof browser>) {
  return (await b.request({ method: 'GET', url: '/api/wallet' })).json()
}

const deliver = (type: string, piId: string, options: DeliverOptions = {}) =>
  injectWebhook(t.app, stripe, type, piId, options)

describe('starting a top-up', () => {
  it('creates one card-only PaymentIntent for the server-decided amount, with our idempotency key', async () => {
    const { b, user } = await member()
    const res = await startTopUp(b, 2500)
    expect(res.statusCode).toBe(201)
    const { topUp, clientSecret } = res.json()
    expect(topUp).toMatchObject({ amount: 2500, currency: 'EUR', status: 'created' })
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/)
    const create = stripe.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.params['metadata[top_up_id]'] === topUp.id,
    )!
    expect(create.idempotencyKey).toBe(`top-up:${topUp.id}`)
    expect(create.params).toMatchObject({
      amount: '2500',
      currency: 'eur',
      'allowed_payment_method_types[0]': 'card',
      'metadata[user_id]': user.id,
    })
  })

  it('returns the same top-up and PaymentIntent for a retried request (double click, reload)', async () => {
    const { b } = await member()
    const key = newKey()
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents').length
    const [first, second] = await Promise.all([startTopUp(b, 1000, key), startTopUp(b, 1000, key)])
    const third = await startTopUp(b, 1000, key)
    const ids = [first, second, third].map((r) => r.json().topUp.id)
    expect(new Set(ids).size).toBe(1)
    expect(new Set([first, second, third].map((r) => r.json().clientSecret)).size).toBe(1)
    const intents = stripe.requests.filter((r) => r.path === '/v1/payment_intents').length - created
    expect(intents).toBeLessThanOrEqual(2) // a race may call Stripe twice, with the same key
    expect(
      new Set([...stripe.intents.values()].filter((pi) => pi.metadata.top_up_id === ids[0])).size,
    ).toBe(1)

    const other = await startTopUp(b, 2000, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
  })

  it('lands on the same top-up and PaymentIntent after the key’s stored answer was swept', async () => {
    // The scheduler's sweep deletes stored answers after IDEMPOTENCY_KEY_TTL_MS (7 days), as long
    // as the client may keep a lost top-up start to resend (PERSIST_MAX_AGE): the top-up's own
    // unique client key is what still answers a resend that comes later.
    const { b, user } = await member()
    const key = newKey()
    const first = await startTopUp(b, 1000, key)
    expect(first.statusCode).toBe(201)
    await t.db.query(`delete from idempotency_keys where user_id = $1 and scope = 'top-up'`, [
      user.id,
    ])
    const again = await startTopUp(b, 1000, key)
    expect(again.statusCode).toBe(201)
    expect(again.json().topUp.id).toBe(first.json().topUp.id)
    expect(again.json().clientSecret).toBe(first.json().clientSecret)
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from top_ups where user_id = $1',
      [user.id],
    )
    expect(rows[0]!.n).toBe(1)
  })

  it('refuses amounts outside 5.00–1,000.00, a missing key, and guests — changing nothing', async () => {
    const { b, user } = await member()
    for (const amount of [499, 100_001, 12.5]) {
      const res = await startTopUp(b, amount)
      expect(res.statusCode, String(amount)).toBe(422)
      expect(res.json().errors.amount).toBeTruthy()
    }
    const noKey = await b.request({
      method: 'POST',
      url: '/api/wallet/top-ups',
      payload: { amount: 1000 },
    })
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().code).toBe('idempotency_key_required')
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/top-ups',
      headers: { ...XHR, 'idempotency-key': newKey() },
      payload: { amount: 1000 },
    })
    expect(guest.statusCode).toBe(401)
    const { rows } = await t.db.query('select 1 from top_ups where user_id = $1', [user.id])
    expect(rows).toHaveLength(0)
  })
})

describe('crediting exactly once', () => {
  async function paidTopUp(amount = 3000) {
    const m = await member()
    const { topUp } = (await startTopUp(m.b, amount)).json()
    const piId = stripe.intentOfTopUp(topUp.id).id
    stripe.setStatus(piId, 'succeeded')
    return { ...m, topUpId: topUp.id as string, piId }
  }

  it('credits on payment_intent.succeeded and ignores ten redeliveries', async () => {
    const { b, user, piId } = await paidTopUp(3000)
    for (let i = 0; i < 10; i++) {
      const res = await deliver('payment_intent.succeeded', piId)
      expect(res.statusCode).toBe(200)
    }
    const topUps = (await ledgerOf(user.id)).filter((e) => e.kind === 'top_up')
    expect(topUps).toEqual([{ kind: 'top_up', amount: 3000, payment_intent_id: piId }])
    expect(await wallet(b)).toMatchObject({ balance: 3000, available: 3000 })
  })

  it('tells the member’s open wallet the new balance once, on their private channel', async () => {
    const { b, user, piId } = await paidTopUp(2700)
    await credit(user.id, 400) // so the event's balance is the wallet's, not the top-up's amount
    broadcaster.clear()
    for (let i = 0; i < 3; i++)
      expect((await deliver('payment_intent.succeeded', piId)).statusCode).toBe(200)
    const updates = broadcaster.named('wallet.updated')
    expect(updates.map((e) => e.channel)).toEqual([`private-wallet.${user.id}`])
    expect(updates[0]!.data).toMatchObject({ balance: 3100, available: 3100, held: 0 })
    expect(await wallet(b)).toMatchObject({ balance: 3100 })
  })

  it(`credits once when ten deliveries and the return page race each other${raceNote}`, async () => {
    const { b, user, piId, topUpId } = await paidTopUp(4200)
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver('payment_intent.succeeded', piId)),
      b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` }),
      b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` }),
    ])
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true)
    expect((await ledgerOf(user.id)).filter((e) => e.kind === 'top_up')).toHaveLength(1)
    expect(await wallet(b)).toMatchObject({ balance: 4200 })
  })

  it('settles from the return page alone when the webhook never came', async () => {
    const { b, topUpId } = await paidTopUp(1500)
    const res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` })
    expect(res.json()).toMatchObject({ topUp: { status: 'succeeded' }, clientSecret: null })
    expect(await wallet(b)).toMatchObject({ balance: 1500 })
  })

  it('does not go back when a failure event arrives after the success', async () => {
    const { b, piId, topUpId } = await paidTopUp(2000)
    await deliver('payment_intent.succeeded', piId)
    const late = await deliver('payment_intent.payment_failed', piId)
    expect(late.statusCode).toBe(200)
    const res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` })
    expect(res.json().topUp.status).toBe('succeeded')
    expect(await wallet(b)).toMatchObject({ balance: 2000 })
  })

  it('shows a decline with Stripe’s message, and credits a later success on the same intent', async () => {
    const { b } = await member()
    const { topUp } = (await startTopUp(b, 2600)).json()
    const piId = stripe.intentOfTopUp(topUp.id).id
    stripe.setStatus(piId, 'requires_payment_method', {
      code: 'card_declined',
      message: 'Your card was declined.',
    })
    await deliver('payment_intent.payment_failed', piId)
    let res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUp.id}` })
    expect(res.json().topUp).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    })
    expect(res.json().clientSecret).toBeTruthy() // another card may be tried
    expect(await wallet(b)).toMatchObject({ balance: 0 })

    stripe.setStatus(piId, 'succeeded')
    await deliver('payment_intent.succeeded', piId)
    res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUp.id}` })
    expect(res.json().topUp.status).toBe('succeeded')
    expect(await wallet(b)).toMatchObject({ balance: 2600 })
  })

  it('rejects a tampered body, a wrong secret and a stale timestamp, crediting nothing', async () => {
    const { user, piId } = await paidTopUp(5000)
    const pi = stripe.intents.get(piId)!
    const tampered = stripe.signed('payment_intent.succeeded', pi)
    const forged = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: tampered.headers,
      payload: tampered.body.replace('"amount":5000', '"amount":500000'),
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.headers['content-type']).toMatch(/problem\+json/)
    expect(
      (await deliver('payment_intent.succeeded', piId, { secret: 'whsec_wrong' })).statusCode,
    ).toBe(400)
    const stale = await deliver('payment_intent.succeeded', piId, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    })
    expect(stale.statusCode).toBe(400)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: tampered.body,
    })
    expect(unsigned.statusCode).toBe(400)
    expect(await ledgerOf(user.id)).toEqual([])
  })

  it('acknowledges and ignores PaymentIntents it did not create', async () => {
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_entries')
    const foreign = stripe.setStatus(
      await (async () => {
        const { b } = await member()
        const { topUp } = (await startTopUp(b, 1000)).json()
        return stripe.intentOfTopUp(topUp.id).id
      })(),
      'succeeded',
    )
    foreign.metadata = {}
    const res = await deliver('payment_intent.succeeded', foreign.id)
    expect(res.statusCode).toBe(200)
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_entries')
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })

  it('lets credited money back a bid: ledger, hold and wallet agree (shared invariants, a hold present)', async () => {
    const { b, user, piId } = await paidTopUp(6000)
    await deliver('payment_intent.succeeded', piId)
    const seller = await member()
    const { rows } = await t.db.query<{ id: string }>(
      `insert into lots (seller_id, title, description, starting_price, starts_at, ends_at, status)
       values ($1, 'Vase', 'A vase', 1000, now(), now() + interval '1 hour', 'open') returning id`,
      [seller.user.id],
    )
    const res = await b.request({
      method: 'POST',
      url: `/api/lots/${rows[0]!.id}/bids`,
      headers: { 'idempotency-key': newKey() },
      payload: { amount: 1000, maxAmount: 4000 },
    })
    expect(res.statusCode).toBe(201)
    expect(await wallet(b)).toMatchObject({ balance: 6000, held: 4000, available: 2000 })
    expect((await ledgerOf(user.id)).map((e) => e.amount)).toEqual([6000])
    await expectMoneyInvariants(t.db, { expectHolds: true })
  })
})

describe('payments not configured', () => {
  it('says so plainly, and everything else still works', async () => {
    const plain = await createTestApp({ env: { PUSHER_PORT: '1' } })
    try {
      const config = await plain.app.inject('/api/config')
      expect(config.json().stripe.publishableKey).toBeNull()
      expect(config.headers['content-security-policy']).not.toMatch(/stripe/)
      const b = browser(plain.app)
      await b.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'N', email: uniqueEmail('nopay'), password: 'no payments here' },
      })
      const res = await b.request({
        method: 'POST',
        url: '/api/wallet/top-ups',
        headers: { 'idempotency-key': newKey() },
        payload: { amount: 1000 },
      })
      expect(res.statusCode).toBe(503)
      expect(res.json().code).toBe('payments_not_configured')
      expect((await b.request({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(200)
    } finally {
      await plain.close()
    }
  })

  it('allows exactly Stripe’s origins in the CSP when configured', async () => {
    const res = await t.app.inject('/api/config')
    const csp = res.headers['content-security-policy'] as string
    expect(csp).toMatch(
      /script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/,
    )
    expect(csp).toMatch(
      /frame-src https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com;/,
    )
    expect(csp).toMatch(/connect-src 'self' ws:\/\/\S+ https:\/\/api\.stripe\.com;/)
  })
})

describe('reconciliation', () => {
  it('credits a paid top-up whose webhook never arrived and whose tab was closed', async () => {
    const { reconcileTopUps } = await import('../../server/jobs/reconcile-top-ups.ts')
    const { Broadcaster } = await import('../../server/lib/broadcaster.ts')
    const { createStripe } = await import('../../server/lib/stripe.ts')
    const { testConfig } = await import('./helpers.ts')
    const { b } = await member()
    const { topUp } = (await startTopUp(b, 3300)).json()
    const piId = stripe.intentOfTopUp(topUp.id).id
    stripe.setStatus(piId, 'succeeded')
    const config = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_lotline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_lotline',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      PUSHER_PORT: '1',
    })
    const deps = {
      db: t.db,
      stripe: createStripe(config.stripe),
      broadcaster: new Broadcaster(config.pusher),
      currency: 'EUR',
    }
    // Not yet old enough: left alone.
    expect(await reconcileTopUps(deps, 3600)).toBe(0)
    expect(await wallet(b)).toMatchObject({ balance: 0 })
    expect(await reconcileTopUps(deps, 0)).toBeGreaterThanOrEqual(1)
    expect(await wallet(b)).toMatchObject({ balance: 3300 })
    // A second run changes nothing.
    await reconcileTopUps(deps, 0)
    expect(await wallet(b)).toMatchObject({ balance: 3300 })
  })
})

const CAP = 1_000_000

async function credit(userId: string, amount: number) {
  await appendLedgerEntry(t.db, {
    userId: userId,
    kind: 'adjustment',
    amount: amount,
    reason: 'test',
  })
}

async function notificationsOf(userId: string) {
  const { rows } = await t.db.query<{ kind: string; data: Record<string, unknown> }>(
    'select kind, data from notifications where user_id = $1 order by id',
    [userId],
  )
  return rows
}

describe('the balance cap', () => {
  it(`counts pending top-ups when one starts: ten at once past the cap, only those that fit${raceNote}`, async () => {
    const { b, user } = await member()
    await credit(user.id, CAP - 10_000)
    const answers = await Promise.all(Array.from({ length: 10 }, () => startTopUp(b, 2_000)))
    const ok = answers.filter((r) => r.statusCode === 201)
    expect(ok).toHaveLength(5)
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(422)
      expect(r.json().code).toBe('balance_cap_exceeded')
    }
    const { rows } = await t.db.query('select 1 from top_ups where user_id = $1', [user.id])
    expect(rows).toHaveLength(5)
  })

  it('a failed or canceled top-up no longer counts as pending', async () => {
    const { b, user } = await member()
    await credit(user.id, CAP - 5_000)
    const first = (await startTopUp(b, 5_000)).json().topUp
    expect((await startTopUp(b, 5_000)).json().code).toBe('balance_cap_exceeded')
    stripe.setStatus(stripe.intentOfTopUp(first.id).id, 'canceled')
    await deliver('payment_intent.canceled', stripe.intentOfTopUp(first.id).id)
    expect((await startTopUp(b, 5_000)).statusCode).toBe(201)
  })

  it('refunds a payment that would pass the cap at settlement, once, and tells the member', async () => {
    const { b, user } = await member()
    await credit(user.id, CAP - 5_000)
    const key = newKey()
    const { topUp } = (await startTopUp(b, 5_000, key)).json()
    await credit(user.id, 3_000) // a sale came in while the card was being paid
    const pi = stripe.intentOfTopUp(topUp.id)
    stripe.setStatus(pi.id, 'succeeded')
    const deliveries = await Promise.all(
      Array.from({ length: 4 }, () => deliver('payment_intent.succeeded', pi.id)),
    )
    expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    const status = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUp.id}` })
    expect(status.json()).toMatchObject({ topUp: { status: 'refunded' }, clientSecret: null })
    expect(await wallet(b)).toMatchObject({ balance: CAP - 2_000 })
    expect((await ledgerOf(user.id)).filter((e) => e.kind === 'top_up')).toEqual([])
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: 5_000 })
    const told = (await notificationsOf(user.id)).filter((n) => n.kind === 'top_up_refunded')
    expect(told).toHaveLength(1)
    expect(told[0]!.data).toMatchObject({ topUpId: topUp.id, amount: 5_000, cap: CAP })
    // Repeating the start with the same key shows the final state, without a client secret.
    const again = await startTopUp(b, 5_000, key)
    expect(again.json()).toMatchObject({
      topUp: { id: topUp.id, status: 'refunded' },
      clientSecret: null,
    })
  })

  it('refunds a payment that succeeds after the member closed their account, never crediting it', async () => {
    const { b, user } = await member()
    const { topUp } = (await startTopUp(b, 5_000)).json()
    const closed = await b.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'top up password' },
    })
    expect(closed.statusCode).toBe(204)
    const pi = stripe.setStatus(stripe.intentOfTopUp(topUp.id).id, 'succeeded')
    const deliveries = await Promise.all(
      [1, 2].map(() => deliver('payment_intent.succeeded', pi.id)),
    )
    expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await ledgerOf(user.id)).toEqual([])
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: 5_000 })
    const { rows } = await t.db.query<{ status: string }>(
      'select status from top_ups where id = $1',
      [topUp.id],
    )
    expect(rows[0]!.status).toBe('refunded')
  })

  it('retries a refund Stripe failed to make (webhook 500, then redelivery), still once', async () => {
    const { b, user } = await member()
    await credit(user.id, CAP - 5_000)
    const { topUp } = (await startTopUp(b, 5_000)).json()
    await credit(user.id, 1)
    const pi = stripe.setStatus(stripe.intentOfTopUp(topUp.id).id, 'succeeded')
    stripe.failNext(3, '/v1/refunds') // the SDK's request and its two retries
    const failed = await deliver('payment_intent.succeeded', pi.id)
    expect(failed.statusCode).toBe(500)
    const retried = await deliver('payment_intent.succeeded', pi.id)
    expect(retried.statusCode).toBe(200)
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id)).toHaveLength(1)
    const { rows } = await t.db.query<{ refund_id: string | null }>(
      'select refund_id from top_ups where id = $1',
      [topUp.id],
    )
    expect(rows[0]!.refund_id).toMatch(/^re_/)
  })
})

describe('what the webhook does not trust', () => {
  async function pendingTopUp(amount = 2_000) {
    const m = await member()
    const { topUp } = (await startTopUp(m.b, amount)).json()
    return { ...m, topUpId: topUp.id as string, pi: stripe.intentOfTopUp(topUp.id) }
  }

  it.each([
    ['amount', (pi: FakePaymentIntent) => (pi.amount = 999_00)],
    ['currency', (pi: FakePaymentIntent) => (pi.currency = 'usd')],
    ['user', (pi: FakePaymentIntent) => (pi.metadata.user_id = crypto.randomUUID())],
  ])('a PaymentIntent whose %s differs from its top-up credits nothing', async (_f, tamper) => {
    const { b, user, pi, topUpId } = await pendingTopUp()
    stripe.setStatus(pi.id, 'succeeded')
    tamper(pi)
    pi.amount_received = pi.amount
    expect((await deliver('payment_intent.succeeded', pi.id)).statusCode).toBe(200)
    expect(await ledgerOf(user.id)).toEqual([])
    const { rows } = await t.db.query<{ status: string }>(
      'select status from top_ups where id = $1',
      [topUpId],
    )
    expect(rows[0]!.status).toBe('created')
    expect(await wallet(b)).toMatchObject({ balance: 0 })
  })

  it('amount_received different from the amount credits nothing', async () => {
    const { b, user, pi, topUpId } = await pendingTopUp(3_000)
    stripe.setStatus(pi.id, 'succeeded')
    pi.amount_received = 2_999
    await deliver('payment_intent.succeeded', pi.id)
    expect(await ledgerOf(user.id)).toEqual([])
    const res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` })
    expect(res.json().topUp.status).not.toBe('succeeded')
  })

  it('processing: shown as processing with the client secret, nothing credited', async () => {
    const { b, user, pi, topUpId } = await pendingTopUp()
    stripe.setStatus(pi.id, 'processing')
    await deliver('payment_intent.processing', pi.id)
    const res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` })
    expect(res.json()).toMatchObject({ topUp: { status: 'processing' } })
    expect(res.json().clientSecret).toBe(pi.client_secret)
    expect(await ledgerOf(user.id)).toEqual([])
  })

  it('canceled: final, no client secret (status or a repeated start), and the member is told', async () => {
    const { b, user, pi, topUpId } = await pendingTopUp(2_200)
    const key = (
      await t.db.query<{ client_key: string }>('select client_key from top_ups where id = $1', [
        topUpId,
      ])
    ).rows[0]!.client_key
    stripe.setStatus(pi.id, 'canceled')
    await deliver('payment_intent.canceled', pi.id)
    await deliver('payment_intent.canceled', pi.id)
    const res = await b.request({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}` })
    expect(res.json()).toMatchObject({ topUp: { status: 'canceled' }, clientSecret: null })
    const again = await startTopUp(b, 2_200, key)
    expect(again.json()).toMatchObject({
      topUp: { id: topUpId, status: 'canceled' },
      clientSecret: null,
    })
    const failures = (await notificationsOf(user.id)).filter((n) => n.kind === 'top_up_failed')
    expect(failures).toHaveLength(1)
    expect(failures[0]!.data).toMatchObject({ topUpId, status: 'canceled', amount: 2_200 })
  })

  it('a decline notifies the member once, with Stripe’s message', async () => {
    const { user, pi, topUpId } = await pendingTopUp()
    stripe.setStatus(pi.id, 'requires_payment_method', { message: 'Insufficient funds.' })
    await deliver('payment_intent.payment_failed', pi.id)
    await deliver('payment_intent.payment_failed', pi.id)
    const failures = (await notificationsOf(user.id)).filter((n) => n.kind === 'top_up_failed')
    expect(failures).toHaveLength(1)
    expect(failures[0]!.data).toMatchObject({
      topUpId,
      status: 'failed',
      message: 'Insufficient funds.',
    })
  })
})

describe('per-member limits on what reaches Stripe', () => {
  it('starts at most TOP_UP_LIMIT_PER_MEMBER top-ups and reads at most TOP_UP_READ_LIMIT_PER_MEMBER, then 429 without asking Stripe', async () => {
    const limited = await createTestApp({
      env: {
        ...stripeSettings(stripe),
        PUSHER_PORT: '1',
        TOP_UP_LIMIT_PER_MEMBER: '2/1h',
        TOP_UP_READ_LIMIT_PER_MEMBER: '3/1m',
      },
    })
    try {
      const b = browser(limited.app)
      const email = uniqueEmail('lim')
      await b.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Lim', email, password: 'top up password' },
      })
      await verifyByMail(limited.app, limited.db, email)
      const start = () =>
        b.request({
          method: 'POST',
          url: '/api/wallet/top-ups',
          headers: { 'idempotency-key': newKey() },
          payload: { amount: 1_000 },
        })
      const first = await start()
      expect(first.statusCode).toBe(201)
      expect((await start()).statusCode).toBe(201)
      const intents = stripe.intents.size
      const third = await start()
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      expect(stripe.intents.size).toBe(intents)
      const id = (first.json() as { topUp: { id: string } }).topUp.id
      const read = () => b.request({ method: 'GET', url: `/api/wallet/top-ups/${id}` })
      for (let i = 0; i < 3; i++) expect((await read()).statusCode).toBe(200)
      const fourth = await read()
      expect(fourth.statusCode).toBe(429)
      expect(fourth.headers['content-type']).toMatch(/problem\+json/)
    } finally {
      await limited.close()
    }
  })
})
