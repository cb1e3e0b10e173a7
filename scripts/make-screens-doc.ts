/**
 * docs/screens.md: current screenshots of the main screens on a phone (390×844) and a desktop
 * (1280×800), in the dark and the light theme, taken from the running app:
 *
 *   npx tsx scripts/make-screens-doc.ts
 *
 * Builds the client, starts the server on a fresh demo database (PGlite), makes the demo lively
 * (bids from two members), then photographs each screen as the person who would see it. Pictures
 * are JPEG (quality 70) to keep the repository small; docs/screens.md is rewritten each run.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { format, resolveConfig } from 'prettier'
import { buildClient, launchBrowser, ROOT, startServer } from '../tests/e2e/harness.ts'

const XHR = { 'X-Requested-With': 'XMLHttpRequest' }
const OUT = join(ROOT, 'docs/screens')
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const
const THEMES = ['dark', 'light'] as const

interface Screen {
  name: string
  /** Who looks at it (a demo email), or nobody for a guest. */
  as?: string
  path: string
  about: string
  /** What the person does before the picture (open a sheet, submit a form, scroll to a part). */
  act?: (page: Page) => Promise<void>
  /** What has to happen once before this screen's pictures (a show going live). */
  prepare?: () => Promise<void>
}

async function signIn(context: BrowserContext, base: string, email: string) {
  const res = await context.request.post(`${base}api/auth/login`, {
    data: { email, password: 'lotline-demo' },
    headers: XHR,
  })
  if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()}`)
}

interface LotRow {
  id: string
  title: string
  minNextBid: number
  status: string
  seller: string
}

/**
 * Two members bid on an open lot of Bob's (so Alice sees a live room and Bob a seller panel); an
 * admin cancels another open lot with a reason; Alice saves a search.
 */
async function liven(
  browser: Browser,
  base: string,
): Promise<{ lot: string; closed?: string; cancelled?: string; scheduled?: string }> {
  const list = async (status: string) =>
    ((await (await fetch(`${base}api/lots?status=${status}`)).json()) as { items: LotRow[] }).items
  const open = await list('open')
  const closed = await list('closed')
  // Sellers are shown by their display name (decision 0025): one of Bob's lots.
  const lot = open.find((row) => row.seller === 'Bob') ?? open[0]!
  let attempt = 0
  for (const [email, over] of [
    ['alice@lotline.test', 300],
    ['carol@lotline.test', 900],
  ] as const) {
    const context = await browser.newContext()
    await signIn(context, base, email)
    const fresh = (await (await context.request.get(`${base}api/lots/${lot.id}`)).json()) as LotRow
    await context.request.post(`${base}api/lots/${lot.id}/bids`, {
      data: { amount: fresh.minNextBid, maxAmount: fresh.minNextBid + over },
      headers: { ...XHR, 'Idempotency-Key': `screens-${Date.now()}-${++attempt}` },
    })
    await context.close()
  }
  const admin = await browser.newContext()
  await signIn(admin, base, 'admin@lotline.test')
  const other = open.find((row) => row.id !== lot.id)
  if (other) {
    await admin.request.post(`${base}api/admin/lots/${other.id}/cancel`, {
      data: { reason: 'The seller could not prove it is genuine' },
      headers: XHR,
    })
  }
  await admin.close()
  const alice = await browser.newContext()
  await signIn(alice, base, 'alice@lotline.test')
  await alice.request.post(`${base}api/me/saved-searches`, {
    data: { name: 'Brass under €50', q: 'brass', maxPrice: '50' },
    headers: XHR,
  })
  await alice.close()
  const scheduled = await list('scheduled')
  return { lot: lot.id, closed: closed[0]?.id, cancelled: other?.id, scheduled: scheduled[0]?.id }
}

interface DemoShow {
  id: string
  lots: Array<{ lotId: string; timerSeconds: number; mode: string; lot: { minNextBid: number } }>
}

/**
 * Carol's scheduled demo show goes live (decision 0061): its first lot on the block for two
 * minutes (the pictures of the room and the console are taken meanwhile), Alice's bid on it and a
 * word in the chat from each.
 */
async function showGoesLive(browser: Browser, base: string): Promise<void> {
  const upcoming = (await (await fetch(`${base}api/shows?kind=upcoming`)).json()) as {
    items: Array<{ id: string }>
  }
  const id = upcoming.items[0]?.id
  if (!id) throw new Error('no scheduled demo show')
  const carol = await browser.newContext()
  await signIn(carol, base, 'carol@lotline.test')
  const show = (await (await carol.request.get(`${base}api/shows/${id}`)).json()) as DemoShow
  const lots = show.lots.map((lot, index) => ({
    lotId: lot.lotId,
    timerSeconds: index === 0 ? 120 : lot.timerSeconds,
    mode: lot.mode,
  }))
  const host = async (method: 'put' | 'post', path: string, data?: unknown) => {
    const res = await carol.request[method](`${base}api/shows/${id}/${path}`, {
      data,
      headers: XHR,
    })
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`)
  }
  await host('put', 'lots', { lots })
  await host('post', 'start')
  await host('post', 'next', { lotId: lots[0]!.lotId })
  await host('post', 'chat', { body: 'Welcome! First up: a serviced OM-1.' })
  const alice = await browser.newContext()
  await signIn(alice, base, 'alice@lotline.test')
  const lot = (await (await alice.request.get(`${base}api/lots/${lots[0]!.lotId}`)).json()) as {
    minNextBid: number
  }
  await alice.request.post(`${base}api/lots/${lots[0]!.lotId}/bids`, {
    data: { amount: lot.minNextBid },
    headers: { ...XHR, 'Idempotency-Key': `screens-show-${Date.now()}` },
  })
  await alice.request.post(`${base}api/shows/${id}/chat`, {
    data: { body: 'Does it come with the strap?' },
    headers: XHR,
  })
  await alice.close()
  await carol.close()
  liveShow = id
}

let liveShow: string | undefined

async function main() {
  const server = await startServer({ distDir: buildClient('screens') })
  const browser = await launchBrowser()
  try {
    const base = server.url
    const { lot, closed, cancelled, scheduled } = await liven(browser, base)
    const optional = (id: string | undefined, screen: Omit<Screen, 'path'> & { path: string }) =>
      id ? [screen] : []
    const screens: Screen[] = [
      { name: 'lots', path: '/', about: 'Lots, as a guest: filters, cards with pictures' },
      {
        name: 'lot-room',
        as: 'alice@lotline.test',
        path: `/lots/${lot}`,
        about: 'A live lot room, as a bidder',
      },
      {
        name: 'seller',
        as: 'bob@lotline.test',
        path: `/lots/${lot}`,
        about: 'The same lot, as its seller',
      },
      ...(closed
        ? [
            {
              name: 'closed',
              as: 'alice@lotline.test',
              path: `/lots/${closed}`,
              about: 'A closed lot: the result',
            },
          ]
        : []),
      {
        name: 'bid-sheet',
        // Outbid by Carol: the bar offers "Maximum…" (a leader's says "Raise maximum").
        as: 'alice@lotline.test',
        path: `/lots/${lot}`,
        about: 'The maximum sheet: a maximum alone is enough',
        // On a phone the sheet; a desktop shows the same fields inline in the room.
        act: async (page) => {
          if ((page.viewportSize()?.width ?? 0) >= 640) return
          await page.getByRole('button', { name: 'Maximum…' }).first().click()
          await page.getByRole('dialog').waitFor()
        },
      },
      ...optional(cancelled, {
        name: 'cancelled',
        as: 'bob@lotline.test',
        path: `/lots/${cancelled}`,
        about: 'A lot cancelled by Lotline, with the reason and the time',
      }),
      ...optional(scheduled, {
        name: 'scheduled',
        path: `/lots/${scheduled}`,
        about: 'A scheduled lot: when bidding opens',
      }),
      {
        name: 'sell-errors',
        as: 'bob@lotline.test',
        path: '/lots/new',
        about: 'Selling: a failed submit, each error clearing as its field is fixed',
        act: async (page) => {
          await page.getByLabel('Title').fill('Brass lamp')
          await page.getByRole('button', { name: 'Put up for auction' }).click()
          await page.locator('.field-error').first().waitFor()
        },
      },
      {
        name: 'my-bids',
        as: 'alice@lotline.test',
        path: '/me/bids',
        about: 'My bids: Active / Won / Lost',
      },
      {
        name: 'wallet',
        as: 'alice@lotline.test',
        path: '/wallet',
        about: 'Wallet: balance, holds, ledger',
      },
      {
        name: 'account',
        as: 'alice@lotline.test',
        path: '/account',
        about: 'Account: profile, language, theme',
      },
      {
        name: 'saved-searches',
        as: 'alice@lotline.test',
        path: '/account',
        about: 'Account: saved searches and blocked bidders',
        act: async (page) => {
          await page.getByRole('heading', { name: 'Saved searches' }).scrollIntoViewIfNeeded()
          await page.evaluate(() => window.scrollBy(0, -80))
        },
      },
      {
        name: 'admin',
        as: 'admin@lotline.test',
        path: '/admin',
        about: 'Admin: members, adjustments, lots, audit',
      },
      { name: 'shows', path: '/shows?kind=upcoming', about: 'Shows: live now, upcoming, past' },
      {
        name: 'show-room',
        as: 'alice@lotline.test',
        path: '/shows/:show',
        about: 'A live show, as a bidder: the lot on the block, the queue and the chat',
        prepare: () => showGoesLive(browser, base),
      },
      {
        name: 'show-host',
        as: 'carol@lotline.test',
        path: '/shows/:show/host',
        about: 'The host console: moves, the running lot, the chat with moderation',
      },
    ]
    await rm(OUT, { recursive: true, force: true })
    await mkdir(OUT, { recursive: true })
    for (const screen of screens) {
      await screen.prepare?.()
      for (const [device, options] of Object.entries(DEVICES)) {
        for (const theme of THEMES) {
          const context = await browser.newContext({ ...options, colorScheme: theme })
          if (screen.as) await signIn(context, base, screen.as)
          const page = await context.newPage()
          const path = screen.path.replace(':show', liveShow ?? '')
          await page.goto(`${base}${path.replace(/^\//, '')}`)
          await page.waitForSelector('main h1', { timeout: 20_000 })
          await page.waitForLoadState('networkidle').catch(() => {})
          await page.waitForTimeout(800)
          if (screen.act) await screen.act(page)
          await page.waitForTimeout(300)
          // Transient notices ("ready to work offline") are not part of the picture.
          for (const close of await page.locator('.toast button').all()) {
            await close.click().catch(() => {})
          }
          await page.waitForTimeout(200)
          await page.screenshot({
            path: join(OUT, `${screen.name}-${device}-${theme}.jpg`),
            type: 'jpeg',
            quality: 70,
          })
          await context.close()
        }
      }
      console.log(`screens: ${screen.name}`)
    }
    // Formatted as `npm run lint` checks it.
    const file = join(ROOT, 'docs/screens.md')
    const options = { ...(await resolveConfig(file)), filepath: file }
    const page = await format(markdown(screens), options)
    await writeFile(file, page)
  } finally {
    await browser.close()
    await server.stop()
  }
}

function markdown(screens: Screen[]): string {
  const rows = screens.map((screen) => {
    const img = (device: string, theme: string) =>
      `<img src="screens/${screen.name}-${device}-${theme}.jpg" alt="${screen.about} (${device}, ${theme})" width="${device === 'phone' ? 195 : 420}">`
    return [
      `## ${screen.about}`,
      '',
      '| phone, dark | phone, light |',
      '| --- | --- |',
      `| ${img('phone', 'dark')} | ${img('phone', 'light')} |`,
      '',
      '| desktop, dark | desktop, light |',
      '| --- | --- |',
      `| ${img('desktop', 'dark')} | ${img('desktop', 'light')} |`,
      '',
    ].join('\n')
  })
  return [
    '# Lotline — the screens',
    '',
    'Current screenshots of the main screens, on a phone (390×844) and a desktop (1280×800), in the',
    'dark and the light theme. They are made from the running app on demo data by',
    '`npx tsx scripts/make-screens-doc.ts` (which rewrites this page); re-run it after a visible',
    'change. Guests, bidders, sellers and the admin each see their own screen.',
    '',
    ...rows,
  ].join('\n')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
