/**
 * The end of a lot and what follows it, in real Chromium on phones, with fees on (5 % premium,
 * 10 % seller fee) so every amount is one a user would see.
 *
 * - The end (decision 0023): the scheduler closes a lot; the winner sees "Sold to you for", the
 *   seller's next steps and a printable receipt; a losing bidder sees "Sold for" and a "lot ended"
 *   notification; My bids' tabs live in the address and Back restores them.
 * - After the hammer (issue 29): two members bid, the lot ends, the winner chooses where it goes,
 *   the seller sends it with tracking, they exchange messages, the buyer confirms, and the seller's
 *   pending proceeds turn available — each step seen live on the other side, no reload.
 *
 * Both wait about a minute for a lot's clock, so they run side by side (`describe.concurrent`),
 * each with its own members: nothing one does reaches the other's screens.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  apiClient,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, PHONE, placeBid, registerMember, signedInPage } from './members.ts'
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

/** A phone (390×844, touch) signed in as `email`. */
const member = (email: string) => signedInPage(browser, server.url, email, PHONE)

const headline = (page: Page) => page.getByTestId('result-headline').textContent()

const PASSWORD = 'a long e2e password'

interface Fresh {
  id: string
  email: string
  cookie: string
  page: Page
}

/** A member of this test alone (`credit` cents from an admin), not yet on a page. */
async function newMember(name: string, credit = 0): Promise<Fresh> {
  const member = await registerMember(api, name, PASSWORD)
  if (credit > 0) {
    const res = await api(
      `admin/wallets/${member.id}/adjustments`,
      await login('admin@lotline.test'),
      {
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ amount: credit, reason: 'E2E order journey' }),
      },
    )
    expect(res.status).toBeLessThan(300)
  }
  return { ...member, page: undefined as unknown as Page }
}

const phone = (member: Fresh) => signedInPage(browser, server.url, member.email, PHONE, PASSWORD)

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

describe.concurrent('the end of a lot, and the order after it', () => {
  it('winner: sold to you, next steps, receipt; loser: sold for, lot ended; my bids tabs', async ({
    expect,
  }) => {
    const carol = await login('carol@lotline.test')
    const lot = await createLot(api, carol, 'E2E ending clock', {
      nextSteps: 'Pickup in Ghent on weekdays.',
      endsAt: new Date(Date.now() + 62_000).toISOString(),
      softCloseSeconds: 10,
    })
    await placeBid(api, await login('bob@lotline.test'), lot.id, { amount: 1000 })
    await placeBid(api, await login('alice@lotline.test'), lot.id, {
      amount: 1100,
      maxAmount: 2000,
    })

    const alice = await member('alice@lotline.test')
    const bob = await member('bob@lotline.test')
    for (const { page } of [alice, bob]) await page.goto(`${server.url}lots/${lot.id}`)

    // The scheduler closes it; both rooms turn into the result without a reload.
    await expect
      .poll(() => headline(alice.page), { timeout: 60_000, interval: 500 })
      .toBe('Sold to you for €11.00')
    await expect.poll(() => headline(bob.page), { timeout: 5_000 }).toBe('Sold for €11.00')
    expect(await bob.page.getByLabel('Your bid').count()).toBe(0)
    await expect
      .poll(() => alice.page.getByTestId('next-steps').textContent())
      .toBe('Pickup in Ghent on weekdays.')
    expect(await bob.page.getByTestId('next-steps').count()).toBe(0)
    await expect.poll(() => alice.page.getByTestId('winning-bid').textContent()).toContain('€11.00')
    await expectAccessible(alice.page, 'closed lot, winner, phone')
    await expectAccessible(bob.page, 'closed lot, losing bidder, phone')

    // The winner's receipt, from the result panel; a button to print it, at least 44 px tall.
    await alice.page.getByRole('link', { name: 'View your receipt' }).click()
    const receipt = alice.page.getByTestId('receipt')
    await expect.poll(() => receipt.textContent()).toContain('E2E ending clock')
    expect(await receipt.textContent()).toMatch(/LL-\d{6}/)
    expect(await receipt.textContent()).toContain('€11.00')
    const print = alice.page.getByRole('button', { name: 'Print' })
    expect((await print.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await expectAccessible(alice.page, 'receipt, phone')

    // The losing bidder was told the lot ended.
    await bob.page.goto(`${server.url}notifications`)
    await expect
      .poll(() => bob.page.locator('main').textContent())
      .toContain('E2E ending clock has ended')
    expect(await bob.page.locator('main').textContent()).toContain(
      'Sold to another bidder for €11.00.',
    )
    await expectAccessible(bob.page, 'notifications with lot ended, phone')

    // My bids: Active by default; Lost lists the lot with its chip; Back restores the tab.
    await bob.page.goto(`${server.url}me/bids`)
    await expect
      .poll(() => bob.page.getByTestId('tab-active').getAttribute('aria-current'))
      .toBe('page')
    await bob.page.getByTestId('tab-lost').click()
    await expect.poll(() => bob.page.url()).toContain('tab=lost')
    const card = bob.page.locator('.lot-grid li', { hasText: 'E2E ending clock' })
    await expect.poll(() => card.getByTestId('status-chip').textContent()).toBe('Lost')
    await expectAccessible(bob.page, 'my bids, lost tab, phone')
    await bob.page.getByTestId('tab-won').click()
    await expect.poll(() => bob.page.url()).toContain('tab=won')
    await bob.page.goBack()
    await expect
      .poll(() => bob.page.getByTestId('tab-lost').getAttribute('aria-current'))
      .toBe('page')
    expect((await bob.page.getByTestId('tab-lost').boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    )

    await alice.page.goto(`${server.url}me/bids?tab=won`)
    const won = alice.page.locator('.lot-grid li', { hasText: 'E2E ending clock' })
    await expect.poll(() => won.getByTestId('status-chip').textContent()).toBe('Won')

    await alice.context.close()
    await bob.context.close()
  })

  it('winner picks an address, seller ships with tracking, buyer confirms, seller is paid — live', async ({
    expect,
  }) => {
    // Members of their own, so the other test's lot (beside this one) tells them nothing.
    const carol = await newMember('Carol')
    const alice = await newMember('Alice', 50_000)
    const bob = await newMember('Bob', 50_000)
    const lot = await createLot(api, carol.cookie, 'E2E order journey', {
      endsAt: new Date(Date.now() + 65_000).toISOString(),
      softCloseSeconds: 10,
      delivery: { shipping: { cost: 650 } },
    })
    await placeBid(api, bob.cookie, lot.id, { amount: 1000 })

    // Alice bids on her phone: the bar says what the bid costs her, premium and shipping included.
    alice.page = (await phone(alice)).page
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
    const carolPhone = await phone(carol)
    carol.page = carolPhone.page
    await carol.page.goto(`${server.url}lots/${lot.id}`)
    const carolWallet = await carolPhone.context.newPage()
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
    // Alice's reply is held on the wire: while it is on its way it reads "Sending…" at full
    // contrast (it was once drawn faded, which axe failed under a loaded CI).
    const held: Array<() => void> = []
    const messagesPost = /\/api\/orders\/[^/]+\/messages$/
    await alice.page.route(messagesPost, (route) =>
      route.request().method() === 'POST'
        ? void held.push(() => void route.continue().catch(() => undefined))
        : route.continue(),
    )
    await alice.page.getByLabel('Message to the seller').fill('Thank you, Carol!')
    await alice.page.getByRole('button', { name: 'Send' }).tap()
    await expect.poll(() => held.length).toBe(1)
    await thread(alice.page).getByText('Sending…').waitFor()
    await expectAccessible(alice.page, 'order, buyer, message sending, phone')
    held.forEach((release) => release())
    await alice.page.unroute(messagesPost)
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
    for (const page of [alice.page, carol.page]) await page.context().close()
  })
})
