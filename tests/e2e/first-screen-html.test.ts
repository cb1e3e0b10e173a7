/**
 * The first screen as HTML (issue 33, decision 0059), in real Chromium: the lot list and a lot
 * room paint their content with JavaScript switched off, from the server's render of the app's own
 * components; with JavaScript on, the same page hydrates without redrawing (no mismatch React had
 * to recover from), without moving anything, and without asking the API again for what the page
 * carried; then it answers a tap as the app. On a phone (390×844, a phone's user agent, so the
 * server sends the phone layout) and on a desktop, in English and in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { buildClient, launchBrowser, startServer, type RunningServer } from './harness.ts'
import { DESKTOP, PHONE, signIn } from './members.ts'
import { expectAccessible } from './a11y.ts'

let server: RunningServer
let browser: Browser
let lotId = ''
let lotTitle = ''

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
  const lots = (await (await fetch(`${server.url}api/lots?status=open`)).json()) as {
    items: Array<{ id: string; title: string; pictures: unknown[] }>
  }
  const lot = lots.items.find((item) => item.pictures.length > 0)!
  lotId = lot.id
  lotTitle = lot.title
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The boxes a person sees first, by selector: they must not move when the page hydrates. */
const LIST_BOXES = [
  'main h1',
  '.lot-card >> nth=0',
  '.lot-card-media img >> nth=0',
  '.lot-card >> nth=1',
]
const ROOM_BOXES = ['.lot-room h1', '.gallery-viewport', '.app-header']

async function boxes(page: Page, selectors: string[]) {
  const out: Record<string, unknown> = {}
  for (const selector of selectors) out[selector] = await page.locator(selector).boundingBox()
  return out
}

/** Every layout shift of the page, with the class of what moved. */
const RECORD_SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shifts.push({ at: entry.startTime, value: entry.value,
      moved: (entry.sources || []).map((s) => (s.node && (s.node.className || s.node.nodeName)) || '?') })
  }
}).observe({ type: 'layout-shift', buffered: true })`

/**
 * The layout shifts from the moment the app's code starts: hydrating must move nothing. (While a
 * large page is still being parsed the browser may paint it in parts; that is the HTML arriving,
 * before any script runs, and Lighthouse's CLS budget holds the page to it.)
 */
async function shiftsOnceStarted(page: Page) {
  const shifts = (await page.evaluate('window.__shifts')) as Array<{ at: number; moved: string[] }>
  const started = await page.evaluate(
    () => performance.getEntriesByName('lotline:start')[0]?.startTime ?? 0,
  )
  return shifts.filter((shift) => shift.at >= started)
}

/**
 * The app took the page over in place: the boxes a person sees where the HTML put them, and no
 * mismatch React had to redraw (`data-hydration`, its warning).
 */
async function expectHydratedInPlace(
  page: Page,
  selectors: string[],
  painted: Record<string, unknown>,
  warnings: string[],
) {
  expect(await boxes(page, selectors)).toEqual(painted)
  expect(await page.evaluate(() => document.documentElement.dataset.hydration)).toBeUndefined()
  expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([])
}

/**
 * The picture a person sees first had the network to itself (decision 0060): the libraries' code
 * (the largest script) was requested only once that picture had arrived.
 */
async function expectPictureBeforeCode(page: Page, picture: string) {
  const src = await page.locator(picture).evaluate((img: HTMLImageElement) => img.currentSrc)
  const timings = await page.evaluate((pictureUrl) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const arrived = entries.find((entry) => entry.name === pictureUrl)?.responseEnd
    const requested = entries.find((entry) => /\/assets\/vendor[^/]*\.js$/.test(entry.name))
    return { arrived, requested: requested?.startTime }
  }, src)
  expect(timings.arrived).toBeDefined()
  expect(timings.requested).toBeGreaterThanOrEqual(timings.arrived!)
}

const hydrated = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('lotline:hydrated').length > 0)

async function paintWithoutScript(device: BrowserContextOptions, url: string, selectors: string[]) {
  const context = await browser.newContext({ ...device, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    return { page: await page.content(), boxes: await boxes(page, selectors) }
  } finally {
    await context.close()
  }
}

async function openWithScript(
  device: BrowserContextOptions,
  url: string,
  inlined: string[],
  member?: string,
) {
  const context = await browser.newContext(device)
  if (member) await signIn(context.request, server.url, member)
  await context.addInitScript(RECORD_SHIFTS)
  const page = await context.newPage()
  const asked: string[] = []
  const warnings: string[] = []
  page.on('request', (request) => {
    if (inlined.includes(request.url())) asked.push(request.url())
  })
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  await page.goto(url)
  await expect.poll(() => hydrated(page)).toBe(true)
  return { context, page, asked, warnings }
}

const cases = [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const

describe('the lot list as HTML', () => {
  for (const [name, device] of cases) {
    it(`paints with no script on ${name}, then hydrates in place without asking again`, async () => {
      const url = server.url
      const bare = await paintWithoutScript(device, url, LIST_BOXES)
      // The content itself, not a skeleton: the heading, cards with titles and prices.
      expect(bare.page).toContain('Open lots')
      expect(bare.page).toMatch(/class="lot-card[ "]/)
      expect(bare.page).not.toContain('class="boot"')
      for (const box of Object.values(bare.boxes)) expect(box).not.toBeNull()

      const inlined = [`${url}api/config`, `${url}api/session`, `${url}api/lots?status=open`]
      const { context, page, asked, warnings } = await openWithScript(device, url, inlined)
      try {
        await expectHydratedInPlace(page, LIST_BOXES, bare.boxes, warnings)
        await expectPictureBeforeCode(page, '.lot-card-media img >> nth=0')
        // What the page carried is never fetched again.
        expect(asked).toEqual([])
        expect(await shiftsOnceStarted(page)).toEqual([])
        await expectAccessible(page, `list hydrated, ${name}`)
        // It is the app now: a card opens its room without loading a page.
        const documents: string[] = []
        page.on('request', (r) => void (r.resourceType() === 'document' && documents.push(r.url())))
        await page.locator('.lot-card-link').first().click()
        await page.locator('.lot-room h1').waitFor()
        expect(documents).toEqual([])
      } finally {
        await context.close()
      }
    })
  }

  it("draws a member's header and cards in the HTML, and hydrates them in place", async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false })
    await signIn(context.request, server.url, 'alice@lotline.test')
    const bare = await context.newPage()
    await bare.goto(server.url, { waitUntil: 'load' })
    const painted = await boxes(bare, [...LIST_BOXES, '.header-bell'])
    await context.close()
    expect(painted['.header-bell']).not.toBeNull()
    const {
      context: app,
      page,
      warnings,
    } = await openWithScript(PHONE, server.url, [], 'alice@lotline.test')
    try {
      await expectHydratedInPlace(page, [...LIST_BOXES, '.header-bell'], painted, warnings)
      expect(await shiftsOnceStarted(page)).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('keeps a tap made before the code arrived and gives it to the button once it is live', async () => {
    const context = await browser.newContext(PHONE)
    try {
      const page = await context.newPage()
      // The app's code is held on the wire: the page is the server's HTML alone meanwhile.
      const held: Array<() => void> = []
      await page.route(
        /\/assets\/app-[\w-]+\.js$/,
        (route) => void held.push(() => void route.continue()),
      )
      await page.goto(server.url)
      const filters = page.getByRole('button', { name: /^Filters/ })
      await filters.tap()
      expect(await filters.getAttribute('aria-expanded')).toBe('false')
      expect(await hydrated(page)).toBe(false)
      await expect.poll(() => held.length).toBeGreaterThan(0)
      held.forEach((release) => release())
      await expect.poll(() => hydrated(page)).toBe(true)
      // The one tap, given once the button was the app's: the panel opened, exactly once.
      await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('true')
    } finally {
      await context.close()
    }
  })

  it('speaks Spanish to a Spanish reader, in the HTML and after hydration', async () => {
    const device = {
      ...PHONE,
      locale: 'es-ES',
      extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' },
    }
    const bare = await paintWithoutScript(device, server.url, LIST_BOXES)
    expect(bare.page).toContain('<html lang="es"')
    expect(bare.page).toContain('Lotes abiertos')
    const { context, page, warnings } = await openWithScript(device, server.url, [])
    try {
      await expectHydratedInPlace(page, LIST_BOXES, bare.boxes, warnings)
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Lotes abiertos')
    } finally {
      await context.close()
    }
  })
})

describe('a lot room as HTML', () => {
  for (const [name, device] of cases) {
    it(`paints with no script on ${name}, then hydrates in place without asking again`, async () => {
      const url = `${server.url}lots/${lotId}`
      const bare = await paintWithoutScript(device, url, ROOM_BOXES)
      expect(bare.page).toContain(lotTitle.replaceAll('"', '&quot;'))
      for (const box of Object.values(bare.boxes)) expect(box).not.toBeNull()

      const inlined = [
        `${server.url}api/config`,
        `${server.url}api/session`,
        `${server.url}api/lots/${lotId}`,
        `${server.url}api/lots/${lotId}/bids`,
      ]
      const { context, page, asked, warnings } = await openWithScript(device, url, inlined)
      try {
        await expectHydratedInPlace(page, ROOM_BOXES, bare.boxes, warnings)
        await expectPictureBeforeCode(page, '.gallery-viewport img >> nth=0')
        expect(asked).toEqual([])
        expect(await shiftsOnceStarted(page)).toEqual([])
        // A guest's bid button is live at once: it takes them to sign in, inside the app.
        const signIn = page.getByRole('link', { name: 'Sign in to bid' })
        await signIn.click()
        await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      } finally {
        await context.close()
      }
    })
  }
})
