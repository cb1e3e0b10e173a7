/**
 * Lot pictures in a real browser: the seller picks a file in the create form, the picture shows
 * in the list and the lot room, and after one online view it still shows offline (kept by the
 * service worker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildClient, launchBrowser, startServer, type RunningServer } from './harness.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
})
afterAll(() => server?.stop())

// A real 2×2 PNG, so Chromium decodes it (naturalWidth > 0).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

describe('lot pictures', () => {
  it('are uploaded with a new lot, shown in the list and room, and kept for offline', async () => {
    const browser = await launchBrowser()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${server.url}sign-in`)
      await page.getByLabel('Email').fill('carol@lotline.test')
      await page.getByLabel('Password').fill('lotline-demo')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'))
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })

      await page.goto(`${server.url}lots/new`)
      await page.getByLabel('Title').fill('E2E pictured teapot')
      await page.getByLabel('Starting price').fill('12')
      await page
        .getByLabel(/Picture/)
        .setInputFiles({ name: 'teapot.png', mimeType: 'image/png', buffer: PNG })
      await page.getByRole('button', { name: 'Put up for auction' }).click()
      await page.waitForURL(/\/lots\/[0-9a-f-]{36}$/)
      const roomImage = page.locator('img.lot-image')
      await expect
        .poll(() => roomImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(2)
      const src = await roomImage.getAttribute('src')
      expect(src).toMatch(/^\/uploads\/lots\/[0-9a-f-]{36}-[0-9a-f]{20}\.png$/)

      const lotPath = new URL(page.url()).pathname
      // Back to the list inside the app, as a person would (the cache is saved as it changes).
      await page.getByRole('link', { name: /All lots/ }).click()
      const card = page.locator('article.lot-card', { hasText: 'E2E pictured teapot' })
      await expect
        .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(2)

      // Offline, the lot room opens from the saved data and still shows its picture.
      await page.waitForTimeout(1500) // the persisted cache is written at most once a second
      await context.setOffline(true)
      await page.goto(`${server.url}${lotPath.replace(/^\//, '')}`)
      await expect
        .poll(() => page.getByRole('heading', { name: 'E2E pictured teapot' }).count())
        .toBe(1)
      await expect
        .poll(() => roomImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(2)
    } finally {
      await browser.close()
    }
  })
})
