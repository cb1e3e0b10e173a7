/**
 * Finding lots (decision 0026) in real Chromium, on a 390×844 touch phone and a 1280×800 desktop:
 * sort, category and price range change the address; a reload keeps them and Back restores the
 * previous filter; the heading names the filter; a lot ending within the hour is marked; a filter
 * with no results says so and clears. axe-core on every state visited.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  appStarted,
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot } from './members.ts'
import { expectAccessible } from './a11y.ts'

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let browser: Browser
const title = `E2E finder camera ${randomUUID().slice(0, 6)}`

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
  await createLot(api, await login('carol@lotline.test'), title, {
    category: 'cameras',
    startingPrice: 12_300,
    endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
const card = (page: Page) => page.locator('.lot-card', { hasText: title })

describe('finding lots', () => {
  it('phone: sort, category and price range in the address; reload keeps, Back restores', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    await page.goto(server.url)
    await expect.poll(() => heading(page)).toBe('Open lots')
    await expectAccessible(page, 'lot list, phone')

    await appStarted(page)
    await page.getByLabel('Sort').selectOption('price_desc')
    await expect.poll(() => query(page)).toEqual({ sort: 'price_desc' })
    const toggle = page.getByRole('button', { name: /^Filters/ })
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await toggle.tap()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await expectAccessible(page, 'lot list, filters open, phone')

    await page.getByLabel('Category').selectOption('cameras')
    await expect.poll(() => query(page)).toEqual({ sort: 'price_desc', category: 'cameras' })
    await expect.poll(() => heading(page)).toBe('Cameras: open lots')
    await page.getByLabel('Min price (€)').fill('120')
    await page.getByLabel('Max price (€)').fill('130')
    const apply = page.getByRole('button', { name: 'Apply' })
    expect((await apply.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await apply.tap()
    const filtered = { sort: 'price_desc', category: 'cameras', minPrice: '120', maxPrice: '130' }
    await expect.poll(() => query(page)).toEqual(filtered)
    await expect.poll(() => page.locator('.lot-card').count()).toBe(1)
    await expect.poll(() => card(page).textContent()).toContain('Ends within the hour')
    await expectAccessible(page, 'filtered lot list, phone')

    // A link: the reload shows the same list.
    await page.reload()
    await expect.poll(() => card(page).count()).toBe(1)
    expect(query(page)).toEqual(filtered)
    expect(await heading(page)).toBe('Cameras: open lots')
    expect(await page.getByLabel('Sort').inputValue()).toBe('price_desc')

    // Back: the filter before the price range.
    await page.goBack()
    await expect.poll(() => query(page)).toEqual({ sort: 'price_desc', category: 'cameras' })
    await expect.poll(() => page.locator('.lot-card').count()).toBeGreaterThan(1)
    expect(await heading(page)).toBe('Cameras: open lots')

    // Nothing fits: said so, and Clear filters shows every open lot again.
    await page.goto(`${server.url}?category=cameras&minPrice=9999`)
    await expect.poll(() => page.getByRole('heading', { name: 'No lots match' }).count()).toBe(1)
    await expectAccessible(page, 'no lots match, phone')
    await page.locator('.state-empty').getByRole('link', { name: 'Clear filters' }).tap()
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await expect.poll(() => heading(page)).toBe('Open lots')

    // The status tab names the heading too.
    await page.getByRole('link', { name: 'Closed', exact: true }).tap()
    await expect.poll(() => heading(page)).toBe('Closed lots')
    await expect.poll(() => page.locator('.lot-card').count()).toBeGreaterThanOrEqual(2)
    await expectAccessible(page, 'closed lots, phone')
    await context.close()
  })

  it('desktop: every filter in one row, a closed category list by link', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${server.url}?status=closed&category=cameras`)
    await expect.poll(() => heading(page)).toBe('Cameras: closed lots')
    await expect
      .poll(() => page.locator('.lot-card').first().textContent())
      .toContain('Pentax K1000')
    // No panel to open: the controls are on screen, the "Filters" button is not.
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false)
    expect(await page.getByLabel('Min price (€)').isVisible()).toBe(true)
    await appStarted(page)
    await page.getByLabel('Sort').selectOption('newest')
    await expect
      .poll(() => query(page))
      .toEqual({ status: 'closed', sort: 'newest', category: 'cameras' })
    await expectAccessible(page, 'closed cameras, desktop')
    await context.close()
  })
})
