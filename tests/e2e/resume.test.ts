/**
 * Resume after a dropped connection (DESIGN §6, §8): a lot room stays open while another member
 * bids continuously; the page's network is cut and the server (API and real-time service) restarts
 * meanwhile; a watch toggle is made offline. When the network returns, within 2 s the room shows
 * the true price and the full history (no gap, no duplicate), the queued toggle is applied once,
 * and the indicator is live again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildClient, launchBrowser, sleep, startServer, type RunningServer } from './harness.ts'

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' }
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
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

describe('resume after a dropped connection', () => {
  it('shows the true price and full history within 2 s, applies the queued watch once, goes live', async () => {
    const carol = await login('carol@lotline.test')
    const created = await api('lots', carol, {
      method: 'POST',
      body: JSON.stringify({
        title: 'E2E resume clock',
        startingPrice: 100,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    })
    expect(created.status).toBe(201)
    const lot = (await created.json()) as { id: string }

    // Bob and the admin (who credits himself first) bid in turn, continuously, as others would.
    const admin = await login('admin@lotline.test')
    const adminId = ((await (await api('me', admin)).json()) as { user: { id: string } }).user.id
    const credit = await api(`admin/wallets/${adminId}/adjustments`, admin, {
      method: 'POST',
      headers: { 'Idempotency-Key': `resume-credit-${Date.now()}` },
      body: JSON.stringify({ amount: 50_000, reason: 'E2E bidding budget' }),
    })
    expect(credit.status).toBe(201)
    const bidders = [await login('bob@lotline.test'), admin]
    let bidding = true
    let placed = 0
    const war = (async () => {
      for (let turn = 0; bidding; turn++) {
        const cookie = bidders[turn % 2]!
        const current = await api(`lots/${lot.id}`, cookie).catch(() => undefined)
        const minNextBid = current?.ok
          ? ((await current.json()) as { minNextBid: number }).minNextBid
          : 0
        if (minNextBid) {
          const res = await api(`lots/${lot.id}/bids`, cookie, {
            method: 'POST',
            headers: { 'Idempotency-Key': `resume-${turn}-${Date.now()}` },
            body: JSON.stringify({ amount: minNextBid }),
          }).catch(() => undefined)
          if (res?.status === 201) placed++
        }
        await sleep(250)
      }
    })()

    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      await context.request.post(`${server.url}api/auth/login`, {
        headers: HEADERS,
        data: { email: 'alice@lotline.test', password: 'lotline-demo' },
      })
      const page = await context.newPage()
      await page.goto(`${server.url}lots/${lot.id}`)
      const status = page
        .getByRole('status')
        .filter({ hasText: /^(Live|Connecting…|Reconnecting…|Offline)$/ })
      await expect.poll(() => status.first().textContent(), { timeout: 15_000 }).toBe('Live')
      await expect.poll(() => placed, { timeout: 15_000 }).toBeGreaterThan(3)

      // The network goes; the server restarts while it is gone; Alice watches the lot offline.
      await context.setOffline(true)
      await expect.poll(() => status.first().textContent()).toBe('Offline')
      await page.getByRole('button', { name: 'Watch' }).click()
      await server.halt()
      await sleep(3_000)
      await server.resume()
      const before = placed
      await expect.poll(() => placed, { timeout: 20_000 }).toBeGreaterThan(before + 3)
      bidding = false
      await war
      // Give the last bid's events time to be published before comparing.
      const truth = (await (await api(`lots/${lot.id}`, carol)).json()) as {
        currentPrice: number
        bidCount: number
      }
      const history = (await (await api(`lots/${lot.id}/bids`, carol)).json()) as {
        items: Array<{ id: number }>
      }

      const back = Date.now()
      await context.setOffline(false)
      const euros = (truth.currentPrice / 100).toFixed(2)
      await expect
        .poll(() => page.getByTestId('lot-price').textContent(), { timeout: 2_000 })
        .toContain(euros)
      await expect
        .poll(() => page.locator('.history-list > li').count(), { timeout: 2_000 })
        .toBe(history.items.length)
      const resumedMs = Date.now() - back
      console.log(
        `resume: true price and ${history.items.length} history rows after ${resumedMs} ms`,
      )
      await expect.poll(() => status.first().textContent(), { timeout: 15_000 }).toBe('Live')

      // The queued watch reached the server exactly once (PUT is idempotent; one row either way),
      // and the room says so.
      const alice = await login('alice@lotline.test')
      const watchlist = (await (await api('watchlist', alice)).json()) as {
        items: Array<{ id: string }>
      }
      expect(watchlist.items.filter((l) => l.id === lot.id)).toHaveLength(1)
      await expect.poll(() => page.getByRole('button', { name: 'Watching' }).count()).toBe(1)
    } finally {
      bidding = false
      await war
      await browser.close()
    }
  })
})
