/**
 * After the hammer (issue 29), on phones in real Chromium: two members bid, the lot ends, the
 * winner chooses where it goes, the seller sends it with tracking, the buyer confirms, and the
 * seller's pending proceeds turn available — each step seen live on the other side, no reload.
 * Fees are on (5 % premium, 10 % seller fee) so every amount shown is the one a user would see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, placeBid, signedInPage } from './members.ts'
import { expectAccessible } from './a11y.ts'

let server: RunningServer
const { api, login } = apiClient(() => server.url)
let browser: Browser

beforeAll(async () => {
  server = await startServer({
    distDir: buildClient('v1'),
    env: { BUYER_PREMIUM_PERCENT: '5', SELLER_FEE_PERCENT: '10' },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const phone = (email: string) => signedInPage(browser, server.url, email, PHONE)

/** Removes every address `cookie`'s member keeps, so the journey starts from an empty book. */
async function emptyAddressBook(cookie: string) {
  const { items } = (await (await api('me/addresses', cookie)).json()) as {
    items: Array<{ id: string }>
  }
  for (const { id } of items) {
    const res = await fetch(`${server.url}api/me/addresses/${id}`, {
      method: 'DELETE',
      headers: { 'X-Requested-With': 'XMLHttpRequest', cookie },
    })
    expect(res.status).toBe(204)
  }
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent()

/** The figure beside a wallet label ("Pending sales"), in cents. */
async function walletFigure(page: Page, label: string): Promise<number> {
  const dd = page.locator('.wallet-figures div', { hasText: label }).locator('dd')
  if ((await dd.count()) === 0) return 0
  const figure = /€([\d,]+\.\d\d)/.exec((await dd.textContent()) ?? '')
  return figure ? Math.round(Number(figure[1]!.replace(/,/g, '')) * 100) : 0
}

const available = async (page: Page) => {
  const figure = /€([\d,]+\.\d\d)/.exec((await page.locator('.wallet-amount').textContent()) ?? '')
  return figure ? Math.round(Number(figure[1]!.replace(/,/g, '')) * 100) : NaN
}

describe('an order from the hammer to the door', () => {
  it('winner picks an address, seller ships with tracking, buyer confirms, seller is paid — live', async () => {
    const carolCookie = await login('carol@lotline.test')
    const aliceCookie = await login('alice@lotline.test')
    await emptyAddressBook(aliceCookie)
    const lot = await createLot(api, carolCookie, 'E2E order journey', {
      endsAt: new Date(Date.now() + 65_000).toISOString(),
      softCloseSeconds: 10,
      delivery: { shipping: { cost: 650 } },
    })
    await placeBid(api, await login('bob@lotline.test'), lot.id, { amount: 1000 })

    // Alice bids on her phone: the bar says what the bid costs her, premium and shipping included.
    const alice = await phone('alice@lotline.test')
    await alice.page.goto(`${server.url}lots/${lot.id}`)
    const bidBar = alice.page.getByTestId('bid-bar')
    const quick = bidBar.getByRole('button', { name: 'Bid €11.00' })
    await expect.poll(() => quick.isVisible(), { timeout: 15_000 }).toBe(true)
    await expect
      .poll(() => text(alice.page, 'you-pay'), { timeout: 10_000 })
      .toBe('€11.00 bid · you pay €11.55 + €6.50 shipping')
    await quick.tap()
    await expect
      .poll(() => bidBar.getByTestId('bid-bar-status').textContent(), { timeout: 15_000 })
      .toBe('You are leading')

    // Carol watches her sale in the room; her wallet is open in a second tab.
    const carol = await phone('carol@lotline.test')
    await carol.page.goto(`${server.url}lots/${lot.id}`)
    const carolWallet = await carol.context.newPage()
    await carolWallet.goto(`${server.url}wallet`)
    await carolWallet.locator('.wallet-amount').waitFor()

    // The lot ends: the winner is led to choose where it goes.
    const choose = alice.page.getByRole('link', { name: 'Choose where it goes' })
    await expect.poll(() => choose.isVisible(), { timeout: 75_000, interval: 500 }).toBe(true)
    expect(await alice.page.getByText('Contact them to arrange').count()).toBe(0)
    const sellerLink = carol.page.getByTestId('result-order')
    await expect.poll(() => sellerLink.isVisible(), { timeout: 15_000 }).toBe(true)
    await expect
      .poll(() => walletFigure(carolWallet, 'Pending sales'), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1640)
    const pendingBefore = await walletFigure(carolWallet, 'Pending sales')
    const availableBefore = await available(carolWallet)

    await choose.tap()
    await carol.page.getByTestId('result-order').tap()
    const carolNext = () => text(carol.page, 'order-next')
    const aliceNext = () => text(alice.page, 'order-next')
    await expect
      .poll(carolNext, { timeout: 15_000 })
      .toBe('Waiting for Alice to choose where it goes.')
    await expect.poll(aliceNext, { timeout: 15_000 }).toBe('Choose where it goes')
    const amounts = await text(alice.page, 'order-amounts')
    expect(amounts).toContain('Hammer price€11.00')
    expect(amounts).toContain("Buyer's premium€0.55")
    expect(amounts).toContain('Shipping€6.50')
    expect(amounts).toContain('Buyer pays€18.05')
    await expectAccessible(alice.page, 'order, buyer, address form, phone')

    // An empty book: the form. Saved, the new address is chosen; sent, the order awaits shipping.
    const form = alice.page.locator('form.address-form')
    await form.getByLabel('Full name').fill('Alice Archer')
    await form.getByLabel('Address', { exact: true }).fill('Calle Mayor 1')
    await form.getByLabel('Town or city').fill('Madrid')
    await form.getByLabel('Postal code').fill('28013')
    await form.getByLabel('Country').selectOption('ES')
    await form.getByRole('button', { name: 'Save the address' }).tap()
    const sendHere = alice.page.getByRole('button', { name: 'Send it here' })
    await expect.poll(() => sendHere.isVisible(), { timeout: 10_000 }).toBe(true)
    const chosen = alice.page.getByRole('radio', { checked: true })
    expect(await chosen.count()).toBe(1)
    await sendHere.tap()
    await expect.poll(aliceNext, { timeout: 10_000 }).toBe('Waiting for Carol to send it.')
    expect(await text(alice.page, 'ship-to')).toContain('Calle Mayor 1')

    // Carol sees it live, with where it goes, and marks it sent with a tracking number.
    await expect
      .poll(carolNext, { timeout: 10_000 })
      .toBe('Send it to Alice, then say how it travels.')
    expect(await text(carol.page, 'ship-to')).toContain('28013 Madrid')
    const sellerAmounts = await text(carol.page, 'order-amounts')
    expect(sellerAmounts).toContain('Seller fee-€1.10')
    expect(sellerAmounts).toContain('Seller receives€16.40')
    await expectAccessible(carol.page, 'order, seller, ship form, phone')
    await carol.page.getByLabel('Carrier').fill('Correos')
    await carol.page.getByLabel('Tracking number (optional)').fill('PK123456789ES')
    await carol.page.getByRole('button', { name: 'Mark as sent' }).tap()
    await expect
      .poll(carolNext, { timeout: 10_000 })
      .toBe('Sent. You are paid when Alice confirms it arrived.')

    // Alice sees it on its way, with the tracking number, and confirms it arrived.
    await expect.poll(aliceNext, { timeout: 10_000 }).toBe('On its way. Say when it has arrived.')
    expect(await text(alice.page, 'tracking')).toBe('PK123456789ES')
    // They exchange a message about it; each appears live on the other side.
    const thread = (page: Page) =>
      page.getByRole('list', { name: 'Messages about E2E order journey' })
    await carol.page
      .getByLabel('Message to the buyer')
      .fill('Sent today, it should arrive Tuesday.')
    await carol.page.getByRole('button', { name: 'Send' }).tap()
    await expect
      .poll(() => thread(alice.page).textContent(), { timeout: 10_000 })
      .toContain('Sent today, it should arrive Tuesday.')
    await alice.page.getByLabel('Message to the seller').fill('Thank you, Carol!')
    await alice.page.getByRole('button', { name: 'Send' }).tap()
    await expect
      .poll(() => thread(carol.page).textContent(), { timeout: 10_000 })
      .toContain('Thank you, Carol!')
    expect(await thread(carol.page).textContent()).toContain('Alice (buyer)')
    await expectAccessible(alice.page, 'order, buyer, shipped, with messages, phone')

    await alice.page.getByTestId('move-confirm_receipt').tap()
    await alice.page.getByTestId('confirm-confirm_receipt').tap()
    await expect.poll(aliceNext, { timeout: 10_000 }).toBe('Completed. Enjoy it!')

    // Carol's order completes live, and her pending proceeds turn available in the open wallet.
    await expect
      .poll(carolNext, { timeout: 10_000 })
      .toBe('Completed. The money is in your wallet.')
    await expect
      .poll(() => available(carolWallet), { timeout: 15_000 })
      .toBe(availableBefore + 1640)
    expect(await walletFigure(carolWallet, 'Pending sales')).toBe(pendingBefore - 1640)
    const timeline = await text(carol.page, 'order-timeline')
    for (const step of ['Sold', 'Address chosen', 'Sent', 'Received'])
      expect(timeline).toContain(step)

    // Both find it in their lists.
    await alice.page.goto(`${server.url}orders`)
    await expect
      .poll(() => alice.page.getByTestId('order-card').first().textContent(), { timeout: 10_000 })
      .toContain('E2E order journey')
    await expectAccessible(alice.page, 'orders, purchases, phone')
    await carol.page.goto(`${server.url}orders?role=seller`)
    await expect
      .poll(() => carol.page.getByTestId('order-card').first().textContent(), { timeout: 10_000 })
      .toContain('You receive €16.40')
    for (const { context } of [alice, carol]) await context.close()
  })
})
