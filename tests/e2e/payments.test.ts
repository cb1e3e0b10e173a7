/**
 * In a real Chromium (docs/product.md §3): card top-ups through the real server and the real
 * `stripe` SDK, with Stripe's API replaced by tests/stripe/fake-stripe-api.ts on loopback and
 * Stripe.js by tests/e2e/fake-stripe-js.ts (served for https://js.stripe.com/** through
 * context.route, with service workers blocked so the route sees every request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../stripe/fake-stripe-api.ts'
import { expectAccessible } from './a11y.ts'
import { FAKE_STRIPE_JS } from './fake-stripe-js.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { verifyByMail } from './members.ts'

const WEBHOOK_SECRET = 'whsec_e2e_secret'
let fake: FakeStripe
let server: RunningServer
let plain: RunningServer
let browser: Browser

beforeAll(async () => {
  const dist = buildClient('v1')
  fake = await startFakeStripe(WEBHOOK_SECRET)
  ;[server, plain] = await Promise.all([
    startServer({
      distDir: dist,
      env: { ...stripeSettings(fake), PAYOUT_MIN: '1.00' },
    }),
    // Local mode as a newcomer's `npm start` has it: no Stripe keys, demo credit.
    startServer({ distDir: dist, env: { DEMO_CREDIT: '' } }),
  ])
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([server?.stop(), plain?.stop()])
  await fake?.close()
})

const webhookUrl = () => `http://127.0.0.1:${server.port}/api/stripe/webhook`
const piOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? ''
const DECLINE = 'Your card has insufficient funds.'

/** What the fake Stripe.js reports: the card decides the outcome, like Stripe's test cards. */
async function answerStripeApi(route: Route) {
  const url = new URL(route.request().url())
  const body = JSON.parse(route.request().postData() ?? '{}') as {
    clientSecret: string
    card?: string
  }
  const id = piOf(body.clientSecret)
  const reply = (json: unknown) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(json),
    })
  const succeed = async () => {
    const pi = fake.setStatus(id, 'succeeded')
    await fake.deliver(webhookUrl(), 'payment_intent.succeeded', pi)
    return reply({ paymentIntent: { id, status: 'succeeded' } })
  }
  if (url.pathname === '/fake/authenticate') return succeed()
  if (body.card === '4000002500003155') {
    fake.setStatus(id, 'requires_action')
    return reply({ paymentIntent: { id, status: 'requires_action' } })
  }
  if (body.card === '4000000000009995') {
    const pi = fake.setStatus(id, 'requires_payment_method', {
      code: 'card_declined',
      message: DECLINE,
    })
    await fake.deliver(webhookUrl(), 'payment_intent.payment_failed', pi)
    return reply({ error: { type: 'card_error', code: 'card_declined', message: DECLINE } })
  }
  return succeed()
}

interface Session {
  context: BrowserContext
  page: Page
  /** Every request the page made to js.stripe.com. */
  stripeJs: string[]
  api: (path: string) => Promise<unknown>
}

async function session(
  target: RunningServer = server,
  stripeJs: (route: Route) => Promise<void> = (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
): Promise<Session> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const requests: string[] = []
  context.on('request', (request) => {
    if (request.url().startsWith('https://js.stripe.com')) requests.push(request.url())
  })
  await context.route('https://js.stripe.com/**', stripeJs)
  await context.route('https://api.stripe.com/**', answerStripeApi)
  const email = `pay-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`
  const res = await context.request.post(`${target.url}api/auth/register`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Pat Payer', email, password: 'a long enough password' },
  })
  expect(res.status()).toBe(201)
  await verifyByMail(apiClient(() => target.url).api, email)
  const page = await context.newPage()
  return {
    context,
    page,
    stripeJs: requests,
    api: async (path) => (await context.request.get(`${target.url}api/${path}`)).json(),
  }
}

async function payWithCard(page: Page, card: string, amount = '€25.00') {
  const input = page.getByLabel('Card number')
  await input.waitFor({ timeout: 15_000 })
  await input.fill(card)
  await page.getByRole('button', { name: `Pay ${amount}` }).click()
}

async function startTopUp(page: Page) {
  await page.goto(`${server.url}wallet/top-up`)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
}

describe('card top-ups in the browser', () => {
  it('succeeds: the balance rises once and the ledger shows the top-up', async () => {
    const s = await session()
    try {
      await startTopUp(s.page)
      await payWithCard(s.page, '4242 4242 4242 4242')
      await s.page.getByText('€25.00 added to your wallet').waitFor({ timeout: 20_000 })
      await s.page.getByText('New balance: €25.00').waitFor({ timeout: 10_000 })
      // Confirmed in place, with an absolute return URL for the rare redirect.
      const params = await s.page.evaluate(() => ({
        confirm: (window as unknown as { __confirmParams: { return_url: string } }).__confirmParams,
        redirect: (window as unknown as { __redirect: string }).__redirect,
      }))
      expect(params.redirect).toBe('if_required')
      expect(params.confirm.return_url).toMatch(
        new RegExp(`^${server.url}wallet/top-up\\?topUp=[0-9a-f-]{36}$`),
      )

      await s.page.getByRole('link', { name: 'Back to wallet' }).first().click()
      await s.page.getByText('Card top-up', { exact: true }).waitFor()
      expect(await s.page.getByText('+€25.00').count()).toBe(1)

      // Webhook redelivery and the return page racing it: still credited exactly once.
      const topUpId = new URL(params.confirm.return_url).searchParams.get('topUp')!
      const pi = fake.intentOfTopUp(topUpId)
      await fake.deliver(webhookUrl(), 'payment_intent.succeeded', pi)
      await s.page.goto(
        params.confirm.return_url + `&payment_intent=${pi.id}&redirect_status=succeeded`,
      )
      await s.page.getByText('€25.00 added to your wallet').waitFor()
      await waitFor(async () => new URL(s.page.url()).search === '', 5000)
      expect(await s.api('wallet')).toMatchObject({ balance: 2500, available: 2500 })
      const ledger = (await s.api('wallet/ledger')) as { items: Array<{ kind: string }> }
      expect(ledger.items.filter((e) => e.kind === 'top_up')).toHaveLength(1)
    } finally {
      await s.context.close()
    }
  })

  it("is declined: Stripe's message, the form usable again, nothing credited", async () => {
    const s = await session()
    try {
      await startTopUp(s.page)
      await payWithCard(s.page, '4000 0000 0000 9995')
      await s.page.getByText(DECLINE).first().waitFor({ timeout: 15_000 })
      expect(await s.api('wallet')).toMatchObject({ balance: 0 })

      await s.page.getByRole('button', { name: 'Try another card' }).click()
      expect(await s.page.getByLabel('Card number').inputValue()).toBe('')
      await payWithCard(s.page, '4242 4242 4242 4242')
      await s.page.getByText('€25.00 added to your wallet').waitFor({ timeout: 20_000 })
      // The same PaymentIntent was paid with the second card: one top-up, one credit.
      expect(await s.api('wallet')).toMatchObject({ balance: 2500 })
    } finally {
      await s.context.close()
    }
  })

  it('needs authentication, then succeeds', async () => {
    const s = await session()
    try {
      await startTopUp(s.page)
      await payWithCard(s.page, '4000 0025 0000 3155')
      await s.page
        .getByText('Your bank needs you to confirm this payment')
        .waitFor({ timeout: 15_000 })
      await s.page.getByRole('button', { name: 'Complete authentication' }).click()
      await s.page.getByText('€25.00 added to your wallet').waitFor({ timeout: 20_000 })
      expect(await s.api('wallet')).toMatchObject({ balance: 2500 })
    } finally {
      await s.context.close()
    }
  })

  it('offline: the payment is disabled with the reason and Stripe.js is never requested', async () => {
    const s = await session()
    try {
      const chunk = s.page.waitForResponse((r) => /TopUpScreen-.*\.js$/.test(r.url()))
      await s.page.goto(`${server.url}wallet`)
      await s.page.getByText('Available').first().waitFor()
      await chunk
      await s.context.setOffline(true)
      // The wallet's own Top up is disabled offline with the reason (decision 0013); the screen
      // is still reachable in the app (Back, or its address), here by an in-app navigation.
      const topUp = s.page.getByRole('button', { name: 'Top up' })
      await topUp.waitFor()
      expect(await topUp.isDisabled()).toBe(true)
      await s.page.evaluate(() => history.pushState(null, '', '/wallet/top-up'))
      const button = s.page.getByRole('button', { name: 'Continue to payment' })
      await button.waitFor()
      expect(await button.isDisabled()).toBe(true)
      expect(await s.page.getByText('Top up needs a connection').count()).toBeGreaterThan(0)
      await s.page.waitForTimeout(500)
      expect(s.stripeJs).toEqual([])
    } finally {
      await s.context.close()
    }
  })

  it('shows a Stripe.js load failure with Retry, and Retry loads it', async () => {
    let failing = true
    const s = await session(server, (route) =>
      failing
        ? route.abort('internetdisconnected')
        : route.fulfill({
            status: 200,
            contentType: 'application/javascript',
            body: FAKE_STRIPE_JS,
          }),
    )
    try {
      await s.page.goto(`${server.url}wallet/top-up`)
      await s.page.getByText('The card form could not be loaded').waitFor({ timeout: 15_000 })
      expect(await s.page.getByRole('button', { name: 'Continue to payment' }).isDisabled()).toBe(
        true,
      )
      failing = false
      await s.page.getByRole('button', { name: 'Try again' }).click()
      await s.page.getByRole('button', { name: 'Continue to payment' }).click()
      await payWithCard(s.page, '4242 4242 4242 4242')
      await s.page.getByText('€25.00 added to your wallet').waitFor({ timeout: 20_000 })
      expect(s.stripeJs.length).toBeGreaterThanOrEqual(2)
    } finally {
      await s.context.close()
    }
  })

  it('non-payment screens never request js.stripe.com', async () => {
    const s = await session()
    try {
      for (const path of ['', 'account', 'wallet']) {
        await s.page.goto(`${server.url}${path}`)
        await s.page.locator('h1').first().waitFor()
        await s.page.waitForLoadState('networkidle')
      }
      await s.page.getByText('Available').first().waitFor()
      expect(s.stripeJs).toEqual([])
    } finally {
      await s.context.close()
    }
  })
})

describe('money out in the browser (decision 0053)', () => {
  it('a member with money cannot delete the account, withdraws to the card, sets up payouts and pays out', async () => {
    const s = await session()
    try {
      await startTopUp(s.page)
      await payWithCard(s.page, '4242 4242 4242 4242')
      await s.page.getByText('€25.00 added to your wallet').waitFor({ timeout: 20_000 })

      // Deleting is refused while money is in the wallet: the amount, and a way to withdraw it.
      await s.page.goto(`${server.url}account`)
      await s.page.getByRole('button', { name: 'Delete my account…' }).click()
      await s.page.getByLabel('Your password').fill('a long enough password')
      await s.page.getByRole('button', { name: 'Delete account' }).click()
      await s.page.getByText('Your wallet still holds €25.00.').waitFor()
      await s.page.getByRole('link', { name: 'Withdraw it first' }).click()

      // The withdrawal form opens from that link and shows where the money goes before it leaves.
      await s.page.waitForURL(/\/wallet/)
      await s.page.getByRole('heading', { name: 'Withdraw money' }).waitFor()
      await s.page.getByLabel('Amount').fill('20')
      await s.page.getByText('This sends €20.00 back to Visa ·· 4242.').waitFor()
      await expectAccessible(s.page, 'wallet, withdrawal form with its plan')
      await s.page.getByRole('button', { name: 'Withdraw €20.00' }).click()
      await s.page.getByText('Withdrawal of €20.00').first().waitFor({ timeout: 15_000 })
      await s.page.getByText('completed').first().waitFor({ timeout: 15_000 })
      const refunds = [...fake.refunds.values()].filter((r) => r.metadata.withdrawal_refund_id)
      expect(refunds.map((r) => r.amount)).toContain(2000)
      expect(await s.api('wallet')).toMatchObject({ balance: 500 })

      // Payouts: Stripe's onboarding (the stand-in's page) sends the member back, ready.
      await s.page.goto(`${server.url}wallet`)
      await s.page.getByRole('button', { name: 'Set up payouts' }).click()
      await s.page.waitForURL(/\/wallet(\?|$)/, { timeout: 15_000 })
      await s.page.getByText('Payouts: ready').waitFor({ timeout: 15_000 })
      await waitFor(async () => !new URL(s.page.url()).search.includes('payouts'), 5000)

      await s.page.getByRole('button', { name: 'Pay out' }).first().click()
      await s.page.getByLabel('Amount').fill('5')
      await s.page.getByRole('button', { name: 'Pay out' }).last().click()
      await s.page.getByText('Payout of €5.00').first().waitFor({ timeout: 15_000 })
      await s.page.getByText('paid').first().waitFor({ timeout: 15_000 })
      await expectAccessible(s.page, 'wallet, payouts ready, a payout and a withdrawal listed')
      expect(await s.api('wallet')).toMatchObject({ balance: 0 })
      const transfers = [...fake.connect.transfers.values()].filter((tr) => tr.amount === 500)
      expect(transfers).toHaveLength(1)

      // The ledger names where the money went.
      await s.page.getByText('Back to your card').first().waitFor()
      await s.page.getByText('Paid out to your bank').first().waitFor()
    } finally {
      await s.context.close()
    }
  })
})

describe('without Stripe keys', () => {
  it('the CSP names js.stripe.com only when Stripe is configured', async () => {
    const withStripe = (await fetch(server.url)).headers.get('content-security-policy') ?? ''
    const without = (await fetch(plain.url)).headers.get('content-security-policy') ?? ''
    expect(withStripe).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/)
    expect(withStripe).toMatch(/frame-src[^;]*https:\/\/js\.stripe\.com/)
    expect(without).not.toContain('stripe.com')
  })

  it('the wallet and top-up screens say card top-ups and payouts are off', async () => {
    const s = await session(plain)
    try {
      await s.page.goto(`${plain.url}wallet`)
      await s.page
        .getByText(/card top-ups and payouts are off here/)
        .first()
        .waitFor()
      expect(await s.page.getByRole('link', { name: 'Top up' }).count()).toBe(0)
      // A newcomer can try the app end to end: demo credit to bid with, said to never leave.
      await s.page.getByText('€500.00').first().waitFor()
      expect(await s.api('wallet')).toMatchObject({ balance: 50_000 })
      await s.page
        .getByText(
          'Card refunds and payouts are off on this server, so money cannot leave wallets here.',
        )
        .waitFor()
      await s.page.goto(`${plain.url}wallet/top-up`)
      await s.page.getByText('Card payments are not available').waitFor()
      expect(s.stripeJs).toEqual([])
    } finally {
      await s.context.close()
    }
  })
})
