/**
 * Lot pictures in a real browser (decision 0024), at 1280×800 and at 390×844 with touch: several
 * pictures chosen and reordered when listing, the room's gallery (arrow keys, buttons, a touch
 * swipe, the zoom dialog), card media of one height in a grid row with the placeholder for a lot
 * without pictures, the seller's editor, and a picture still shown offline. axe on every state.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodePng } from '../../server/jobs/demo-pictures.ts'
import { expectAccessible } from './a11y.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, DESKTOP, PHONE, signedInPage } from './members.ts'

let server: RunningServer
let browser: Browser
const { api, login } = apiClient(() => server.url)

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A real PNG `width` pixels wide (4:3), so each picture is known by its decoded width. */
const png = (width: number) =>
  encodePng(width, Math.round((width * 3) / 4), (x) => [40 + x * 10, 80, 160])

/** Carol's or another member's phone (`phone`) or desktop window, signed in. */
const signedIn = (email: string, phone: boolean) =>
  signedInPage(browser, server.url, email, phone ? PHONE : DESKTOP)

/**
 * The width of the file each picture shows, which tells the pictures apart: a WebP copy names its
 * width (decision 0031; these pictures are narrower than 320, so their copy is as wide); the
 * original (the zoomed view) has its own. `naturalWidth` would not do for a `srcset` picture: it
 * is corrected by the density the browser picked.
 */
const widths = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const copy = /-(\d+)w\.webp$/.exec(img.currentSrc)
      return copy ? Number(copy[1]) : img.naturalWidth
    }),
  )
const position = (page: Page) => page.getByTestId('gallery-position').textContent()

let pictured = '' // the lot listed with three pictures

describe('lot pictures', () => {
  it('desktop: list with three pictures in a chosen order, gallery and zoom, even card media, offline', async () => {
    const { context, page } = await signedIn('carol@lotline.test', false)
    try {
      // A lot with no picture, ending first, so its card sits in the first row with the placeholder.
      const cookie = await login('alice@lotline.test')
      await createLot(api, cookie, 'E2E lot without pictures', {
        endsAt: new Date(Date.now() + 8 * 60_000).toISOString(),
      })

      await page.goto(`${server.url}lots/new`)
      await page.getByLabel('Title').fill('E2E pictured teapot')
      await page.getByLabel('Category').selectOption('home')
      await page.getByLabel('Starting price').fill('12')
      await page.getByLabel('I ship it').check()
      await page.getByLabel('Shipping cost').fill('6.50')
      await page
        .getByLabel('Pictures', { exact: false })
        .first()
        .setInputFiles([
          { name: 'a.png', mimeType: 'image/png', buffer: png(20) },
          { name: 'b.png', mimeType: 'image/png', buffer: png(24) },
          { name: 'c.png', mimeType: 'image/png', buffer: png(28) },
        ])
      await expect.poll(() => widths(page, '[data-testid=picture-item] img')).toEqual([20, 24, 28])
      // The keyboard's way: the third picture one place earlier, then the first to the end.
      await page.getByRole('button', { name: 'Move picture 3 earlier' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Move picture 1 later' }).click()
      await expect.poll(() => widths(page, '[data-testid=picture-item] img')).toEqual([28, 20, 24])
      await expectAccessible(page, 'create lot, three pictures chosen')
      await page.getByRole('button', { name: 'Put up for auction' }).click()
      await page.waitForURL(/\/lots\/[0-9a-f-]{36}$/)
      pictured = new URL(page.url()).pathname.split('/').pop()!
      // The room says how it reaches the buyer, as the seller chose.
      await page.getByText('Shipping €6.50').waitFor()

      // The room: the gallery in the chosen order; arrow keys and buttons move through it.
      await expect.poll(() => widths(page, '.gallery-slide img')).toEqual([28, 20, 24])
      expect(await position(page)).toBe('Picture 1 of 3')
      await page.getByRole('button', { name: 'Open picture 1 full size' }).focus()
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => position(page)).toBe('Picture 2 of 3')
      await page.getByRole('button', { name: 'Next picture' }).click()
      await expect.poll(() => position(page)).toBe('Picture 3 of 3')
      await page.getByRole('button', { name: 'Show picture 1' }).click()
      await expect.poll(() => position(page)).toBe('Picture 1 of 3')
      await expectAccessible(page, 'lot room, gallery, desktop')

      // Zoom: the whole picture in a modal dialog; "Zoom in" doubles it; Escape closes.
      await page.getByRole('button', { name: 'Open picture 1 full size' }).click()
      const zoom = page.getByTestId('picture-zoom')
      await expect.poll(() => zoom.evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
      await expectAccessible(page, 'zoom dialog, desktop')
      await page.getByTestId('zoom-toggle').click()
      const stage = page.getByTestId('zoom-stage')
      await expect
        .poll(() =>
          stage.evaluate(
            (s) => (s.querySelector('img') as HTMLImageElement).clientWidth - s.clientWidth,
          ),
        )
        .toBeGreaterThan(0)
      await page.keyboard.press('Escape')
      await expect.poll(() => zoom.evaluate((d: HTMLDialogElement) => d.open)).toBe(false)

      // The list: every card's media is 4:3 and as tall as its row's neighbours', with or without.
      await page.getByRole('link', { name: /All lots/ }).click()
      const bareCard = page.locator('article.lot-card', { hasText: 'E2E lot without pictures' })
      await expect.poll(() => bareCard.getByTestId('picture-placeholder').count()).toBe(1)
      const teapot = page.locator('article.lot-card', { hasText: 'E2E pictured teapot' })
      await expect
        .poll(
          async () =>
            (await widths(page, 'article.lot-card:has-text("E2E pictured teapot") img'))[0],
        )
        .toBe(28)
      // The card downloads the WebP copy from its srcset, not the original (decision 0031).
      expect(
        await teapot.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc),
      ).toMatch(/-28w\.webp$/)
      const boxes = await page.getByTestId('lot-card-media').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect()
          const card = el.closest('article')!.getBoundingClientRect()
          return { top: Math.round(card.top), w: r.width, h: r.height, card: card.height }
        }),
      )
      expect(boxes.length).toBeGreaterThan(2)
      for (const box of boxes) expect(Math.abs(box.h - (box.w * 3) / 4)).toBeLessThan(1.5)
      const firstRow = boxes.filter((b) => b.top === boxes[0]!.top)
      expect(firstRow.length).toBeGreaterThan(1)
      expect(new Set(firstRow.map((b) => Math.round(b.h))).size).toBe(1)
      await expectAccessible(page, 'lot list, cards with pictures and the placeholder, desktop')

      // Offline, the room opens from the saved data and still shows its cover.
      await page.waitForTimeout(1500) // the persisted cache is written at most once a second
      await context.setOffline(true)
      await page.goto(`${server.url}lots/${pictured}`)
      await expect
        .poll(() => page.getByRole('heading', { name: 'E2E pictured teapot' }).count())
        .toBe(1)
      await expect.poll(async () => (await widths(page, '.gallery-slide img'))[0]).toBe(28)
    } finally {
      await context.close()
    }
  })

  it('phone: swipe and tap-to-zoom in the room, the seller reorders and removes in the editor', async () => {
    const { context, page } = await signedIn('carol@lotline.test', true)
    try {
      await page.goto(`${server.url}lots/${pictured}`)
      await expect.poll(() => widths(page, '.gallery-slide img')).toEqual([28, 20, 24])
      // A finger swipe to the left: the strip snaps to the next picture.
      const cdp = await context.newCDPSession(page)
      const box = (await page.getByTestId('gallery-viewport').boundingBox())!
      const y = Math.round(box.y + box.height / 2)
      const from = Math.round(box.x + box.width * 0.85)
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        })
      await touch('touchStart', from)
      for (let step = 1; step <= 10; step++) await touch('touchMove', from - step * 25)
      await touch('touchEnd', from - 250)
      await expect
        .poll(() => page.getByTestId('gallery-viewport').evaluate((el) => el.scrollLeft))
        .toBeGreaterThan(100)
      await expect.poll(() => position(page)).toBe('Picture 2 of 3')
      for (const name of ['Previous picture', 'Next picture']) {
        const size = (await page.getByRole('button', { name }).first().boundingBox())!
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44)
      }
      await expectAccessible(page, 'lot room, gallery, phone')
      await page.getByRole('button', { name: 'Open picture 2 full size' }).tap()
      const zoom = page.getByTestId('picture-zoom')
      await expect.poll(() => zoom.evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
      await page.getByTestId('zoom-stage').locator('img').tap()
      await expect
        .poll(() => page.getByTestId('zoom-toggle').getAttribute('aria-pressed'))
        .toBe('true')
      await expectAccessible(page, 'zoom dialog, zoomed, phone')
      await page.getByRole('button', { name: 'Close' }).tap()

      // The seller's editor (no bids yet): the cover moves to the end, then one picture goes.
      await page.getByRole('button', { name: 'Edit lot' }).tap()
      const editor = page.getByTestId('pictures-editor')
      await expect
        .poll(() => widths(page, '[data-testid=pictures-editor] img'))
        .toEqual([28, 20, 24])
      await editor.getByRole('button', { name: 'Move picture 1 later' }).tap()
      await expect
        .poll(() => widths(page, '[data-testid=pictures-editor] img'))
        .toEqual([20, 28, 24])
      await editor.getByRole('button', { name: 'Remove picture 3' }).tap()
      await expect.poll(() => widths(page, '[data-testid=pictures-editor] img')).toEqual([20, 28])
      await expectAccessible(page, 'seller editor, pictures, phone')
      // The room's gallery follows at once (the answer's summary went into the cache).
      await expect.poll(() => widths(page, '.gallery-slide img')).toEqual([20, 28])

      // The list on a phone: one column, the same 4:3 media.
      await page.goto(server.url)
      const media = page.getByTestId('lot-card-media').first()
      await expect.poll(() => media.count()).toBe(1)
      const r = (await media.boundingBox())!
      expect(Math.abs(r.height - (r.width * 3) / 4)).toBeLessThan(1.5)
      await expectAccessible(page, 'lot list, phone')
    } finally {
      await context.close()
    }
  })
})
