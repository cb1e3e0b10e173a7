/**
 * Issue 32's rough edges of selling, on a 390×844 phone, by what the person sees: a failed
 * submit's errors going field by field as they are fixed; pictures refused by name and reason
 * when chosen; a picture that fails after the lot exists kept on screen to remove or try again;
 * the seller's own room (no Watch button, not counted among watchers, "below this panel", "No
 * bids yet."); the wallet's Receipt inside its row; one message for a wrong current password;
 * alerts on a browser without a push service. Every screen in both themes with axe, and the new
 * copy in Spanish.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import { expectAccessible } from './a11y.ts'
import {
  appStarted,
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, registerMember, signedInPage } from './members.ts'

let server: RunningServer
let browser: Browser
const { api } = apiClient(() => server.url)
const PASSWORD = 'rough selling secret'
const contexts: BrowserContext[] = []

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await browser?.close()
  await server?.stop()
})

/** A small real PNG, `width` pixels wide. */
const png = (width: number) =>
  encodePng(width, Math.round((width * 3) / 4), (x) => [40 + x * 10, 80, 160])

/** A fresh verified member's phone (English, or Spanish with `es`), signed in. */
async function phone(name: string, lang: 'en' | 'es' = 'en') {
  const member = await registerMember(api, name, PASSWORD)
  const { context, page } = await signedInPage(
    browser,
    server.url,
    member.email,
    { ...PHONE, locale: lang === 'es' ? 'es-ES' : 'en-GB' },
    PASSWORD,
  )
  contexts.push(context)
  return { ...member, context, page }
}

/** axe on the screen as it is, in the light theme and then the dark one (the system's). */
async function bothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectAccessible(page, `${label}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not shown')
  return found
}

/** The error text under a labelled field ('' when there is none). */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.field', { has: page.getByLabel(label, { exact: true }) })
    .locator('.field-error')
    .allTextContents()
    .then((texts) => texts.join(' '))

describe.sequential('selling on a phone', () => {
  it('errors go as each field is fixed; pictures refused by name when chosen; a failed one kept to remove or retry', async () => {
    const { page } = await phone('Sam Seller')
    const uploads: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/pictures$/.test(r.url())) uploads.push(r.url())
    })
    await page.goto(`${server.url}lots/new`)
    await page.getByLabel('Title', { exact: true }).waitFor()

    // A failed submit: three fields wrong, said at each and counted above the form.
    await page.getByRole('button', { name: 'Put up for auction' }).click()
    const summary = page.getByRole('alert').filter({ hasText: /Please fix/ })
    await expect.poll(() => summary.textContent()).toBe('Please fix 4 fields.')
    expect(await fieldError(page, 'Title')).toBe('Use 3 to 120 characters.')
    expect(await fieldError(page, 'Starting price')).toBe('Enter an amount like 12.50.')
    await bothThemes(page, 'create lot, failed submit')

    // Each error goes as its own field is fixed, without a new submit; the others stay.
    await page.getByLabel('Title', { exact: true }).fill('E2E rough teapot')
    await expect.poll(() => fieldError(page, 'Title')).toBe('')
    expect(await fieldError(page, 'Starting price')).toBe('Enter an amount like 12.50.')
    await expect.poll(() => summary.textContent()).toBe('Please fix 3 fields.')
    await page.getByLabel('Starting price').fill('0.50')
    // Still wrong (now below the minimum): the error stays, in the check's current words.
    await expect.poll(() => fieldError(page, 'Starting price')).toBe('Enter at least €1.00.')
    expect(await page.getByLabel('Starting price').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Starting price').fill('12')
    await expect.poll(() => fieldError(page, 'Starting price')).toBe('')
    await page.getByLabel('Category').selectOption('home')
    await page.getByLabel('The buyer can pick it up').check()
    await page.getByLabel('Town').fill('Ghent')
    await expect.poll(() => summary.count()).toBe(0)

    // Pictures checked when chosen (nothing sent): each refused one named, with why.
    await page
      .getByLabel('Pictures', { exact: false })
      .first()
      .setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: png(20) },
        { name: 'holiday.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
        { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024, 1) },
        {
          name: 'poster.png',
          mimeType: 'image/png',
          buffer: encodePng(5000, 4000, () => [9, 9, 9]),
        },
        { name: 'back.png', mimeType: 'image/png', buffer: png(24) },
      ])
    const problems = page.locator('.picture-problems li')
    await expect
      .poll(() => problems.allTextContents())
      .toEqual([
        'holiday.gif: not a JPEG, PNG or WebP picture.',
        'scan.jpg: 3 MB, larger than the 2 MB a picture may be.',
      ])
    expect(await page.getByTestId('picture-item').count()).toBe(3)
    expect(uploads).toEqual([])
    await bothThemes(page, 'create lot, two pictures refused')

    // The lot is created; the poster (20 megapixels) is refused by the server after it: the
    // screen says the lot is listed and names each picture not on it.
    await page.getByRole('button', { name: 'Put up for auction' }).click()
    const unsent = page.getByTestId('unsent')
    await unsent.waitFor({ timeout: 15_000 })
    expect(await unsent.getByRole('heading').textContent()).toBe(
      'Your lot is listed, but not all of its pictures are on it',
    )
    expect(await unsent.getByRole('alert').textContent()).toBe(
      '2 pictures you chose are not on the lot yet. Try again, or remove them and open the lot without them.',
    )
    const rows = unsent.getByTestId('unsent-picture')
    expect(await rows.nth(0).textContent()).toContain('poster.png')
    expect(await rows.nth(0).textContent()).toContain('That is too large to upload.')
    expect(await rows.nth(1).textContent()).toContain('back.png')
    expect(await rows.nth(1).textContent()).toContain('Not sent yet')
    expect(page.url()).toMatch(/\/lots\/new$/)
    await bothThemes(page, 'create lot, pictures not on the lot')

    // Remove the poster, try the rest again: the room opens with both pictures, in order.
    await rows
      .nth(0)
      .getByRole('button', { name: /^Remove.*poster\.png$/ })
      .click()
    await expect.poll(() => rows.count()).toBe(1)
    await unsent.getByRole('button', { name: 'Try again' }).click()
    await page.waitForURL(/\/lots\/[0-9a-f-]{36}$/, { timeout: 15_000 })
    const id = new URL(page.url()).pathname.split('/').pop()!
    const lot = (await (await api(`lots/${id}`, '')).json()) as { pictures: unknown[] }
    expect(lot.pictures).toHaveLength(2)
  })

  it("the seller's own room: no Watch, not among the watchers, the panel's hint says below, no bids yet", async () => {
    const seller = await phone('Sue Seller')
    const bidder = await phone('Ben Bidder')
    const lot = await createLot(api, seller.cookie, 'E2E rough lamp')
    await bidder.page.goto(`${server.url}lots/${lot.id}`)
    await bidder.page.getByRole('heading', { level: 1, name: 'E2E rough lamp' }).waitFor()
    await seller.page.goto(`${server.url}lots/${lot.id}`)
    const panel = seller.page.getByTestId('seller-panel')
    await panel.waitFor()
    await appStarted(seller.page)

    // No Watch button for one's own lot (a bidder has one).
    expect(await seller.page.getByRole('button', { name: 'Watch', exact: true }).count()).toBe(0)
    expect(await bidder.page.getByRole('button', { name: 'Watch', exact: true }).count()).toBe(1)

    // The side column is below the panel on a phone, and the hint says so.
    const hint = panel.getByText('Who is watching and every bid are listed below this panel.')
    expect(await hint.isVisible()).toBe(true)
    expect(await panel.getByText(/beside this panel/).isVisible()).toBe(false)
    const history = seller.page.getByRole('region', { name: 'Bid history' })
    expect((await box(history)).y).toBeGreaterThan((await box(panel)).y + (await box(panel)).height)

    // No "Be the first" for the seller; a bidder is still invited.
    await expect.poll(() => history.locator('p').textContent()).toBe('No bids yet.')
    await expect
      .poll(() =>
        bidder.page.getByRole('region', { name: 'Bid history' }).locator('p').textContent(),
      )
      .toBe('No bids yet. Be the first.')

    // Watchers: the bidder, never the seller (whose alias is a bidder's, "Bidder 074B").
    const me = async (page: Page) =>
      (
        (await (await page.request.get(`${server.url}api/me`)).json()) as {
          user: { alias: string }
        }
      ).user.alias
    const sellerAlias = await me(seller.page)
    const bidderAlias = await me(bidder.page)
    const watchers = (page: Page) => page.locator('.watchers')
    for (const page of [seller.page, bidder.page]) {
      await expect
        .poll(() => watchers(page).locator('p').first().textContent())
        .toMatch(/1 watching$/)
      expect(await watchers(page).locator('li').allTextContents()).toEqual([
        page === bidder.page ? `${bidderAlias} (you)` : bidderAlias,
      ])
      expect(await watchers(page).textContent()).not.toContain(sellerAlias)
    }
    await bothThemes(seller.page, "seller's own room")
  })

  it('wallet: each Receipt stays inside its row at 390 px', async () => {
    const { context, page } = await signedInPage(browser, server.url, 'alice@lotline.test', PHONE)
    contexts.push(context)
    await page.goto(`${server.url}wallet`)
    const receipts = page.locator('.ledger-entry', { has: page.locator('.ledger-receipt') })
    await expect.poll(() => receipts.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const card = await box(page.locator('ol.ledger'))
    for (const row of await receipts.all()) {
      const link = row.getByRole('link', { name: /^Receipt/ })
      expect(await link.isVisible()).toBe(true)
      // The word itself, not the link's box (a shrunk link lets its text spill past it).
      const word = await link.evaluate((a) => {
        const range = document.createRange()
        range.selectNodeContents(a.firstChild!)
        const r = range.getBoundingClientRect()
        return { left: r.left, right: r.right, width: r.width }
      })
      expect(word.width).toBeGreaterThan(0)
      expect(word.left).toBeGreaterThanOrEqual(card.x)
      expect(word.right).toBeLessThanOrEqual(card.x + card.width)
      const outer = await box(link)
      expect(word.right).toBeLessThanOrEqual(outer.x + outer.width)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await bothThemes(page, 'wallet, receipts')
  })

  it('a wrong current password is said once, at its field', async () => {
    const { page } = await phone('Pat Password')
    await page.goto(`${server.url}account`)
    const passwords = page.getByRole('region', { name: 'Password', exact: true })
    await passwords.getByLabel('Current password').fill('not my password')
    await passwords.getByLabel('New password').fill('a brand new secret')
    await passwords.getByRole('button', { name: 'Change password' }).click()
    const said = page.getByText('That is not your current password.')
    await said.first().waitFor()
    expect(await said.count()).toBe(1)
    expect(await fieldError(page, 'Current password')).toBe('That is not your current password.')
    await bothThemes(page, 'account, wrong password')
  })

  it('alerts on a browser without a push service say so', async () => {
    const { page, context } = await phone('Al Alerts')
    await context.grantPermissions(['notifications'], { origin: new URL(server.url).origin })
    // What Chromium answers without a push service behind it.
    await context.addInitScript(() => {
      PushManager.prototype.subscribe = () =>
        Promise.reject(
          new DOMException('Registration failed - push service not available', 'AbortError'),
        )
    })
    await page.goto(`${server.url}account`)
    await page.getByRole('button', { name: 'Turn on alerts on this device' }).click()
    const alert = page.locator('.push-alerts').getByRole('alert')
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'This browser can’t receive alerts: it has no push service. Lotline tells you inside the app instead.',
      )
    expect(await page.getByText('Something went wrong').count()).toBe(0)
    await bothThemes(page, 'account, alerts without a push service')
  })

  it('Spanish: refused pictures, the pictures not on the lot, the seller’s room, alerts', async () => {
    const { page, context } = await phone('Sofía Vendedora', 'es')
    await context.grantPermissions(['notifications'], { origin: new URL(server.url).origin })
    await context.addInitScript(() => {
      PushManager.prototype.subscribe = () =>
        Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'))
    })
    await page.goto(`${server.url}lots/new`)
    await page.getByLabel('Título', { exact: true }).fill('E2E tetera')
    await page.getByLabel('Categoría').selectOption('home')
    await page.getByLabel('Precio de salida').fill('12')
    await page.getByLabel('Se puede recoger').check()
    await page.getByLabel('Localidad').fill('Gante')
    await page.locator('input[type=file]').setInputFiles([
      { name: 'cartel.png', mimeType: 'image/png', buffer: encodePng(5000, 4000, () => [9, 9, 9]) },
      { name: 'foto.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
      { name: 'escaneo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(3 * 1024 * 1024, 1) },
    ])
    await expect
      .poll(() => page.locator('.picture-problems li').allTextContents())
      .toEqual([
        'foto.gif: no es una foto JPEG, PNG o WebP.',
        'escaneo.jpg: 3 MB, más de los 2 MB que puede tener una foto.',
      ])
    await bothThemes(page, 'create lot, Spanish, pictures refused')
    await page.getByRole('button', { name: 'Subastar' }).click()
    const unsent = page.getByTestId('unsent')
    await unsent.waitFor({ timeout: 15_000 })
    expect(await unsent.getByRole('heading').textContent()).toBe(
      'Tu lote está publicado, pero no tiene todas sus fotos',
    )
    expect(await unsent.getByRole('alert').textContent()).toContain('1 foto que elegiste')
    await bothThemes(page, 'create lot, Spanish, pictures not on the lot')
    await unsent.getByRole('button', { name: 'Abrir el lote sin ellas' }).click()
    await page.waitForURL(/\/lots\/[0-9a-f-]{36}$/)
    const panel = page.getByTestId('seller-panel')
    await panel.waitFor()
    expect(
      await panel
        .getByText('Quién está mirando y todas las pujas aparecen debajo de este panel.')
        .isVisible(),
    ).toBe(true)
    await expect
      .poll(() => page.locator('section.history > p').textContent())
      .toBe('Aún no hay pujas.')
    await bothThemes(page, "seller's room, Spanish")

    await page.goto(`${server.url}account`)
    await page.getByRole('button', { name: /Activar alertas/ }).click()
    await expect
      .poll(() => page.locator('.push-alerts').getByRole('alert').textContent())
      .toBe(
        'Este navegador no puede recibir alertas: no tiene servicio push. Lotline te avisa dentro de la app.',
      )
    await bothThemes(page, 'account, Spanish, alerts without a push service')
  })
})
