/**
 * Finding and watching (issue 32) in real Chromium on a 390×844 touch phone: a list card's heart
 * watches without opening the lot; "You're leading" turns into "Outbid" live when another member
 * outbids; two lots fit in the first screen's height; a saved search tells its owner when a new
 * matching lot is listed, and Account lists and deletes it; the install offer comes near the
 * list's top after a watch or a second visit, not at its end. axe in both themes, and Spanish.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expectAccessible } from './a11y.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, placeBid, signIn, type CreatedLot } from './members.ts'

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let browser: Browser

/** Safari on an iPhone: the install offer is instructions there, no browser event needed. */
const IPHONE = {
  ...PHONE,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
}
const tag = `rf${randomUUID().slice(0, 6)}`
let bob: string
let carol: string
let alice: string
let bidOn: CreatedLot
let toWatch: CreatedLot

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
  alice = await login('alice@lotline.test')
  bob = await login('bob@lotline.test')
  carol = await login('carol@lotline.test')
  bidOn = await createLot(api, bob, `${tag} Brass lamp`)
  toWatch = await createLot(api, bob, `${tag} Oak stool`)
  await placeBid(api, alice, bidOn.id, { amount: 1000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function phone(
  locale = 'en-GB',
  device: typeof PHONE = IPHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...device, locale, colorScheme: 'dark' })
  await signIn(context.request, server.url, 'alice@lotline.test')
  return { context, page: await context.newPage() }
}

/** axe in the dark theme, then the light one (the app follows the system's). */
async function bothThemes(page: Page, label: string) {
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, `${label}, dark`)
  await page.emulateMedia({ colorScheme: 'light' })
  await expectAccessible(page, `${label}, light`)
  await page.emulateMedia({ colorScheme: 'dark' })
}

const card = (page: Page, title: string) => page.locator('.lot-card', { hasText: title })

describe('list cards on a phone', () => {
  it('fit two lots in the first screen, watch from the heart, and show my standing live', async () => {
    const { context, page } = await phone()
    try {
      await page.goto(server.url)
      const cards = page.locator('.lot-card')
      await cards.nth(1).waitFor()
      // Two whole lots inside the first 844 px, before any scrolling.
      const boxes = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!]
      for (const box of boxes) {
        expect(box.y).toBeGreaterThanOrEqual(0)
        expect(box.y + box.height).toBeLessThanOrEqual(844)
      }
      // No install offer yet: a first visit, nothing watched or bid on from this device.
      await page.waitForTimeout(1500)
      expect(await page.getByRole('region', { name: 'Install Lotline' }).count()).toBe(0)

      await page.goto(`${server.url}?q=${tag}`)
      const leading = card(page, bidOn.title).getByTestId('card-standing')
      await expect.poll(() => leading.textContent()).toBe("You're leading")
      const heart = card(page, toWatch.title).getByRole('button', {
        name: `Watch ${toWatch.title}`,
      })
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false')
      const before = page.url()
      await heart.tap()
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
      expect(page.url()).toBe(before)
      // The server has it: the watchlist lists the lot.
      await expect
        .poll(async () => {
          const res = await api('watchlist', alice)
          const body = (await res.json()) as { items: Array<{ id: string }> }
          return body.items.some((l) => l.id === toWatch.id)
        })
        .toBe(true)
      await bothThemes(page, 'lot list with heart and chip, phone')

      // Carol outbids: Alice's chip changes without a reload.
      await placeBid(api, carol, bidOn.id, { amount: 1500 })
      await expect.poll(() => leading.textContent(), { timeout: 15_000 }).toBe('Outbid')

      // Unwatch from the same heart.
      await heart.tap()
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false')
      expect(page.url()).toBe(before)
    } finally {
      await context.close()
    }
  })

  it('a guest’s heart leads to sign-in and back', async () => {
    const context = await browser.newContext(PHONE)
    try {
      const page = await context.newPage()
      await page.goto(`${server.url}?q=${tag}`)
      const heart = card(page, toWatch.title).getByRole('link', {
        name: `Sign in to watch ${toWatch.title}`,
      })
      await heart.tap()
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in')
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/?q=${tag}`)
    } finally {
      await context.close()
    }
  })
})

describe('the install offer', () => {
  it('comes after a watch, just below the first screen of cards, not at the list’s end', async () => {
    const { context, page } = await phone()
    try {
      await page.goto(server.url)
      const cards = page.locator('.lot-card')
      await cards.nth(4).waitFor()
      const offer = page.getByRole('region', { name: 'Install Lotline' })
      // The watch above was on another device's storage: this one's first visit shows none.
      await page.waitForTimeout(1500)
      expect(await offer.count()).toBe(0)
      const firstBefore = await cards.nth(0).boundingBox()
      await cards.nth(0).locator('.card-heart').tap()
      await offer.waitFor()
      const box = (await offer.boundingBox())!
      const fourth = (await cards.nth(3).boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(fourth.y + fourth.height)
      expect(box.y).toBeLessThan(1400)
      // Nothing on the first screen moved when it came.
      expect(await cards.nth(0).boundingBox()).toEqual(firstBefore)
      expect(await offer.textContent()).toContain('Add to Home Screen')
      await offer.scrollIntoViewIfNeeded()
      await bothThemes(page, 'install offer in the list, phone')
      await cards.nth(0).locator('.card-heart').tap() // unwatch again
    } finally {
      await context.close()
    }
  })

  it('comes on a second visit without a watch', async () => {
    const context = await browser.newContext(IPHONE)
    try {
      const first = await context.newPage()
      await first.goto(server.url)
      await first.locator('.lot-card').nth(4).waitFor()
      await first.waitForTimeout(1000)
      expect(await first.getByRole('region', { name: 'Install Lotline' }).count()).toBe(0)
      await first.close()
      const second = await context.newPage()
      await second.goto(server.url)
      await second.getByRole('region', { name: 'Install Lotline' }).waitFor()
    } finally {
      await context.close()
    }
  })
})

describe('saved searches', () => {
  it('saves the filters with a name, tells of a new matching lot, and is deleted in Account', async () => {
    const { context, page } = await phone()
    try {
      const words = `${tag}cam`
      await page.goto(`${server.url}?q=${words}&category=cameras`)
      await page.getByRole('button', { name: /^Filters/ }).tap()
      await page.getByRole('button', { name: 'Save search' }).tap()
      const dialog = page.getByRole('dialog', { name: 'Save this search' })
      await dialog.waitFor()
      const name = dialog.getByLabel('Name')
      expect(await name.inputValue()).toBe(words)
      await name.fill('My cameras')
      await bothThemes(page, 'save search dialog, phone')
      await dialog.getByRole('button', { name: 'Save' }).tap()
      await expect.poll(() => page.locator('.toasts').textContent()).toContain('Search saved')

      const lot = await createLot(api, bob, `${words} Leica M6`, { category: 'cameras' })
      await expect
        .poll(() => page.locator('.toasts').textContent(), { timeout: 15_000 })
        .toContain(`New for “My cameras”: ${lot.title}`)
      // A lot that misses the filters (another category) tells nothing more.
      await createLot(api, bob, `${words} Leica book`, { category: 'books' })

      await page.goto(`${server.url}notifications`)
      await expect
        .poll(() => page.locator('main').textContent())
        .toContain(`New for “My cameras”: ${lot.title}`)
      expect(await page.locator('main').textContent()).not.toContain('Leica book')

      await page.goto(`${server.url}account`)
      const section = page.getByRole('region', { name: 'Saved searches' })
      await expect.poll(() => section.textContent()).toContain('My cameras')
      await section.scrollIntoViewIfNeeded()
      await bothThemes(page, 'account, saved searches, phone')
      await section.getByRole('button', { name: 'Delete saved search My cameras' }).tap()
      await expect.poll(() => section.textContent()).toContain('No saved searches yet')
    } finally {
      await context.close()
    }
  })
})

describe('in Spanish', () => {
  it('names the heart, the chip, saving a search and the saved searches in Spanish', async () => {
    const { context, page } = await phone('es-ES')
    try {
      await page.goto(`${server.url}?q=${tag}`)
      await expect
        .poll(() => card(page, bidOn.title).getByTestId('card-standing').textContent())
        .toBe('Te han superado')
      await card(page, toWatch.title)
        .getByRole('button', { name: `Seguir ${toWatch.title}` })
        .waitFor()
      await page.getByRole('button', { name: /^Filtros/ }).tap()
      await page.getByRole('button', { name: 'Guardar búsqueda' }).waitFor()
      await bothThemes(page, 'lot list, Spanish, phone')
      await page.goto(`${server.url}account`)
      const section = page.getByRole('region', { name: 'Búsquedas guardadas' })
      await expect.poll(() => section.textContent()).toContain('Aún no has guardado')
    } finally {
      await context.close()
    }
  })
})
