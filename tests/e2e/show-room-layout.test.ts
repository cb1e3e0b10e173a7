/**
 * Entering a live show room on a phone and on a wide screen (issue 34): the room draws the lot on
 * the block, then its bidding arrives with the lot's detail and the lazily loaded panel (the
 * phone's bid bar, a wide screen's inline form). Nothing a person already sees may move when they
 * do: the cumulative layout shift of the whole entry stays at about 0, and the show's title and
 * description head the room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import type { ShowDetail } from '../../common/shows.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, DESKTOP, PHONE, registerMember, signedInPage } from './members.ts'

let server: RunningServer
const { api } = apiClient(() => server.url)
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {})
  await browser?.close()
  await server?.stop()
})

/** Every layout shift of the page that no input caused, with what moved. */
const RECORD_SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue
    window.__shifts.push({ at: Math.round(entry.startTime), value: entry.value,
      moved: (entry.sources || []).map((s) => ((s.node && (s.node.className || s.node.nodeName)) || '?') +
        ' ' + Math.round(s.previousRect.top) + '→' + Math.round(s.currentRect.top)) })
  }
}).observe({ type: 'layout-shift', buffered: true })`

interface Shift {
  at: number
  value: number
  moved: string[]
}

async function ok(res: Response) {
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return res
}

describe.each([
  { screen: 'a phone', device: PHONE, phone: true },
  { screen: 'a wide screen', device: DESKTOP, phone: false },
])('the show room on $screen', ({ device, phone }) => {
  it('entering a live show: the lot, its price, clock and bidding draw without moving the room', async () => {
    const host = await registerMember(api, 'Lena Layout', 'layout host secret')
    const startsAt = new Date(Date.now() + 3_600_000).toISOString()
    const endsAt = new Date(Date.now() + 2 * 3_600_000).toISOString()
    const lot = await createLot(api, host.cookie, 'Show lot: enamel jug', { startsAt, endsAt })
    const show = (await (
      await ok(
        await api('shows', host.cookie, {
          method: 'POST',
          body: JSON.stringify({
            title: 'E2E layout show',
            description: 'Below the lot on the block: it must stay where it is drawn.',
            startsAt,
            lots: [{ lotId: lot.id, timerSeconds: 120, mode: 'standard' }],
          }),
        }),
      )
    ).json()) as ShowDetail
    await ok(await api(`shows/${show.id}/start`, host.cookie, { method: 'POST', body: '{}' }))
    await ok(
      await api(`shows/${show.id}/next`, host.cookie, {
        method: 'POST',
        body: JSON.stringify({ lotId: lot.id }),
      }),
    )

    const { context, page } = await signedInPage(browser, server.url, 'alice@lotline.test', device)
    contexts.push(context)
    await page.addInitScript(RECORD_SHIFTS)
    await page.goto(`${server.url}shows/${show.id}`)
    await page.getByRole('heading', { level: 2, name: lot.title }).waitFor({ timeout: 20_000 })
    // Everything the lot's detail brings: the bid bar (the form on a wide screen), the quick
    // bids, the price from the detail.
    if (phone) await page.getByTestId('bid-bar').waitFor({ timeout: 15_000 })
    else await page.getByRole('button', { name: 'Place bid' }).waitFor({ timeout: 15_000 })
    await page.getByTestId('show-lot-price').waitFor()
    await page.getByLabel('Message').waitFor()
    // Late shifts (a picture, a font, the chat's first page) are counted too.
    await sleep(1_500)
    const shifts = (await page.evaluate('window.__shifts')) as Shift[]
    const total = shifts.reduce((sum, s) => sum + s.value, 0)
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01)
    // The show's own header (title, state, seller, description) is the room's first row.
    const top = async (selector: string) => (await page.locator(selector).boundingBox())!.y
    expect(await top('.show-room > .lot-top')).toBeLessThan(await top('.show-current'))
    await page.getByText('Below the lot on the block: it must stay where it is drawn.').waitFor()
    expect(await top('.show-room .description')).toBeLessThan(await top('.show-current'))
  }, 120_000)
})
