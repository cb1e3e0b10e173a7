/**
 * Updates in a real Chromium (docs/product.md §6 "no silent reload mid-bid"; decision 0012): a
 * new version is deployed while a bid is in flight. The server accepts the bid at once, but its
 * answer is held back for several seconds (page.route), so the page does not know yet. Applying
 * the update — from this tab, or from another tab — waits for that answer, says so, and only then
 * reloads onto the new version, which shows the accepted bid. A watch toggled offline just before
 * the update is still queued after the reload and reaches the server when back online. The same
 * for a card payment: while the answer to 3-D Secure is held back the page stays, then it reloads
 * onto the new version with the top-up credited once.
 */
import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../stripe/fake-stripe-api.ts'
import { FAKE_STRIPE_JS } from './fake-stripe-js.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { createLot, signIn } from './members.ts'

/**
 * How long the bid's answer stays held back once the update is asked for: well past the 5 s the
 * old reload gave in-flight writes (even twice over, for the button's wait plus the reload's).
 */
const HOLD_MS = 12_000
const WAITING_FOR_BID = 'Updating when your bid is answered…'
const WAITING_FOR_PAYMENT = 'Updating when your card payment is answered…'

let server: RunningServer
let distV1: string
let distV2: string

beforeAll(async () => {
  distV1 = buildClient('v1')
  distV2 = buildClient('v2')
  server = await startServer({ distDir: distV1 })
})
afterAll(() => server?.stop())

const { api, login } = apiClient(() => server.url)

/** A lot of carol's, an hour long, from €10.00. */
const newLot = async (title: string) =>
  (await createLot(api, await login('carol@lotline.test'), title)).id

/** Signs `email` in on `context` (its pages share the session) at `target`. */
const signedIn = (context: BrowserContext, email: string, target = server) =>
  signIn(context.request, target.url, email)

/** The running version; a page stuck in a reload that loads nothing says so instead of hanging. */
const version = (page: Page) =>
  Promise.race([
    page.evaluate(() => document.documentElement.dataset.appVersion),
    sleep(5_000).then(() => 'no answer from the page in 5 s'),
  ])

/** Opens `path` and waits until a service worker controls the page (a first visit needs a reload). */
async function openControlled(page: Page, path: string, target = server) {
  await page.goto(`${target.url}${path}`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await waitFor(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 15_000)
}

async function openRoom(page: Page, lotId: string) {
  await openControlled(page, `lots/${lotId}`)
  await expect
    .poll(() => page.getByTestId('lot-price').textContent(), { timeout: 15_000 })
    .toBe('€10.00')
  await expect.poll(() => page.locator('.conn').textContent(), { timeout: 15_000 }).toBe('Live')
}

/** Deploys v2 and lets `page` find it: the update prompt appears, nothing reloads. */
async function deployAndFind(page: Page, target = server) {
  await target.deploy(distV2)
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  await expect
    .poll(() => page.getByText('A new version of Lotline is available.').isVisible(), {
      timeout: 30_000,
    })
    .toBe(true)
}

/**
 * Holds back the answer to the next bid of `page`: the request reaches the server at once (the
 * bid is accepted), the page gets the answer only when `release()` is called.
 */
async function holdBidAnswer(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const state = { sent: false, answeredAt: 0 }
  await page.route('**/api/lots/*/bids', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    state.sent = true
    const response = await route.fetch()
    await released
    state.answeredAt = Date.now()
    await route.fulfill({ response })
  })
  return { state, release }
}

/** Main-frame navigations (reloads) of `page`, with their times. */
function recordReloads(page: Page): number[] {
  const times: number[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) times.push(Date.now())
  })
  return times
}

async function placeBid(page: Page, amount: string, reviewed = false) {
  await page.getByLabel('Your bid').fill(amount)
  await page.getByLabel('Your bid').press('Enter')
  // A bid 3+ increments above the minimum is reviewed first (decision 0022): confirm it.
  if (reviewed) await page.getByRole('button', { name: `Confirm bid €${amount}` }).click()
}

/**
 * During the hold (until `releaseAt`): still the old page — no navigation, the page's own state
 * intact — saying what it waits for.
 */
async function staysUntilAnswered(
  page: Page,
  reloads: number[],
  releaseAt: number,
  waiting = WAITING_FOR_BID,
) {
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true))
  await expect.poll(() => page.getByText(waiting).isVisible(), { timeout: 5_000 }).toBe(true)
  while (Date.now() < releaseAt) {
    expect(reloads).toEqual([])
    await sleep(250)
  }
  expect(reloads).toEqual([])
  expect(await version(page)).toBe('v1')
  expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true)
  expect(await page.getByText(waiting).isVisible()).toBe(true)
}

/** Signed in once: polled, and a sign-in per poll would meet the sign-in rate limit. */
let carolCookie: string | undefined

async function bidsOf(lotId: string) {
  carolCookie ??= await login('carol@lotline.test')
  const lot = (await (await api(`lots/${lotId}`, carolCookie)).json()) as {
    currentPrice: number
    bidCount: number
    leader: string | null
  }
  return lot
}

describe('a new version never reloads the page mid-bid', () => {
  it('Reload while a bid is unanswered: waits for the answer, then reloads onto v2 with the bid', async () => {
    const lotId = await newLot('E2E update mid-bid')
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await signedIn(context, 'alice@lotline.test')
      const page = await context.newPage()
      await openRoom(page, lotId)
      expect(await version(page)).toBe('v1')
      await deployAndFind(page)

      const bid = await holdBidAnswer(page)
      await placeBid(page, '12.00')
      await waitFor(async () => bid.state.sent, 10_000)
      // The server has the bid; the page has not heard yet.
      await expect.poll(async () => (await bidsOf(lotId)).bidCount, { timeout: 10_000 }).toBe(1)

      const reloads = recordReloads(page)
      await page.getByRole('button', { name: 'Reload' }).click()
      await staysUntilAnswered(page, reloads, Date.now() + HOLD_MS)

      bid.release()
      await expect.poll(() => version(page), { timeout: 30_000 }).toBe('v2')
      expect(reloads.length).toBeGreaterThan(0)
      expect(Math.min(...reloads)).toBeGreaterThanOrEqual(bid.state.answeredAt)
      // The new version shows the accepted bid: Alice leads at €12.00.
      await expect
        .poll(() => page.getByTestId('lot-price').textContent(), { timeout: 15_000 })
        .toBe('€12.00')
      await expect
        .poll(() => page.getByTestId('my-status').textContent(), { timeout: 15_000 })
        .toContain('You are leading')
      expect(await bidsOf(lotId)).toMatchObject({ bidCount: 1, currentPrice: 1200 })
    } finally {
      await browser.close()
      await server.deploy(distV1)
    }
  })

  it('a watch toggled offline just before the update is still queued after the reload and reaches the server', async () => {
    const lotId = await newLot('E2E update with a queued watch')
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await signedIn(context, 'bob@lotline.test')
      const page = await context.newPage()
      await openRoom(page, lotId)
      await deployAndFind(page)

      await context.setOffline(true)
      await page.getByRole('button', { name: 'Watch' }).click()
      await expect
        .poll(() => page.getByText('Saved offline; syncs when you reconnect.').isVisible())
        .toBe(true)
      // At once: before the throttled persister's next write.
      await page.getByRole('button', { name: 'Reload' }).click()
      await expect.poll(() => version(page), { timeout: 30_000 }).toBe('v2')

      // Still queued after the reload (the shell and the cache come from this device).
      await expect
        .poll(() => page.getByText('Saved offline; syncs when you reconnect.').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true)
      const bob = await login('bob@lotline.test')
      const watching = async () => {
        const list = (await (await api('watchlist', bob)).json()) as {
          items: Array<{ id: string }>
        }
        return list.items.filter((lot) => lot.id === lotId).length
      }
      expect(await watching()).toBe(0)

      await context.setOffline(false)
      await expect.poll(watching, { timeout: 20_000 }).toBe(1)
      await expect
        .poll(() => page.getByRole('button', { name: 'Watching' }).count(), { timeout: 15_000 })
        .toBe(1)
    } finally {
      await browser.close()
      await server.deploy(distV1)
    }
  })

  it('another tab applies the update: the tab with a bid in flight reloads only after its answer', async () => {
    const lotId = await newLot('E2E update from another tab')
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await signedIn(context, 'alice@lotline.test')
      const tabA = await context.newPage()
      const tabB = await context.newPage()
      await openControlled(tabA, '')
      await openRoom(tabB, lotId)
      await deployAndFind(tabA)
      await expect
        .poll(() => tabB.getByText('A new version of Lotline is available.').isVisible(), {
          timeout: 30_000,
        })
        .toBe(true)

      const bid = await holdBidAnswer(tabB)
      await placeBid(tabB, '15.00', true)
      await waitFor(async () => bid.state.sent, 10_000)
      const reloadsOfB = recordReloads(tabB)

      // Tab A has nothing in flight: it updates at once, and the new worker now controls B too.
      await tabA.getByRole('button', { name: 'Reload' }).click()
      const releaseAt = Date.now() + HOLD_MS
      // 30 s was not enough once, in a loaded CI run on a slow VM (2026-11-28; 24 s for the whole
      // test alone): the new worker's activation and A's reload onto it. Still well under the
      // test's own limit; a tab A held back by B's bid would stay v1 past it.
      await expect.poll(() => version(tabA), { timeout: 60_000 }).toBe('v2')
      await staysUntilAnswered(tabB, reloadsOfB, releaseAt)

      bid.release()
      await expect.poll(() => version(tabB), { timeout: 30_000 }).toBe('v2')
      expect(Math.min(...reloadsOfB)).toBeGreaterThanOrEqual(bid.state.answeredAt)
      await expect
        .poll(() => tabB.getByTestId('lot-price').textContent(), { timeout: 15_000 })
        .toBe('€15.00')
      await expect
        .poll(() => tabB.getByTestId('my-status').textContent(), { timeout: 15_000 })
        .toContain('You are leading')
    } finally {
      await browser.close()
      await server.deploy(distV1)
    }
  })
})

describe('a new version never reloads the page mid-payment', () => {
  const WEBHOOK_SECRET = 'whsec_e2e_updates'
  let fake: FakeStripe
  let payments: RunningServer
  const paymentsApi = apiClient(() => payments.url)

  beforeAll(async () => {
    fake = await startFakeStripe(WEBHOOK_SECRET)
    payments = await startServer({ distDir: distV1, env: stripeSettings(fake) })
  })
  afterAll(async () => {
    await payments?.stop()
    await fake?.close()
  })

  /**
   * Answers the fake Stripe.js (tests/e2e/fake-stripe-js.ts) in `context`: the card needs 3-D
   * Secure, and the answer to the authentication is held back until `release()`. Then the payment
   * succeeds, Stripe's webhook reaches the server, and only after that does the page hear.
   */
  async function holdAuthentication(context: BrowserContext) {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const state = { sent: false, answeredAt: 0 }
    await context.route('https://api.stripe.com/**', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { clientSecret: string }
      const id = body.clientSecret.split('_secret_')[0] ?? ''
      const reply = (json: unknown) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify(json),
        })
      if (new URL(route.request().url()).pathname !== '/fake/authenticate') {
        fake.setStatus(id, 'requires_action')
        return reply({ paymentIntent: { id, status: 'requires_action' } })
      }
      state.sent = true
      await released
      const intent = fake.setStatus(id, 'succeeded')
      await fake.deliver(
        `http://127.0.0.1:${payments.port}/api/stripe/webhook`,
        'payment_intent.succeeded',
        intent,
      )
      state.answeredAt = Date.now()
      return reply({ paymentIntent: { id, status: 'succeeded' } })
    })
    return { state, release }
  }

  /** Bob's wallet balance and card top-ups in the ledger, as the API has them. */
  async function walletOfBob() {
    const bob = await paymentsApi.login('bob@lotline.test')
    const wallet = (await (await paymentsApi.api('wallet', bob)).json()) as { balance: number }
    const ledger = (await (await paymentsApi.api('wallet/ledger', bob)).json()) as {
      items: Array<{ kind: string }>
    }
    return {
      balance: wallet.balance,
      topUps: ledger.items.filter((entry) => entry.kind === 'top_up').length,
    }
  }

  it('Reload while 3-D Secure is unanswered: waits for it, then reloads onto v2 with the top-up credited once', async () => {
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await context.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
      )
      const auth = await holdAuthentication(context)
      await signedIn(context, 'bob@lotline.test', payments)
      // The demo seed may already have moved Bob's money (he wins a sold lot): compare to now.
      const before = await walletOfBob()
      expect(before.topUps).toBe(0)
      const page = await context.newPage()
      await openControlled(page, 'wallet/top-up', payments)
      expect(await version(page)).toBe('v1')

      await page.getByRole('button', { name: 'Continue to payment' }).click()
      const card = page.getByLabel('Card number')
      await card.waitFor({ timeout: 20_000 })
      await card.fill('4000 0025 0000 3155')
      await page.getByRole('button', { name: 'Pay €25.00' }).click()
      await page
        .getByText('Your bank needs you to confirm this payment')
        .waitFor({ timeout: 20_000 })
      await deployAndFind(page, payments)

      await page.getByRole('button', { name: 'Complete authentication' }).click()
      await waitFor(async () => auth.state.sent, 10_000)
      const reloads = recordReloads(page)
      await page.getByRole('button', { name: 'Reload' }).click()
      await staysUntilAnswered(page, reloads, Date.now() + HOLD_MS, WAITING_FOR_PAYMENT)
      expect(await walletOfBob()).toEqual(before)

      auth.release()
      // Soon after the answer (about a second here): an old worker woken by the page's requests
      // once held the new version back for ~30 s, or the reload loaded nothing.
      await expect.poll(() => version(page), { timeout: 20_000 }).toBe('v2')
      expect(Math.min(...reloads)).toBeGreaterThanOrEqual(auth.state.answeredAt)
      // The attempt is over: v2 offers a new top-up (or, had the reload beaten the status check,
      // says the top-up was added) — never the card form of the paid one again.
      await page
        .getByRole('button', { name: 'Continue to payment' })
        .or(page.getByText('€25.00 added to your wallet'))
        .waitFor({ timeout: 20_000 })
      expect(await page.getByLabel('Card number').count()).toBe(0)
      expect(await walletOfBob()).toEqual({ balance: before.balance + 2_500, topUps: 1 })

      // On screen in v2: the new balance and one card top-up in the history.
      await page.getByRole('link', { name: 'Back to wallet' }).first().click()
      const balance = page
        .locator('.wallet-figures div')
        .filter({ hasText: 'Balance' })
        .locator('dd')
      await expect
        .poll(() => balance.textContent(), { timeout: 20_000 })
        .toBe(`€${((before.balance + 2_500) / 100).toFixed(2)}`)
      await page.getByText('Card top-up', { exact: true }).waitFor({ timeout: 20_000 })
      expect(await page.getByText('+€25.00').count()).toBe(1)
      expect(await version(page)).toBe('v2')
    } finally {
      await browser.close()
    }
  })
})
