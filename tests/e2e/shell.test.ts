/**
 * The shell in a real Chromium: installability, offline shell, accounts through the UI,
 * the async header on every request, and the update prompt after a deploy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Request } from 'playwright-core'
import {
  buildClient,
  launchBrowser,
  launchPersistent,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { PHONE_UA, signIn } from './members.ts'

let server: RunningServer
let distV1: string
let distV2: string

beforeAll(async () => {
  distV1 = buildClient('v1')
  distV2 = buildClient('v2')
  server = await startServer({ distDir: distV1 })
})
afterAll(async () => {
  await server?.stop()
})

/** Waits until a service worker controls the page (a first visit is controlled after claim/reload). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
  }
  await waitFor(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 10_000)
}

describe('installable PWA', () => {
  it('has zero installability errors in Chromium and a complete manifest', async () => {
    const { context, close } = await launchPersistent()
    try {
      const page = await context.newPage()
      // A page with no lot pictures: pictures (`uploads/`) are the worker's to serve, and a card
      // image loading late on a busy machine would start it again and blur the claim below.
      await page.goto(`${server.url}sign-in`)
      await waitForServiceWorker(page)
      // Every chunk the page loads after its first paint (real-time client, prompts, messages)
      // comes from the worker's precache and would start it again: let them all arrive first.
      await expect
        .poll(() => page.getByText('Live').first().isVisible(), { timeout: 20_000 })
        .toBe(true)
      await page.waitForLoadState('networkidle')
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>
      }
      expect(installabilityErrors).toEqual([])
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        errors: unknown[]
        data?: string
      }
      expect(manifest.errors).toEqual([])
      const data = JSON.parse(manifest.data ?? '{}')
      expect(data).toMatchObject({ display: 'standalone', name: 'Lotline' })
      const sizes = (data.icons as Array<{ sizes: string; purpose?: string }>).map(
        (i) => `${i.sizes}:${i.purpose ?? 'any'}`,
      )
      expect(sizes).toEqual(
        expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
      )
      const factors = (data.screenshots as Array<{ form_factor?: string }>).map(
        (s) => s.form_factor,
      )
      expect(factors).toEqual(expect.arrayContaining(['wide', 'narrow']))
    } finally {
      await close()
    }
  })
})

describe('offline shell', () => {
  it('opens at / and at a deep link with the network off, after one online visit', async () => {
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(server.url)
      await waitForServiceWorker(page)
      await context.setOffline(true)

      await page.goto(server.url)
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBeTruthy()
      expect(await page.title()).toMatch(/Lotline/)

      await page.goto(`${server.url}sign-in`)
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in' }).count(), { timeout: 10_000 })
        .toBe(1)
      await page.reload()
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sign in' }).count(), { timeout: 10_000 })
        .toBe(1)
      // The app says it is offline instead of pretending.
      await expect.poll(() => page.getByText('Offline').first().isVisible()).toBe(true)
    } finally {
      await browser.close()
    }
  })
})

describe('requests the service worker must not handle', () => {
  it('API and channel-auth requests go to the network without starting a stopped worker', async () => {
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      // A page with no lot pictures: pictures (`uploads/`) are the worker's to serve, and a card
      // image loading late on a busy machine would start it again and blur the claim below.
      await page.goto(`${server.url}sign-in`)
      await waitForServiceWorker(page)
      // Every chunk the page loads after its first paint (real-time client, prompts, messages)
      // comes from the worker's precache and would start it again: let them all arrive first.
      await expect
        .poll(() => page.getByText('Live').first().isVisible(), { timeout: 20_000 })
        .toBe(true)
      await page.waitForLoadState('networkidle')
      const cdp = await context.newCDPSession(page)
      const running = new Map<string, string>()
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) running.set(v.versionId, v.runningStatus)
      })
      await cdp.send('ServiceWorker.enable')
      await cdp.send('ServiceWorker.stopAllWorkers')
      // Stopping takes a moment on a busy machine; the claim below is that nothing restarts it.
      await expect
        .poll(() => [...running.values()].every((status) => status === 'stopped'), {
          timeout: 10_000,
        })
        .toBe(true)

      // What a page does all the time: API reads and writes, channel auth, the health check.
      const statuses = await page.evaluate(async () => {
        const headers = { 'X-Requested-With': 'XMLHttpRequest' }
        const answers = await Promise.all([
          fetch('api/config?x=1', { headers }),
          fetch('api/me', { headers }),
          fetch('api/auth/logout', { method: 'POST', headers }),
          fetch('broadcasting/auth', { method: 'POST', headers }),
          fetch('health', { headers }),
        ])
        return answers.map((r) => r.status)
      })
      expect(statuses.every((status) => status > 0)).toBe(true)
      await new Promise((r) => setTimeout(r, 500))
      // The worker stayed stopped (static routing), so an old worker asked to stop by an update
      // is never started again by them and cannot hold the new version back.
      expect([...running.values()]).toEqual(expect.arrayContaining(['stopped']))
      expect([...running.values()].filter((status) => status !== 'stopped')).toEqual([])

      // A lot picture is still the worker's: it starts for that.
      await page.evaluate(() => fetch('uploads/lots/none.webp').catch(() => undefined))
      await expect
        .poll(() => [...running.values()].some((status) => status !== 'stopped'))
        .toBe(true)
    } finally {
      await browser.close()
    }
  })
})

describe('a first visit (decision 0035)', () => {
  it("brings the first screen's answers in the page and fetches each chunk once, all named by it", async () => {
    const lots = (await (await fetch(`${server.url}api/lots?status=open`)).json()) as {
      items: Array<{ id: string }>
    }
    const lotId = lots.items[0]!.id
    const browser = await launchBrowser()
    try {
      for (const [path, screenChunk, api] of [
        ['', /LotListScreen-/, ['api/config', 'api/session', 'api/lots?status=open']],
        [
          `lots/${lotId}`,
          /LotScreen-/,
          ['api/config', 'api/session', `api/lots/${lotId}`, `api/lots/${lotId}/bids`],
        ],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        const sent: Array<{ url: string; initiator: string; type: string }> = []
        cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
          sent.push({ url: request.url, initiator: initiator.type, type: type ?? '' })
        })
        await page.goto(`${server.url}${path}`)
        await expect
          .poll(() =>
            page
              .locator(path ? '.lot-room h1, main h1' : '.lot-card')
              .first()
              .isVisible(),
          )
          .toBe(true)
        await page.waitForLoadState('networkidle')
        const count = (url: string) => sent.filter((r) => r.url === url).length
        for (const request of api) {
          // Never: the page brought the answer (decision 0039), and the app took it from there.
          expect(count(`${server.url}${request}`), request).toBe(0)
        }
        const scripts = sent.filter((r) => r.type === 'Script')
        expect(scripts.filter((r) => count(r.url) > 1)).toEqual([])
        const screen = scripts.find((r) => screenChunk.test(r.url))
        // Named by the page, not found by running the code: the server writes its link (on a page
        // it drew, in the template the entry moves into the head once the picture is in,
        // decision 0060).
        const named = await (await fetch(`${server.url}${path}`)).text()
        expect(named, `${path || '/'} names its screen's chunk`).toContain(
          `<link rel="modulepreload" crossorigin href="${new URL(screen!.url).pathname}">`,
        )
        expect(named).toContain('<template id="code-after-picture">')
        // The code only other screens share is never downloaded (decision 0037).
        expect(scripts.map((r) => r.url).filter((url) => /\/assets\/screens-/.test(url))).toEqual(
          [],
        )
        expect(scripts.some((r) => /\/assets\/first-screens-/.test(r.url))).toBe(true)
        // The room's share (its gallery, the order's forms) only where a room is the first screen,
        // named by the page like the rest.
        const roomShare = scripts.filter((r) => /\/assets\/room-screen-/.test(r.url))
        expect(roomShare.length, `${path || '/'} downloads the room's share`).toBe(path ? 1 : 0)
        if (path) expect(named).toContain(new URL(roomShare[0]!.url).pathname)
        // Pictures come as their WebP copies; an original is only for the full-size view.
        const originals = sent.filter((r) => /\/uploads\/.*\.(png|jpe?g)$/.test(r.url))
        expect(originals.map((r) => r.url)).toEqual([])
        await context.close()
      }
    } finally {
      await browser.close()
    }
  })
})

/**
 * What the page paints by itself, with no script at all: the box of the skeleton's picture at
 * `selector` (null when hidden) and whether that picture loaded.
 */
async function paintedWithoutScripts(context: BrowserContext, url: string, selector: string) {
  const bare = await context.newPage()
  await bare.route(/\.js$/, (route) => route.abort())
  await bare.goto(url, { waitUntil: 'load' })
  const picture = bare.locator(selector)
  const painted = await picture.boundingBox()
  const loaded = await picture.evaluate(
    (img: HTMLImageElement) => img.complete && img.naturalWidth > 0,
  )
  await bare.close()
  return { painted, loaded }
}

describe("a lot room's first picture (decisions 0040, 0059)", () => {
  it('is painted by the page before any script runs, exactly where the gallery then shows it', async () => {
    const lots = (await (await fetch(`${server.url}api/lots?status=open`)).json()) as {
      items: Array<{ id: string; pictures: unknown[] }>
    }
    const lot = lots.items.find((item) => item.pictures.length > 0)
    expect(lot, 'the demo data has a lot with pictures').toBeDefined()
    const url = `${server.url}lots/${lot!.id}`
    const browser = await launchBrowser()
    try {
      for (const width of [360, 412, 700, 1280]) {
        const context = await browser.newContext({
          viewport: { width, height: 800 },
          isMobile: width < 960,
          ...(width < 960 ? { userAgent: PHONE_UA } : {}),
        })
        // The server draws the room itself (decision 0059): the gallery's first picture.
        const { painted, loaded } = await paintedWithoutScripts(
          context,
          url,
          '.gallery-viewport img >> nth=0',
        )
        const app = await context.newPage()
        await app.goto(url)
        await app.locator('.gallery-viewport img').first().waitFor()
        const shown = await app.locator('.gallery-viewport img').first().boundingBox()
        const title = await app.locator('.lot-room h1').boundingBox()
        await context.close()
        expect(loaded, `${width}px: the picture loads without the app`).toBe(true)
        expect(painted, `${width}px`).toEqual(shown)
        if (width >= 960) {
          expect(title!.y, `${width}px: the title above the pictures`).toBeLessThan(shown!.y)
          continue
        }
        // Phones: the pictures first, then the title.
        expect(title!.y, `${width}px`).toBeGreaterThan(shown!.y + shown!.height)
      }
    } finally {
      await browser.close()
    }
  })
})

describe("the list's first picture (decisions 0046, 0059)", () => {
  it('is painted by the page before any script runs, exactly where the first card then shows it', async () => {
    const lots = (await (await fetch(`${server.url}api/lots?status=open`)).json()) as {
      items: Array<{ pictures: unknown[] }>
    }
    expect(
      lots.items[0]?.pictures.length,
      "the demo list's first lot has pictures",
    ).toBeGreaterThan(0)
    const browser = await launchBrowser()
    try {
      // A member's header has the bell: it must be as tall as the guest's the page paints.
      for (const [width, locale, member] of [
        [320, 'es-ES', false],
        [360, 'en-GB', false],
        [412, 'en-GB', false],
        [412, 'en-GB', true],
        [700, 'en-GB', false],
      ] as const) {
        const context = await browser.newContext({
          viewport: { width, height: 800 },
          isMobile: true,
          locale,
        })
        if (member) {
          await signIn(context.request, server.url, 'alice@lotline.test')
        }
        // The server draws the list itself (decision 0059): the first card's picture.
        const { painted, loaded } = await paintedWithoutScripts(
          context,
          server.url,
          '.lot-card-media img >> nth=0',
        )
        const app = await context.newPage()
        await app.goto(server.url)
        const first = app.locator('.lot-card-media img').first()
        await first.waitFor()
        if (member) await app.locator('.header-bell').waitFor()
        const shown = await first.boundingBox()
        await context.close()
        expect(loaded, `${width}px: the picture loads without the app`).toBe(true)
        expect(painted, `${width}px, ${locale}${member ? ', a member' : ''}`).toEqual(shown)
      }
    } finally {
      await browser.close()
    }
  })
})

describe('accounts in the browser', () => {
  it('signs up, signs out and signs back in; every API request carries X-Requested-With', async () => {
    const browser = await launchBrowser()
    const ownRequests: Request[] = []
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      const origin = new URL(server.url).origin
      page.on('request', (request) => {
        if (request.url().startsWith(origin)) ownRequests.push(request)
      })
      // The first screen's GETs the page itself names (<link rel="preload">, decision 0030) are
      // the browser's requests, not the app's: the parser starts them, before any script.
      const preloaded = new Set<string>()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
        if (initiator.type === 'parser' && type === 'Fetch')
          preloaded.add(`${request.method} ${request.url}`)
      })
      const email = `e2e-${Date.now()}@example.test`
      const password = 'a long enough password'

      await page.goto(`${server.url}sign-up`)
      await page.getByLabel('Name').fill('Erin E2E')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-up'))

      await page.goto(`${server.url}account`)
      await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0)
      await expect.poll(() => page.getByText(/Bidder [0-9A-F]{4}/).count()).toBeGreaterThan(0)

      await page.getByRole('button', { name: 'Sign out' }).click()
      await expect
        .poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible())
        .toBe(true)
      // The session is really gone on the server, not just forgotten by the page.
      const cookies = await context.cookies()
      const probe = await fetch(`${origin}/api/me`, {
        headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      })
      expect(probe.status).toBe(401)

      await page.goto(`${server.url}sign-in`)
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('wrong password here')
      await page.getByRole('button', { name: 'Sign in' }).click()
      // The refusal comes after a real scrypt check: seconds on a loaded machine, not one.
      await expect
        .poll(() => page.getByText('That email and password do not match an account.').count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0)

      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'))
      await page.goto(`${server.url}account`)
      await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0)

      const appCalls = ownRequests.filter((r) => ['fetch', 'xhr'].includes(r.resourceType()))
      const paths = new Set(appCalls.map((r) => `${r.method()} ${new URL(r.url()).pathname}`))
      expect([...paths]).toEqual(
        expect.arrayContaining([
          'POST /api/auth/register',
          'POST /api/auth/logout',
          'POST /api/auth/login',
          'GET /api/session',
        ]),
      )
      expect([...preloaded].every((call) => call.startsWith('GET '))).toBe(true)
      const withoutHeader = appCalls
        .filter((r) => !preloaded.has(`${r.method()} ${r.url()}`))
        .filter((r) => r.headers()['x-requested-with'] !== 'XMLHttpRequest')
        .map((r) => `${r.method()} ${r.url()}`)
      expect(withoutHeader).toEqual([])
    } finally {
      await browser.close()
    }
  })
})

describe('updates', () => {
  it('shows an update prompt after a deploy and reloads onto the new version only when asked', async () => {
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(server.url)
      await waitForServiceWorker(page)
      expect(await page.evaluate(() => document.documentElement.dataset.appVersion)).toBe('v1')

      await server.deploy(distV2)
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
      const prompt = page.getByText('A new version of Lotline is available.')
      await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true)
      // Never a silent reload: the old version stays until the person chooses.
      expect(await page.evaluate(() => document.documentElement.dataset.appVersion)).toBe('v1')

      await page.getByRole('button', { name: 'Reload' }).click()
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.appVersion), {
          timeout: 20_000,
        })
        .toBe('v2')
    } finally {
      await browser.close()
      await server.deploy(distV1)
    }
  })
})
