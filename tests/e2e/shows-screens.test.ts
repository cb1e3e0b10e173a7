/**
 * The live shows' screens in real Chromium (issue 34): the shows list, the create form, the edit
 * form, the show room and the host console have no axe violation (tests/e2e/a11y.ts) in the
 * light and dark themes on a 360 px phone; offline, the list shows what it saved and how old it
 * is, the forms and the host's buttons are disabled and say why, and back online they work again.
 * The phone's tab bar, with Shows in it, still fits 360 px in English and Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { ShowDetail } from '../../common/shows.ts'
import { expectAccessible } from './a11y.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  waitFor,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, registerMember, signedInPage } from './members.ts'

let server: RunningServer
const { api } = apiClient(() => server.url)
let browser: Browser
const contexts: BrowserContext[] = []
const PASSWORD = 'shows screens secret'
/** The narrowest phone the app is laid out for. */
const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 740 } }
/** These screens are held to no axe violation of any impact, not only serious ones. */
const EVERY = { every: true }
const SHOW_TITLE = `Screens show ${Date.now()}`
let host: { id: string; email: string; cookie: string }
let show: ShowDetail

const json = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return (await res.json()) as T
}

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
  host = await registerMember(api, 'Sofía Show', PASSWORD)
  const startsAt = new Date(Date.now() + 3_600_000).toISOString()
  const endsAt = new Date(Date.now() + 2 * 3_600_000).toISOString()
  const lots = []
  for (const title of ['Brass lamp', 'Tin robot', 'Old map', 'Copper kettle'])
    lots.push(await createLot(api, host.cookie, `${title} for the show`, { startsAt, endsAt }))
  show = await json<ShowDetail>(
    await api('shows', host.cookie, {
      method: 'POST',
      body: JSON.stringify({
        title: SHOW_TITLE,
        startsAt,
        lots: lots
          .slice(0, 3)
          .map((lot) => ({ lotId: lot.id, timerSeconds: 120, mode: 'standard' })),
      }),
    }),
  )
  // Live, with its first lot on the block: the room and the console at their fullest.
  await json(await api(`shows/${show.id}/start`, host.cookie, { method: 'POST', body: '{}' }))
  show = await json<ShowDetail>(
    await api(`shows/${show.id}/next`, host.cookie, {
      method: 'POST',
      body: JSON.stringify({ lotId: lots[0]!.id }),
    }),
  )
})
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {})
  await browser?.close()
  await server?.stop()
})

async function hostPhone(colorScheme: 'light' | 'dark', locale = 'en-GB') {
  const opened = await signedInPage(
    browser,
    server.url,
    host.email,
    { ...SMALL_PHONE, colorScheme, locale },
    PASSWORD,
  )
  contexts.push(opened.context)
  return opened
}

/** Opens `path` (a full load) and waits until `shows` is on screen. */
async function open(page: Page, path: string, shows: string | RegExp) {
  await page.goto(`${server.url}${path}`)
  await expect.poll(() => page.getByText(shows).first().isVisible(), { timeout: 20_000 }).toBe(true)
}

async function expectDisabledWithReason(page: Page, button: RegExp | string, reason: string) {
  const target = page.getByRole('button', { name: button })
  await expect.poll(() => target.isDisabled(), { timeout: 15_000 }).toBe(true)
  const ids = ((await target.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
  const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))
  expect(described.join(' '), `${String(button)}: the reason is its description`).toContain(reason)
  expect(await page.getByText(reason).first().isVisible()).toBe(true)
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await waitFor(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 20_000)
}

/** The screens as the host sees them, each with the text that says it has drawn. */
const screens = () => [
  { path: 'shows', label: 'shows list', shows: SHOW_TITLE },
  { path: 'shows/new', label: 'create form', shows: 'Copper kettle for the show' },
  { path: `shows/${show.id}/edit`, label: 'edit form', shows: 'Copper kettle for the show' },
  { path: `shows/${show.id}`, label: 'show room', shows: 'Tin robot for the show' },
  { path: `shows/${show.id}/host`, label: 'host console', shows: 'Open next lot' },
]

describe('the shows’ screens (issue 34)', () => {
  it.each(['light', 'dark'] as const)(
    'pass the accessibility gate on a 360 px phone, %s theme',
    async (theme) => {
      const { page } = await hostPhone(theme)
      for (const screen of screens()) {
        await open(page, screen.path, screen.shows)
        await expectAccessible(page, `${screen.label}, phone, ${theme}`, EVERY)
      }
      // A form with its errors shown, and the edit form's lots, as a person meets them.
      await open(page, 'shows/new', 'Copper kettle for the show')
      await page.getByRole('button', { name: 'Schedule show' }).click()
      await page.getByText(/^Fix \d fields? to continue\.$/).waitFor()
      await expectAccessible(page, `create form with errors, phone, ${theme}`, EVERY)
    },
  )

  it('offline: the list shows what it saved, the forms and the host’s moves say why not; back online they work', async () => {
    const { page, context } = await hostPhone('light')
    await open(page, 'shows', SHOW_TITLE)
    await waitForServiceWorker(page)
    for (const screen of screens()) {
      await open(page, screen.path, screen.shows)
      // The persister writes at most once a second: stay long enough for it.
      await page.waitForTimeout(1_500)
    }

    await context.setOffline(true)
    await open(page, 'shows', SHOW_TITLE)
    expect(await page.getByTestId('saved-age').first().textContent()).toMatch(/^Saved /)
    await expectAccessible(page, 'shows list offline, phone, light', EVERY)

    await open(page, 'shows/new', 'Schedule a show')
    await expectDisabledWithReason(page, 'Schedule show', 'Scheduling a show needs a connection.')
    await expectAccessible(page, 'create form offline, phone, light', EVERY)

    await open(page, `shows/${show.id}/edit`, 'Edit show')
    await expectDisabledWithReason(page, 'Save changes', 'Saving changes needs a connection.')
    await expectAccessible(page, 'edit form offline, phone, light', EVERY)

    await open(page, `shows/${show.id}/host`, 'Run the show')
    for (const move of [/^Open next lot/, 'Pause', 'Skip next lot', 'End show'])
      await expectDisabledWithReason(page, move, 'Running the show needs a connection.')
    await expectAccessible(page, 'host console offline, phone, light', EVERY)

    await context.setOffline(false)
    // Back online, the console's moves are decided by the show again: Pause is allowed.
    await expect
      .poll(() => page.getByRole('button', { name: 'Pause' }).isDisabled(), { timeout: 15_000 })
      .toBe(false)
    // And the edit form saves: a new title, a lot added and moved to the front.
    await page.getByRole('link', { name: 'Edit show' }).click()
    const title = page.getByLabel('Title')
    await title.waitFor()
    await title.fill(`${SHOW_TITLE} (edited)`)
    await page.getByRole('button', { name: 'Add “Copper kettle for the show” to the show' }).click()
    const up = page.getByRole('button', { name: 'Move “Copper kettle for the show” up' })
    await up.focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('picked-lots').locator('li strong').allTextContents())
      .toEqual([
        '1. Tin robot for the show',
        '2. Copper kettle for the show',
        '3. Old map for the show',
      ])
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL(`${server.url}shows/${show.id}/host`, { timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: `${SHOW_TITLE} (edited)` }).waitFor()
    const saved = await json<ShowDetail>(await api(`shows/${show.id}`, ''))
    expect(saved.lots.filter((l) => l.state === 'queued').map((l) => l.lot.title)).toEqual([
      'Tin robot for the show',
      'Copper kettle for the show',
      'Old map for the show',
    ])
  })

  it('a new lot made from the edit screen joins the end of the show’s queue', async () => {
    const { page } = await hostPhone('light')
    await open(page, `shows/${show.id}/edit`, 'Make a new lot for this show')
    await page.getByRole('link', { name: 'Make a new lot for this show' }).click()
    await page.getByTestId('for-show').waitFor()
    expect(await page.getByTestId('for-show').textContent()).toContain(SHOW_TITLE)
    // The show decides when it runs: the form asks no start or end.
    expect(await page.getByLabel('Duration').count()).toBe(0)
    await page.getByLabel('Title').fill('Pocket camera for the show')
    await page.getByLabel('Category').selectOption('cameras')
    await page.getByLabel(/Starting price/).fill('15')
    await page.getByLabel('The buyer can pick it up').check()
    await page.getByLabel(/^Town/).fill('Leeds')
    await page.getByRole('button', { name: 'Put up for auction' }).click()
    await page.waitForURL(`${server.url}shows/${show.id}/edit`, { timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId('picked-lots').locator('li strong').allTextContents(), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining([expect.stringMatching(/Pocket camera for the show$/)]))
    const saved = await json<ShowDetail>(await api(`shows/${show.id}`, ''))
    const queued = saved.lots.filter((l) => l.state === 'queued')
    expect(queued.at(-1)).toMatchObject({
      timerSeconds: 30,
      mode: 'standard',
      lot: { title: 'Pocket camera for the show', status: 'scheduled' },
    })
  })

  it.each([
    ['en-GB', 'Shows'],
    ['es-ES', 'Directos'],
  ])('the phone’s tab bar has Shows and still fits 360 px (%s)', async (locale, name) => {
    const { page } = await hostPhone('dark', locale)
    await open(page, 'shows', SHOW_TITLE)
    const nav = page.getByRole('navigation').first()
    const shows = nav.getByRole('link', { name })
    expect(await shows.getAttribute('aria-current')).toBe('page')
    // Every label within its tab, and the bar within the screen.
    const overflow = await nav.evaluate((el) => ({
      bar: el.getBoundingClientRect().right,
      links: [...el.querySelectorAll('a')]
        .filter((a) => a.scrollWidth > a.clientWidth + 1)
        .map((a) => a.textContent),
      page: document.documentElement.scrollWidth,
    }))
    expect(overflow).toEqual({ bar: 360, links: [], page: 360 })
    // The account left the tab bar for an icon in the header, beside the bell.
    const account = page
      .getByRole('banner')
      .getByRole('link', { name: locale === 'es-ES' ? 'Cuenta' : 'Account' })
    expect(await account.isVisible()).toBe(true)
    // Keyboard: the link is reached by Tab and followed by Enter.
    await page.goto(`${server.url}`)
    await page.getByRole('navigation').first().getByRole('link', { name }).waitFor()
    let reached = false
    for (let i = 0; i < 12 && !reached; i += 1) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate((label) => document.activeElement?.textContent === label, name)
    }
    expect(reached, 'Shows reached by Tab').toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${server.url}shows`)
  })
})
