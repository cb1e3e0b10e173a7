import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payoutRefusal } from '../../../server/commands/wallet/payouts/request-payout.ts'
import { isDefinitiveRefusal } from '../../../server/lib/stripe.ts'
import { createStripe } from '../../../server/lib/stripe.ts'
import { AppError } from '../../../server/lib/problem.ts'
import { appBaseOf, type PayoutRouteDeps } from '../../../server/routes/payouts/index.ts'
import { startFakeStripe, type FakeStripe } from '../../stripe/fake-stripe-api.ts'
import { testConfig } from '../helpers.ts'

/** The payout rules on their own, and the stand-in's Connect through the real SDK. */
const ready: Parameters<typeof payoutRefusal>[1] = {
  payoutAccount: {
    status: 'ready',
    detailsSubmitted: true,
    payoutsEnabled: true,
    requirementsDue: [],
  },
  payoutMin: 1_000,
  payoutLeftToday: 50_000,
  withdrawable: 20_000,
  currency: 'EUR',
}

describe('payoutRefusal', () => {
  const code = (amount: number, view = ready, minimum = true) =>
    payoutRefusal(amount, view, { minimum })?.code ?? null

  it('allows what is ready, at least the minimum, within today and within withdrawable money', () => {
    expect(code(1_000)).toBeNull()
    expect(code(20_000)).toBeNull()
  })

  it('says each limit as money in its detail', () => {
    expect(payoutRefusal(999, ready)!.message).toContain('€10.00')
    expect(payoutRefusal(60_000, ready)!.message).toContain('€500.00')
    expect(payoutRefusal(20_001, ready)!.message).toContain('€200.00')
  })

  it('checks readiness first, then the minimum, the day and the money', () => {
    const incomplete = {
      ...ready,
      payoutAccount: { ...ready.payoutAccount, status: 'incomplete' as const },
    }
    expect(code(1, incomplete)).toBe('payouts_not_ready')
    expect(code(999)).toBe('payout_below_minimum')
    expect(code(999, ready, false)).toBeNull()
    expect(code(20_000, { ...ready, payoutLeftToday: 19_999 })).toBe('payout_daily_limit')
    expect(code(20_001, { ...ready, payoutLeftToday: 20_000 })).toBe('payout_daily_limit')
    expect(code(20_001)).toBe('insufficient_funds')
    const statuses = [
      payoutRefusal(1, { ...incomplete })!.status,
      payoutRefusal(999, ready)!.status,
      payoutRefusal(60_000, ready)!.status,
      payoutRefusal(20_001, ready)!.status,
    ]
    expect(statuses).toEqual([409, 422, 409, 409])
  })
})

describe('isDefinitiveRefusal', () => {
  it('is Stripe refusing the request or the money, not an outage, a limit or a key clash', () => {
    const e = (type: string, statusCode?: number) => ({ type, statusCode, message: 'x' })
    expect(isDefinitiveRefusal(e('StripeInvalidRequestError', 400))).toBe(true)
    expect(isDefinitiveRefusal(e('StripeInvalidRequestError', 404))).toBe(true)
    expect(isDefinitiveRefusal(e('StripeCardError', 402))).toBe(true)
    expect(isDefinitiveRefusal(e('StripeAPIError', 500))).toBe(false)
    expect(isDefinitiveRefusal(e('StripeConnectionError'))).toBe(false)
    expect(isDefinitiveRefusal(e('StripeRateLimitError', 429))).toBe(false)
    expect(isDefinitiveRefusal(e('StripeIdempotencyError', 400))).toBe(false)
    expect(isDefinitiveRefusal(e('StripeInvalidRequestError', 409))).toBe(false)
    expect(isDefinitiveRefusal(e('StripeAuthenticationError', 401))).toBe(false)
  })
})

describe('appBaseOf: where Stripe sends the member back', () => {
  const request = (host: string | undefined, protocol = 'http') =>
    ({ headers: host === undefined ? {} : { host }, protocol }) as unknown as FastifyRequest
  const deps = (over: Partial<PayoutRouteDeps>) =>
    ({ appUrl: undefined, basePath: '/', production: false, ...over }) as PayoutRouteDeps

  it('uses APP_URL’s origin and the base path, whatever the Host header says', () => {
    const base = appBaseOf(
      deps({ appUrl: 'https://lotline.example/ignored', basePath: '/auctions/', production: true }),
      request('evil.example'),
    )
    expect(base).toBe('https://lotline.example/auctions/')
  })

  it('falls back to the Host header in local mode only, and only to a plain host', () => {
    expect(appBaseOf(deps({}), request('LocalHost:8000'))).toBe('http://localhost:8000/')
    expect(appBaseOf(deps({}), request('[::1]:8000'))).toBe('http://[::1]:8000/')
    const refused = (d: PayoutRouteDeps, r: FastifyRequest) => {
      try {
        appBaseOf(d, r)
        return null
      } catch (error) {
        return error instanceof AppError ? error.code : 'other'
      }
    }
    expect(refused(deps({ production: true }), request('lotline.example'))).toBe(
      'payments_not_configured',
    )
    expect(refused(deps({}), request('evil.example/@x'))).toBe('payments_not_configured')
    expect(refused(deps({}), request(undefined))).toBe('payments_not_configured')
  })
})

describe('the stand-in’s Connect through the real SDK', () => {
  let fake: FakeStripe
  beforeAll(async () => {
    fake = await startFakeStripe()
  })
  afterAll(() => fake.close())
  const sdk = () =>
    createStripe(
      testConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(fake.port),
        STRIPE_API_PROTOCOL: 'http',
      }).stripe,
    )!

  it('refuses transfers to an unfinished account, then pays, lists and reverses them', async () => {
    const stripe = sdk()
    const account = await stripe.accounts.create({ type: 'express' })
    expect(account).toMatchObject({ details_submitted: false, payouts_enabled: false })
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0)
    await expect(
      stripe.transfers.create({ amount: 500, currency: 'eur', destination: account.id }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer' })
    fake.connect.completeAccount(account.id)
    expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true)
    const transfer = await stripe.transfers.create({
      amount: 500,
      currency: 'eur',
      destination: account.id,
    })
    const listed = await stripe.transfers.list({ destination: account.id })
    expect(listed.data.map((t) => t.id)).toEqual([transfer.id])
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 200 })
    const again = await stripe.transfers.retrieve(transfer.id)
    expect(again.amount_reversed).toBe(200)
    expect(again.reversals.data.map((r) => r.id)).toEqual([reversal.id])
    await expect(
      stripe.transfers.createReversal(transfer.id, { amount: 301 }),
    ).rejects.toMatchObject({ statusCode: 400 })
    fake.connect.failNextTransfer()
    await expect(
      stripe.transfers.create({ amount: 500, currency: 'eur', destination: account.id }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'balance_insufficient' })
  })
})
