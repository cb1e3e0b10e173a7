/**
 * The end of a lot (decision 0023) in real Chromium: the scheduler closes a lot; the winner sees
 * "Sold to you for", the seller's next steps and a printable receipt; a losing bidder sees "Sold
 * for" and a "lot ended" notification; My bids' tabs live in the address and Back restores them.
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
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A phone (390×844, touch) signed in as `email`. */
const member = (email: string) => signedInPage(browser, server.url, email, PHONE)

const headline = (page: Page) => page.getByTestId('result-headline').textContent()

describe('the end of a lot', () => {
  it('winner: sold to you, next steps, receipt; loser: sold for, lot ended; my bids tabs', async () => {
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
})
