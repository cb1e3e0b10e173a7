/**
 * The rough edges a bidder still hit (issue 32), on a 390×844 phone, by what is on screen: a
 * maximum alone is enough (no placeholder that looks like a value), the leader's raise is told as
 * a raise with the price staying, the alert offer sits in the room's body (never in the bid bar,
 * never in the last minutes, never again after "Not now"), a scheduled lot says when bidding
 * opens, My bids gives an ended lot's final price and result, and the full-size picture viewer
 * has one toolbar line with visible previous/next. Once in English and the light theme, once in
 * Spanish and the dark theme, axe on every state.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../common/money.ts'
import { expectAccessible } from './a11y.ts'
import {
  apiClient,
  buildClient,
  launchBrowser,
  sleep,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, registerMember, signedInPage } from './members.ts'

let server: RunningServer
let browser: Browser
const { api } = apiClient(() => server.url)
let sellerCookie = ''

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
  sellerCookie = (await registerMember(api, 'Rough Edges Seller', 'rough edges secret')).cookie
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** What each run reads on screen, in its language (src/i18n/messages). */
const COPY = {
  en: {
    maxOpen: 'Maximum…',
    raiseOpen: 'Raise maximum',
    maxLabel: 'Maximum (automatic bidding)',
    newMaxLabel: 'New maximum',
    amountLabel: 'Your bid',
    amountHint: (min: string) =>
      `At least ${min}. With a maximum you may leave it empty: we bid ${min} for you.`,
    submitMin: (amount: string, max: string) => `Bid ${amount}, up to ${max}`,
    minimumBid: 'Your bid (the minimum)',
    reviewMax: 'Your maximum',
    confirm: (amount: string) => `Confirm bid ${amount}`,
    placed: (amount: string) => `Bid placed. You are leading at ${amount}.`,
    raise: (max: string) => `Raise maximum to ${max}`,
    raiseStays: (max: string, price: string) =>
      `Raise your maximum to ${max} — the price stays ${price}`,
    bid: (amount: string) => `Bid ${amount}`,
    offer: 'Get an alert if you’re outbid?',
    notNow: 'Not now',
    badInput: 'Enter an amount like 12.50.',
    opensLabel: 'Bidding opens',
    historyNotOpen: (time: string) => `No bids yet: bidding opens ${time}.`,
    timeLeft: 'Time left',
    startsIn: 'Starts in',
    beFirst: 'Be the first',
    finalPrice: 'Final price',
    currentPrice: 'Current price',
    leading: 'Leading:',
    lost: 'Lost',
    zoom: 'Open picture 1 full size',
    previous: 'Previous picture',
    next: 'Next picture',
    position: (n: number, count: number) => `Picture ${n} of ${count}`,
  },
  es: {
    maxOpen: 'Máximo…',
    raiseOpen: 'Subir máximo',
    maxLabel: 'Máximo (puja automática)',
    newMaxLabel: 'Nuevo máximo',
    amountLabel: 'Tu puja',
    amountHint: (min: string) =>
      `Al menos ${min}. Con un máximo puedes dejarlo vacío: pujamos ${min} por ti.`,
    submitMin: (amount: string, max: string) => `Pujar ${amount}, hasta ${max}`,
    minimumBid: 'Tu puja (la mínima)',
    reviewMax: 'Tu máximo',
    confirm: (amount: string) => `Confirmar puja de ${amount}`,
    placed: (amount: string) => `Puja hecha. Vas ganando con ${amount}.`,
    raise: (max: string) => `Subir el máximo a ${max}`,
    raiseStays: (max: string, price: string) =>
      `Sube tu máximo a ${max}: el precio sigue en ${price}`,
    bid: (amount: string) => `Pujar ${amount}`,
    offer: '¿Quieres una alerta si te superan?',
    notNow: 'Ahora no',
    badInput: 'Escribe una cantidad como 12,50.',
    opensLabel: 'Las pujas se abren',
    historyNotOpen: (time: string) => `Aún no hay pujas: se abren ${time}.`,
    timeLeft: 'Tiempo restante',
    startsIn: 'Empieza en',
    beFirst: 'Sé el primero',
    finalPrice: 'Precio final',
    currentPrice: 'Precio actual',
    leading: 'Gana:',
    lost: 'Perdido',
    zoom: 'Abrir la foto 1 a tamaño completo',
    previous: 'Foto anterior',
    next: 'Foto siguiente',
    position: (n: number, count: number) => `Foto ${n} de ${count}`,
  },
} as const

const RUNS = [
  { scheme: 'light', lang: 'en', locale: 'en-US' },
  { scheme: 'dark', lang: 'es', locale: 'es-ES' },
] as const

const box = async (locator: Locator) => {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not on screen')
  return b
}

/** Opens a lot's room and waits for its title. */
async function room(page: Page, lotId: string, title: string) {
  await page.goto(`${server.url}lots/${lotId}`)
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
}

/** The offer, anywhere on the page (it loads lazily after the bid's answer). */
const offerOf = (page: Page, c: (typeof COPY)['en' | 'es']) =>
  page.getByRole('region', { name: c.offer })

describe.each(RUNS)('a bidder on a phone ($lang, $scheme)', ({ scheme, lang, locale }) => {
  const c = COPY[lang]
  const eur = (cents: number) => formatMoney(cents, 'EUR', lang)
  const label = (what: string) => `${what}, phone, ${lang}, ${scheme}`

  it('bids a maximum alone, raises it as a leader, and meets the alert offer outside the bar', async () => {
    const hour = new Date(Date.now() + 3_600_000).toISOString()
    const [main, late, other] = await Promise.all([
      createLot(api, sellerCookie, `Brass compass ${lang}`, { startingPrice: 1000, endsAt: hour }),
      createLot(api, sellerCookie, `Late lamp ${lang}`, {
        startingPrice: 1000,
        endsAt: new Date(Date.now() + 4 * 60_000).toISOString(),
      }),
      createLot(api, sellerCookie, `Third vase ${lang}`, { startingPrice: 1000, endsAt: hour }),
    ])
    const { context, page } = await signedInPage(browser, server.url, 'alice@lotline.test', {
      ...PHONE,
      colorScheme: scheme,
      locale,
    })
    try {
      // In a lot's last minutes no offer comes, even on a device never asked.
      await room(page, late.id, late.title)
      const bar = page.getByTestId('bid-bar')
      await bar.getByRole('button', { name: c.bid(eur(1000)) }).tap()
      await bar.getByText(c.placed(eur(1000))).waitFor()
      await sleep(1500)
      expect(await offerOf(page, c).count()).toBe(0)

      // 1. The maximum alone.
      await room(page, main.id, main.title)
      const before = await box(bar)
      await bar.getByRole('button', { name: c.maxOpen }).tap()
      const sheet = page.locator('dialog.bid-sheet')
      const amount = sheet.getByLabel(c.amountLabel, { exact: true })
      await amount.waitFor()
      // Empty, and nothing in it that looks like a value: the minimum is said in words.
      expect(await amount.inputValue()).toBe('')
      expect(await amount.getAttribute('placeholder')).toBeNull()
      await sheet.getByText(c.amountHint(eur(1000))).waitFor()
      await sheet.getByLabel(c.maxLabel).fill('25')
      const submit = sheet.getByRole('button', { name: c.submitMin(eur(1000), eur(2500)) })
      await expectAccessible(page, label('maximum sheet, a maximum alone'))
      await submit.tap()
      const review = page.getByTestId('bid-review')
      await review.waitFor()
      expect(await review.textContent()).toContain(`${c.minimumBid}${eur(1000)}`)
      expect(await review.textContent()).toContain(`${c.reviewMax}${eur(2500)}`)
      expect(await page.getByText(c.badInput).count()).toBe(0)
      await review.getByRole('button', { name: c.confirm(eur(1000)) }).tap()
      await bar.getByText(c.placed(eur(1000))).waitFor()

      // 3. After a first bid the bar stays a bar; the offer is in the room's body.
      const offer = offerOf(page, c)
      await offer.waitFor({ state: 'attached' })
      const after = await box(bar)
      expect(after.height).toBeLessThan(844 * 0.25)
      expect(after.height - before.height).toBeLessThan(48)
      expect(await bar.getByRole('region', { name: c.offer }).count()).toBe(0)
      expect(await offer.evaluate((el) => el.closest('[data-testid="bid-bar"]') === null)).toBe(
        true,
      )
      // A person scrolls the room up until the offer clears the fixed bar: the page has room.
      const barTop = (await box(bar)).y
      await offer.evaluate((el, top) => {
        window.scrollBy({ top: el.getBoundingClientRect().bottom - top + 8, behavior: 'instant' })
      }, barTop)
      expect(await offer.isVisible()).toBe(true)
      // Not under the fixed bar once scrolled to.
      await expect
        .poll(async () => {
          const [o, b] = [await box(offer), await box(bar)]
          return o.y + o.height <= b.y + 1 && o.y >= 0
        })
        .toBe(true)
      await expectAccessible(page, label('lot room, the alert offer in the body'))
      await offer.getByRole('button', { name: c.notNow }).tap()
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('lotline.pushAsked')))
        .toBe('later')

      // 2. The leader raises the maximum: told as a raise, the price staying.
      await bar.getByRole('button', { name: c.raiseOpen }).tap()
      await sheet.getByLabel(c.newMaxLabel).fill('40')
      await sheet.getByRole('button', { name: c.raise(eur(4000)) }).tap()
      await review.waitFor()
      expect(await review.getByTestId('bid-review-summary').textContent()).toBe(
        c.raiseStays(eur(4000), eur(1000)),
      )
      expect(await review.textContent()).not.toContain(c.confirm(eur(4000)))
      await expectAccessible(page, label('review of a raised maximum'))
      await review.getByRole('button', { name: c.raise(eur(4000)) }).tap()
      await review.waitFor({ state: 'detached' })
      await bar.getByText(c.placed(eur(1000))).waitFor()
      expect(await bar.locator('.bid-bar-price').textContent()).toMatch(
        new RegExp(`: ${eur(1000).replace(/[.$]/g, '\\$&')}$`),
      )

      // "Not now" holds on this device: another first bid, no offer.
      await room(page, other.id, other.title)
      await bar.getByRole('button', { name: c.bid(eur(1000)) }).tap()
      await bar.getByText(c.placed(eur(1000))).waitFor()
      await sleep(1500)
      expect(await offerOf(page, c).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('a scheduled lot says when bidding opens; My bids gives an ended lot’s final price and result', async () => {
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const scheduled = await createLot(api, sellerCookie, `Scheduled globe ${lang}`, {
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 86_400_000).toISOString(),
    })
    const { context, page } = await signedInPage(browser, server.url, 'alice@lotline.test', {
      ...PHONE,
      colorScheme: scheme,
      locale,
    })
    try {
      // 4. In the viewer's language and time zone, as the browser formats it.
      await room(page, scheduled.id, scheduled.title)
      const said = await page.evaluate(
        ([at, l]) =>
          new Intl.DateTimeFormat(l, {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          }).format(Date.parse(at!)),
        [startsAt, lang],
      )
      const opens = page.getByTestId('opens-at')
      expect(await opens.textContent()).toBe(said)
      expect(await opens.isVisible()).toBe(true)
      expect(await page.getByText(c.opensLabel, { exact: true }).isVisible()).toBe(true)
      await page.getByText(c.historyNotOpen(said)).waitFor()
      const text = (await page.locator('main').textContent()) ?? ''
      expect(text).not.toContain(c.timeLeft)
      expect(text).not.toContain(c.startsIn)
      expect(text).not.toContain(c.beFirst)
      await expectAccessible(page, label('scheduled lot'))

      // 5. Alice lost the demo's sold camera: its final price and "Lost", nobody "leading".
      await page.goto(`${server.url}me/bids?tab=lost`)
      const card = page.locator('article.lot-card', { hasText: 'Pentax K1000' })
      await card.waitFor()
      const cardText = (await card.textContent()) ?? ''
      expect(cardText).toContain(c.finalPrice)
      expect(await card.getByTestId('status-chip').textContent()).toBe(c.lost)
      expect(cardText).not.toContain(c.currentPrice)
      expect(cardText).not.toContain(c.leading)
      await expectAccessible(page, label('My bids, lost'))
    } finally {
      await context.close()
    }
  })

  it('the full-size picture viewer: one toolbar line, visible previous and next', async () => {
    const res = await api('lots?status=open', '')
    const { items } = (await res.json()) as {
      items: { id: string; title: string; pictures: unknown[] }[]
    }
    const pictured = items.find((l) => l.pictures.length >= 2)
    if (!pictured) throw new Error('no demo lot with two pictures')
    const count = pictured.pictures.length
    const context = await browser.newContext({ ...PHONE, colorScheme: scheme, locale })
    try {
      const page = await context.newPage()
      await room(page, pictured.id, pictured.title)
      await page.getByRole('button', { name: c.zoom }).first().tap()
      const zoom = page.getByTestId('picture-zoom')
      await expect.poll(() => zoom.evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
      const toolbar = zoom.locator('.picture-zoom-bar')
      const bar = await box(toolbar)
      expect(bar.width).toBeLessThanOrEqual(390)
      expect(bar.height).toBeLessThanOrEqual(64)
      // Every control of the toolbar on the same line.
      const tops = await toolbar
        .locator('button, span')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top))
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(20)
      const previous = zoom.getByRole('button', { name: c.previous })
      const next = zoom.getByRole('button', { name: c.next })
      for (const arrow of [previous, next]) {
        expect(await arrow.isVisible()).toBe(true)
        const b = await box(arrow)
        expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44)
        expect(b.x).toBeGreaterThanOrEqual(0)
        expect(b.x + b.width).toBeLessThanOrEqual(390)
        expect(b.y + b.height).toBeLessThanOrEqual(844)
      }
      expect(await previous.isDisabled()).toBe(true)
      await expectAccessible(page, label('picture viewer'))
      await next.tap()
      await zoom.getByText(c.position(2, count)).waitFor()
      expect(await previous.isDisabled()).toBe(false)
    } finally {
      await context.close()
    }
  })
})
