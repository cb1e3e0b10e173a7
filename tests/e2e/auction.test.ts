/**
 * Live auctions (docs/product.md §3, §4) in real Chromium: two members in the same lot room, live
 * through the real server and its embedded real-time service. A bids, B sees it within a second
 * without reloading; B's maximum answers A automatically; A is told it was outbid; a late bid
 * visibly extends the end; the scheduler closes the lot and the winner sees "You won".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, signedInPage } from './members.ts'

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let browser: Browser

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A desktop window signed in as `email`. */
const member = (email: string) =>
  signedInPage(browser, server.url, email, { viewport: { width: 1280, height: 900 } })

async function bid(page: Page, amount: string, max = '') {
  await page.getByLabel('Your bid').fill(amount)
  await page.getByLabel(/Maximum|New maximum/).fill(max)
  await page.getByLabel('Your bid').press('Enter')
  // A maximum is reviewed before it is sent (decision 0022): confirm it.
  if (max) await page.getByRole('button', { name: `Confirm bid €${amount}` }).click()
}

const price = (page: Page) => page.getByTestId('lot-price').textContent()
const myStatus = (page: Page) => page.getByTestId('my-status').textContent()

describe('live auction room', () => {
  it('two members bid live: realtime price, proxy answer, outbid toast, soft close, won', async () => {
    // A fresh lot by carol: 65 s long, 10 s soft-close window.
    const carol = await login('carol@lotline.test')
    const lot = await createLot(api, carol, 'E2E brass telescope', {
      description: 'Created by the auction e2e test.',
      // Below A's first bid, so B's price moving from it to A's bid is the event arriving.
      startingPrice: 900,
      endsAt: new Date(Date.now() + 65_000).toISOString(),
      softCloseSeconds: 10,
    })
    const firstEnd = Date.parse(lot.endsAt)

    const a = await member('alice@lotline.test')
    const b = await member('bob@lotline.test')
    const requestsOfB: string[] = []
    b.page.on('request', (r) => requestsOfB.push(`${r.method()} ${new URL(r.url()).pathname}`))
    for (const { page } of [a, b]) {
      await page.goto(`${server.url}lots/${lot.id}`)
      await expect.poll(() => price(page)).toBe('€9.00')
      await expect.poll(() => page.locator('.conn').textContent(), { timeout: 15_000 }).toBe('Live')
    }
    // Presence: both see two people watching.
    await expect.poll(() => b.page.locator('.watchers').textContent()).toContain('2 watching')

    // 1. A bids; B sees the price and the history row within a second, with no reload.
    const before = requestsOfB.length
    await bid(a.page, '10.00')
    await expect.poll(() => a.page.getByText('Bid placed. You are leading').count()).toBe(1)
    const seenAt = Date.now()
    await expect.poll(() => price(b.page), { timeout: 1000, interval: 50 }).toBe('€10.00')
    await expect
      .poll(() => b.page.locator('.history-list li').first().textContent(), {
        timeout: 1000,
        interval: 50,
      })
      .toContain('€10.00')
    await expect
      .poll(() => b.page.locator('.lot-main .price-panel .muted').first().textContent())
      .toContain('1 bid')
    expect(Date.now() - seenAt).toBeLessThan(1000)
    // The event patched B's cache: no lot or history request followed it.
    expect(requestsOfB.slice(before).filter((r) => r.includes('/api/lots/'))).toEqual([])

    // 2. B bids with a maximum; A is outbid, live, and told so by a toast.
    await bid(b.page, '11.00', '50.00')
    await expect.poll(() => myStatus(b.page)).toContain('You are leading')
    await expect.poll(() => price(a.page), { timeout: 1000, interval: 50 }).toBe('€11.00')
    await expect.poll(() => myStatus(a.page)).toContain('You were outbid')
    await expect
      .poll(() => a.page.locator('.toasts').textContent(), { timeout: 5000 })
      .toContain('You were outbid on E2E brass telescope')
    await expect
      .poll(() => a.page.getByTestId('unread-badge').filter({ visible: true }).count())
      .toBe(1)

    // 3. A bids again; B's maximum answers at once: A is still outbid, B leads at 13.00.
    await bid(a.page, '12.00')
    await expect.poll(() => a.page.getByText(/an earlier maximum answered it/).count()).toBe(1)
    await expect.poll(() => price(a.page)).toBe('€13.00')
    await expect.poll(() => myStatus(a.page)).toContain('You were outbid')
    await expect.poll(() => price(b.page), { timeout: 1000, interval: 50 }).toBe('€13.00')
    const rows = await b.page.locator('.history-list li').allTextContents()
    expect(rows[0]).toContain('€13.00')
    expect(rows[0]).toContain('auto')

    // 4. Inside the soft-close window, A outbids B's maximum: the end moves later, visibly.
    const windowOpensIn = firstEnd - 8_000 - Date.now()
    if (windowOpensIn > 0) await sleep(windowOpensIn)
    await bid(a.page, '55.00', '60.00')
    await expect.poll(() => myStatus(a.page)).toContain('You are leading')
    for (const { page } of [a, b]) {
      await expect.poll(() => page.getByTestId('extended').count(), { timeout: 2000 }).toBe(1)
    }
    await expect.poll(() => myStatus(b.page), { timeout: 2000 }).toContain('You were outbid')
    const detail = (await (await fetch(`${server.url}api/lots/${lot.id}`)).json()) as {
      endsAt: string
    }
    expect(Date.parse(detail.endsAt)).toBeGreaterThan(firstEnd)

    // 5. The scheduler closes the lot; the winner sees it without reloading.
    await expect
      .poll(() => myStatus(a.page), { timeout: 30_000, interval: 250 })
      .toContain('You won')
    await expect.poll(() => myStatus(b.page), { timeout: 5000 }).toContain('You did not win')
    await expect
      .poll(() => a.page.locator('.toasts').textContent(), { timeout: 5000 })
      .toContain('You won E2E brass telescope')

    await a.context.close()
    await b.context.close()
  })
})
