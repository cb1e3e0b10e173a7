/**
 * The home-screen journey (docs/product.md §2, §6) on a phone, in a real Chromium: the app
 * installed (zero installability errors, manifest `display: standalone`) and opened in an app
 * window, so `(display-mode: standalone)` really matches; a 390×844 touch screen; sign in, the
 * bottom tab bar, a lot, a bid, the wallet, all by taps, on a narrow layout. Then the app is
 * closed, the network is gone, and the installed app is opened again at the manifest's start_url:
 * it shows the last-seen lots, the lot, the wallet and its ledger and the notifications with their
 * age, and bid and top-up are disabled with the reason.
 *
 * Why `--app=<url>` and CDP metrics instead of Playwright's `isMobile`/`viewport` options:
 * Chromium does not emulate `display-mode` (Emulation.setEmulatedMedia ignores it), and with those
 * options Playwright's first page is a plain tab instead of the app window. An app window made
 * phone-sized through Emulation.setDeviceMetricsOverride (mobile, DPR 3), touch emulation and a
 * mobile user agent is the same device to the page, and it is standalone.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import {
  apiClient,
  buildClient,
  CHROMIUM,
  CHROMIUM_ARGS,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE_UA } from './members.ts'

const PHONE = { width: 390, height: 844, deviceScaleFactor: 3 }
/** Smallest comfortable touch target (WCAG 2.5.5 / Apple HIG: 44 CSS px). */
const MIN_TAP = 44

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let profile: string

beforeAll(async () => {
  // Card payments configured (dummy keys), so the wallet offers a top-up to disable offline.
  server = await startServer({
    distDir: buildClient('v1'),
    env: { STRIPE_SECRET_KEY: 'sk_test_phone', STRIPE_PUBLISHABLE_KEY: 'pk_test_phone' },
  })
  profile = await mkdtemp(join(tmpdir(), 'lotline-phone-'))
})
afterAll(async () => {
  await server?.stop()
  if (profile) await rm(profile, { recursive: true, force: true })
})

/** Opens the installed app: an app window at `url` on the phone profile, phone-sized. */
async function openApp(
  url: string,
  offline = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--app=${url}`],
    viewport: null,
    hasTouch: true,
  })
  const page = context.pages()[0] ?? (await context.waitForEvent('page'))
  // The launch option comes too late for the window Chromium opens itself; this does not.
  if (offline) await context.setOffline(true)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...PHONE, mobile: true })
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: PHONE_UA })
  // Load again under the phone metrics (the window opened before they applied).
  await page.goto(url)
  if (offline) {
    // A navigation the service worker answers may land in a new renderer that misses the
    // context's offline emulation (seen with app windows): set it on the page itself, then open
    // the app again so it starts offline.
    const session = await context.newCDPSession(page)
    await session.send('Network.enable')
    await session.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await page.reload()
  }
  return { context, page }
}

/** A service worker controls the page (the first visit is controlled after claim or a reload). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await waitFor(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 20_000)
}

/** No sideways scrolling of the page itself (inner scrollers like the filter chips are fine). */
async function expectNarrowLayout(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(innerWidth).toBe(PHONE.width)
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

/** The bottom tab bar: visible, pinned to the bottom edge, each tab a comfortable target. */
async function expectBottomTabBar(page: Page, tabs: string[]) {
  const bar = page.getByRole('navigation', { name: 'Main' })
  // The page's own skeleton paints a bar first; the app's, with its links, follows its first
  // render (on a first visit, once the first screen's data is in: decision 0035).
  await expect.poll(() => bar.isVisible(), { timeout: 15_000 }).toBe(true)
  const box = (await bar.boundingBox())!
  expect(Math.round(box.y + box.height)).toBe(PHONE.height)
  for (const name of tabs) await expectTapTarget(bar.getByRole('link', { name }))
}

/** On screen without scrolling, and not under the bottom tab bar. */
async function expectAboveTabBar(page: Page, target: ReturnType<Page['locator']>) {
  const box = (await target.boundingBox())!
  const tabs = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(tabs.y + 0.5)
}

async function expectTapTarget(target: ReturnType<Page['locator']>) {
  // Polled: a tab can be swapped for its loaded self right then (the wallet tab's balance comes
  // in a chunk of its own), and a box asked of the element being replaced is none.
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox()
        return box ? Math.min(box.width, box.height) : 'not on screen'
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(MIN_TAP)
}

/** The "Saved … ago" line of a screen's data (src/components/SavedAge.tsx). */
const SAVED = /^Saved (just now|\d+ minutes? ago)$/

async function expectDisabledWithReason(page: Page, button: RegExp | string, reason: string) {
  // Every match: the bid bar's "Bid €minimum" and its quick steps share the reason.
  const targets = page.getByRole('button', { name: button })
  await expect.poll(() => targets.count(), { timeout: 15_000 }).toBeGreaterThan(0)
  for (const target of await targets.all()) {
    await expect.poll(() => target.isDisabled(), { timeout: 15_000 }).toBe(true)
    const ids = ((await target.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
    const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(described.join(' ')).toContain(reason)
  }
  expect(await page.getByText(reason).first().isVisible()).toBe(true)
}

describe('the app on a phone home screen', () => {
  it('installs, works by touch on a narrow layout, and opens offline on its last-seen data', async () => {
    const carol = await login('carol@lotline.test')
    const title = `Phone e2e enamel kettle ${Date.now()}`
    const lot = await createLot(api, carol, title, { startingPrice: 100 })
    // A lot Alice's €500.00 cannot cover: bidding is refused before sending, with the reason.
    const priceyLot = await createLot(api, carol, `Phone e2e gilt clock ${Date.now()}`, {
      startingPrice: 60_000,
    })

    // --- installed and online ---
    let { context, page } = await openApp(server.url)
    let startUrl: string
    let price: string
    try {
      await waitForServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[]
      }
      expect(installabilityErrors).toEqual([])
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; data?: string }
      const data = JSON.parse(manifest.data ?? '{}') as { display: string; start_url: string }
      expect(data.display).toBe('standalone')
      startUrl = new URL(data.start_url, manifest.url).href
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)

      // Sign in from the tab bar.
      const bar = page.getByRole('navigation', { name: 'Main' })
      await expectBottomTabBar(page, ['Lots', 'Shows', 'Sign in'])
      await bar.getByRole('link', { name: 'Sign in' }).tap()
      await page.getByLabel('Email').fill('alice@lotline.test')
      await page.getByLabel('Password').fill('lotline-demo')
      const submit = page.getByRole('button', { name: 'Sign in' })
      await expectTapTarget(submit)
      await submit.tap()
      await expect
        .poll(() => bar.getByRole('link', { name: /^Wallet/ }).isVisible(), { timeout: 15_000 })
        .toBe(true)
      await expectBottomTabBar(page, ['Lots', 'Shows', 'Watchlist', 'My bids', 'Wallet'])
      // The account is an icon in the header, beside the bell, on phones.
      await expectTapTarget(page.getByRole('banner').getByRole('link', { name: 'Account' }))
      await expect
        .poll(() => page.getByRole('link', { name: title }).isVisible(), { timeout: 15_000 })
        .toBe(true)
      await expectNarrowLayout(page)

      // Open the lot and bid, by touch.
      await page.getByRole('link', { name: title }).tap()
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
        .toBe(title)
      const status = page.getByRole('status').filter({ hasText: /^(Live|Connecting…)$/ })
      await expect.poll(() => status.first().textContent(), { timeout: 15_000 }).toBe('Live')
      await expectTapTarget(page.getByRole('button', { name: 'Watch' }))

      // The bid bar: above the tab bar, in view without scrolling, with price, time and standing.
      const bidBar = page.getByTestId('bid-bar')
      const quick = bidBar.getByRole('button', { name: 'Bid €1.00' })
      await expect.poll(() => quick.isVisible(), { timeout: 15_000 }).toBe(true)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expectAboveTabBar(page, quick)
      await expectAboveTabBar(page, bidBar)
      for (const name of ['Bid €1.00', 'Bid €1.50', 'Bid €3.50', 'Maximum…'])
        await expectTapTarget(bidBar.getByRole('button', { name }))
      expect(await bidBar.textContent()).toContain('€1.00')
      expect(await bidBar.getByTestId('bid-bar-status').textContent()).toBe('Not bidding')
      await expect
        .poll(() => bidBar.getByTestId('funds').textContent(), { timeout: 15_000 })
        .toBe('Available €500.00 · this bid holds €1.00')

      // "Bid €minimum": one tap, no review.
      await quick.tap()
      const result = bidBar.getByTestId('bid-result')
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toBe('Bid placed. You are leading at €1.00.')
      expect(await page.getByTestId('bid-review').count()).toBe(0)
      expect(await bidBar.getByTestId('bid-bar-status').textContent()).toBe('You are leading')
      await expectNarrowLayout(page)

      // Bob outbids: the outbid replaces the success, and a toast at the top offers "Bid €11.00".
      const bob = await login('bob@lotline.test')
      const bobBids = (amount: number) =>
        api(`lots/${lot.id}/bids`, bob, {
          method: 'POST',
          headers: { 'Idempotency-Key': `phone-${amount}-${Date.now()}` },
          body: JSON.stringify({ amount }),
        })
      expect((await bobBids(1_000)).status).toBe(201)
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toBe('You were outbid. The price is now €10.00.')
      expect(await page.getByText(/^Bid placed/).count()).toBe(0)
      const toast = page.locator('.toast', { hasText: `You were outbid on ${title}` })
      await expect.poll(() => toast.isVisible(), { timeout: 15_000 }).toBe(true)
      const toastBox = (await toast.boundingBox())!
      const barBox = (await bidBar.boundingBox())!
      expect(toastBox.y).toBeLessThan(PHONE.height / 3)
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y)
      const again = toast.getByRole('button', { name: 'Bid €11.00' })
      await expectTapTarget(again)
      await again.tap()
      await expect
        .poll(() => result.textContent(), { timeout: 15_000 })
        .toBe('Bid placed. You are leading at €11.00.')

      // A maximum: the sheet, then the review (what it holds, what is left, soft close), then sent.
      await bidBar.getByRole('button', { name: 'Raise maximum' }).tap()
      const sheet = page.getByRole('dialog', { name: 'Amount and maximum' })
      await expect.poll(() => sheet.isVisible()).toBe(true)
      // Typing: focus is in the amount field, in view, and the bar steps aside (the keyboard's
      // field is never under it).
      const amountField = sheet.getByLabel('Your bid')
      expect(await amountField.evaluate((el) => el === document.activeElement)).toBe(true)
      const fieldBox = (await amountField.boundingBox())!
      expect(fieldBox.y).toBeGreaterThanOrEqual(0)
      expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(PHONE.height)
      expect(await bidBar.isVisible()).toBe(false)
      await sheet.getByLabel('Your bid').fill('12')
      await sheet.getByLabel('New maximum').fill('40')
      // Leading, this only raises the maximum: said so, the price staying (issue 32).
      await sheet.getByRole('button', { name: 'Raise maximum to €40.00' }).tap()
      const review = page.getByRole('dialog', { name: 'Raise your maximum' })
      await expect.poll(() => review.isVisible()).toBe(true)
      const reviewText = await review.textContent()
      expect(reviewText).toContain('Raise your maximum to €40.00 — the price stays €11.00')
      expect(reviewText).toContain('Your maximum€40.00')
      expect(reviewText).toContain('Held from your wallet€40.00')
      expect(reviewText).toContain('Available after€460.00')
      expect(reviewText).toContain('a bid in the last 60 s moves the end')
      const confirm = review.getByRole('button', { name: 'Raise maximum to €40.00' })
      await expectTapTarget(confirm)
      await confirm.tap()
      await expect
        .poll(() => page.getByTestId('my-status').textContent(), { timeout: 15_000 })
        .toContain('Your maximum: €40.00')
      expect(await page.getByRole('dialog').count()).toBe(0)
      await expectNarrowLayout(page)

      // Bob outbids the maximum: the room follows live, and Alice is told (seen offline later).
      expect((await bobBids(5_000)).status).toBe(201)
      const truth = (await (await api(`lots/${lot.id}`, bob)).json()) as { currentPrice: number }
      price = `€${(truth.currentPrice / 100).toFixed(2)}`
      await expect
        .poll(() => page.getByTestId('lot-price').textContent(), { timeout: 15_000 })
        .toBe(price)
      await expect
        .poll(() => page.getByTestId('my-status').textContent(), { timeout: 15_000 })
        .toContain('You were outbid')

      // Funds up front: on the pricey lot, "Bid €600.00" is disabled with the reason and a top-up
      // is offered (card payments are on here).
      await page.goto(`${server.url}lots/${priceyLot.id}`)
      const short = page.getByTestId('bid-bar').getByRole('button', { name: 'Bid €600.00' })
      await expect.poll(() => short.isVisible(), { timeout: 15_000 }).toBe(true)
      await expectDisabledWithReason(
        page,
        'Bid €600.00',
        'Not enough available in your wallet for this bid.',
      )
      expect(await page.getByTestId('funds').textContent()).toBe(
        'Available €500.00 · this bid holds €600.00 Top up',
      )
      await expectTapTarget(page.getByTestId('funds').getByRole('link', { name: 'Top up' }))
      await page.goBack()

      // The wallet, from the tab bar.
      await bar.getByRole('link', { name: /^Wallet/ }).tap()
      await expect
        .poll(() => page.getByRole('heading', { name: 'Wallet', level: 1 }).isVisible())
        .toBe(true)
      await expect
        .poll(() => page.locator('.wallet-amount').textContent(), { timeout: 15_000 })
        .toBe('€500.00')
      await expect
        .poll(() => page.getByText('Welcome credit (demo data)').isVisible(), { timeout: 15_000 })
        .toBe(true)
      await expectTapTarget(page.getByRole('link', { name: 'Top up' }))
      await expectNarrowLayout(page)

      // Notifications, from the header bell.
      await page.getByRole('link', { name: /^Notifications/ }).tap()
      await expect
        .poll(() => page.getByText(`You were outbid on ${title}`).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true)
      await expectNarrowLayout(page)

      // Leave the app (its cache is written when the page goes), then close it.
      await page.close({ runBeforeUnload: true })
    } finally {
      await context.close()
    }

    // --- the installed app opened again, with no network (and no server to reach either, so
    // nothing the window loads before the offline switch can refresh the saved data) ---
    await server.halt()
    ;({ context, page } = await openApp(startUrl, true))
    try {
      expect(await page.evaluate(() => navigator.onLine)).toBe(false)
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      const bar = page.getByRole('navigation', { name: 'Main' })
      await expect
        .poll(() => page.getByRole('link', { name: title }).isVisible(), { timeout: 20_000 })
        .toBe(true)
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Offline$/ })
          .count(),
      ).toBe(1)
      expect(await page.getByTestId('saved-age').textContent()).toMatch(SAVED)
      await expectBottomTabBar(page, ['Lots', 'Shows', 'Watchlist', 'My bids', 'Wallet'])
      // The account is an icon in the header, beside the bell, on phones.
      await expectTapTarget(page.getByRole('banner').getByRole('link', { name: 'Account' }))
      await expectNarrowLayout(page)

      // The lot as last seen: Bob's price, Alice outbid; bidding disabled with the reason.
      await page.getByRole('link', { name: title }).tap()
      await expect
        .poll(() => page.getByTestId('lot-price').textContent(), { timeout: 15_000 })
        .toBe(price)
      expect(await page.getByTestId('my-status').textContent()).toContain('You were outbid')
      expect(await page.getByTestId('saved-age').textContent()).toMatch(SAVED)
      expect(await page.getByText('Countdown paused (not live)').isVisible()).toBe(true)
      await expectDisabledWithReason(
        page,
        /^(Place bid|Bid )/,
        'You are offline. Bids need a connection and are never queued.',
      )
      await expectNarrowLayout(page)

      // The wallet and its ledger as last seen; top-up disabled with the reason.
      await bar.getByRole('link', { name: /^Wallet/ }).tap()
      await expect
        .poll(() => page.locator('.wallet-amount').textContent(), { timeout: 15_000 })
        .toBe('€500.00')
      expect(await page.getByText('Welcome credit (demo data)').isVisible()).toBe(true)
      const ages = await page.getByTestId('saved-age').allTextContents()
      expect(ages).toHaveLength(2) // the balance and the ledger, each with its own age
      for (const age of ages) expect(age).toMatch(SAVED)
      await expectDisabledWithReason(
        page,
        'Top up',
        'You are offline. Top-ups need a connection and are never queued.',
      )
      await expectNarrowLayout(page)

      // The notifications as last seen.
      await page.getByRole('link', { name: /^Notifications/ }).tap()
      await expect
        .poll(() => page.getByText(`You were outbid on ${title}`).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true)
      expect(await page.getByTestId('saved-age').textContent()).toMatch(SAVED)
    } finally {
      await context.close()
    }
  })
})
