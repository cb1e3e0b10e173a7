/**
 * Issue #6 point 6 in a real Chromium (DESIGN §6 "no silent reload mid-bid"; decision 0013): a
 * new version is deployed while a bid is in flight. The server accepts the bid at once, but its
 * answer is held back for several seconds (page.route), so the page does not know yet. Applying
 * the update — from this tab, or from another tab — waits for that answer, says so, and only then
 * reloads onto the new version, which shows the accepted bid. A watch toggled offline just before
 * the update is still queued after the reload and reaches the server when back online.
 */
import type { BrowserContext, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' }
/**
 * How long the bid's answer stays held back once the update is asked for: well past the 5 s the
 * old reload gave in-flight writes (even twice over, for the button's wait plus the reload's).
 */
const HOLD_MS = 12_000
const WAITING_FOR_BID = 'Updating when your bid is answered…'

let server: RunningServer
let distV1: string
let distV2: string

beforeAll(async () => {
  distV1 = buildClient('v1')
  distV2 = buildClient('v2')
  server = await startServer({ distDir: distV1 })
})
afterAll(() => server?.stop())

async function login(email: string): Promise<string> {
  const res = await fetch(`${server.url}api/auth/login`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ email, password: 'lotline-demo' }),
  })
  expect(res.status).toBe(200)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

const api = (path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${server.url}api/${path}`, { ...init, headers: { ...HEADERS, cookie, ...init.headers } })

async function createLot(title: string): Promise<string> {
  const res = await api('lots', await login('carol@lotline.test'), {
    method: 'POST',
    body: JSON.stringify({
      title,
      startingPrice: 1000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

async function signedIn(context: BrowserContext, email: string) {
  const res = await context.request.post(`${server.url}api/auth/login`, {
    headers: HEADERS,
    data: { email, password: 'lotline-demo' },
  })
  expect(res.status()).toBe(200)
}

const version = (page: Page) => page.evaluate(() => document.documentElement.dataset.appVersion)

/** Opens `path` and waits until a service worker controls the page (a first visit needs a reload). */
async function openControlled(page: Page, path: string) {
  await page.goto(`${server.url}${path}`)
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
async function deployAndFind(page: Page) {
  await server.deploy(distV2)
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

async function placeBid(page: Page, amount: string) {
  await page.getByLabel('Your bid').fill(amount)
  await page.getByLabel('Your bid').press('Enter')
}

/**
 * During the hold (until `releaseAt`): still the old page — no navigation, the page's own state
 * intact — saying what it waits for.
 */
async function staysUntilAnswered(page: Page, reloads: number[], releaseAt: number) {
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true))
  await expect
    .poll(() => page.getByText(WAITING_FOR_BID).isVisible(), { timeout: 5_000 })
    .toBe(true)
  while (Date.now() < releaseAt) {
    expect(reloads).toEqual([])
    await sleep(250)
  }
  expect(reloads).toEqual([])
  expect(await version(page)).toBe('v1')
  expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true)
  expect(await page.getByText(WAITING_FOR_BID).isVisible()).toBe(true)
}

async function bidsOf(lotId: string) {
  const lot = (await (await api(`lots/${lotId}`, await login('carol@lotline.test'))).json()) as {
    currentPrice: number
    bidCount: number
    leader: string | null
  }
  return lot
}

describe('a new version never reloads the page mid-bid', () => {
  it('Reload while a bid is unanswered: waits for the answer, then reloads onto v2 with the bid', async () => {
    const lotId = await createLot('E2E update mid-bid')
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
    const lotId = await createLot('E2E update with a queued watch')
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
    const lotId = await createLot('E2E update from another tab')
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
      await placeBid(tabB, '15.00')
      await waitFor(async () => bid.state.sent, 10_000)
      const reloadsOfB = recordReloads(tabB)

      // Tab A has nothing in flight: it updates at once, and the new worker now controls B too.
      await tabA.getByRole('button', { name: 'Reload' }).click()
      const releaseAt = Date.now() + HOLD_MS
      await expect.poll(() => version(tabA), { timeout: 30_000 }).toBe('v2')
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
