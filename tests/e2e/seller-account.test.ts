/**
 * The seller's own lot and the member's own account (decision 0025) in real Chromium, on a phone
 * (390×844, touch) and a desktop (1280×800): the seller panel replaces the bid bar, the text can
 * be edited until the first bid, bidders see the seller's display name; Account edits the name and
 * alias, a password change signs another device out, and deleting is refused with its reason and
 * then allowed.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import {
  apiClient,
  buildClient,
  DEMO_PASSWORD,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, DESKTOP, PHONE, placeBid, registerMember, signedInPage } from './members.ts'
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

const PASSWORD = 'seller account secret'

/** A new member through the API; returns the address and a session cookie. */
const register = (name: string) => registerMember(api, name, PASSWORD)

/** A new context on `device`, signed in with `email` and `password`, and a page in it. */
const signedIn = (email: string, password: string, device: object) =>
  signedInPage(browser, server.url, email, device, password)

/** A lot of the member whose session `cookie` is, with a first line of description. */
const newLot = async (cookie: string, title: string) =>
  (await createLot(api, cookie, title, { description: 'First words.' })).id

describe('my own lot', () => {
  it('phone: seller panel, no bid bar; edit before the first bid, gone after; bidders see the name', async () => {
    const seller = await register('Rosa Vintage')
    const lotId = await newLot(seller.cookie, 'E2E seller lamp')

    const phone = await signedIn(seller.email, PASSWORD, PHONE)
    const page = phone.page
    await page.goto(`${server.url}lots/${lotId}`)
    const panel = page.getByTestId('seller-panel')
    await panel.waitFor()
    expect(await page.getByTestId('bid-bar').count()).toBe(0)
    expect(await panel.getByTestId('seller-reserve').textContent()).toBe('No reserve')
    await expectAccessible(page, 'seller panel, phone')

    const edit = panel.getByRole('button', { name: 'Edit lot' })
    expect((await edit.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await edit.tap()
    await panel.getByLabel('Title').fill('E2E seller lamp, brass')
    await expectAccessible(page, 'seller editing, phone')
    await panel.getByRole('button', { name: 'Save changes' }).tap()
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('E2E seller lamp, brass')

    // Another member bids: the edit goes away live, with the reason.
    const alice = await login('alice@lotline.test')
    await placeBid(api, alice, lotId, { amount: 1000 })
    await page.getByTestId('seller-edit-locked').waitFor({ timeout: 10_000 })
    expect(await panel.getByRole('button', { name: 'Edit lot' }).count()).toBe(0)
    await expectAccessible(page, 'seller panel after a bid, phone')

    // A bidder on a desktop sees the seller's display name, not an alias.
    const bidder = await signedIn('alice@lotline.test', DEMO_PASSWORD, DESKTOP)
    await bidder.page.goto(`${server.url}lots/${lotId}`)
    await expect
      .poll(() => bidder.page.locator('.lot-head').textContent())
      .toContain('Seller: Rosa Vintage')
    expect(await bidder.page.getByTestId('seller-panel').count()).toBe(0)
    await expectAccessible(bidder.page, 'lot room as a bidder, desktop')
    await Promise.all([phone.context.close(), bidder.context.close()])
  })
})

describe('my account', () => {
  it('desktop: name and alias; password change signs the phone out; delete refused, then done', async () => {
    const m = await register('Tom Tester')
    const lotId = await newLot(m.cookie, 'E2E account vase')
    const desk = await signedIn(m.email, PASSWORD, DESKTOP)
    const phone = await signedIn(m.email, PASSWORD, PHONE)
    const page = desk.page
    await page.goto(`${server.url}account`)
    await page.getByLabel('Display name').waitFor()
    await expectAccessible(page, 'account, desktop')

    const alias = `Tom ${randomUUID().slice(0, 6)}`
    await page.getByLabel('Display name').fill('Tom the Tester')
    await page.getByLabel('Bidder alias').fill(alias)
    await page.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText('Your profile was saved.').waitFor()
    const me = await page.evaluate(async (base) => {
      const res = await fetch(`${base}api/me`)
      return ((await res.json()) as { user: { name: string; alias: string } }).user
    }, server.url)
    expect(me).toMatchObject({ name: 'Tom the Tester', alias })

    // Wrong current password: said next to the field; the right one signs the phone out. (The
    // e-mail change asks for the current password too: this is the Password section's.)
    const passwords = page.getByRole('region', { name: 'Password', exact: true })
    await passwords.getByLabel('Current password').fill('not my password')
    await passwords.getByLabel('New password').fill('a brand new secret')
    await passwords.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('That is not your current password.').first().waitFor()
    await expectAccessible(page, 'account, wrong password, desktop')
    await passwords.getByLabel('Current password').fill(PASSWORD)
    await passwords.getByRole('button', { name: 'Change password' }).click()
    await page.getByText('Your other devices were signed out.').first().waitFor()
    await phone.page.goto(`${server.url}account`)
    await expect.poll(() => phone.page.url(), { timeout: 10_000 }).toContain('sign-in')
    await page.reload()
    await page.getByLabel('Display name').waitFor()

    // Delete: a confirm step, refused while the lot runs (said why), then allowed.
    await page.getByRole('button', { name: 'Delete my account…' }).click()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('password')
    await page.keyboard.type('a brand new secret')
    await page.keyboard.press('Enter')
    const refused = page.getByTestId('delete-refused')
    await refused.waitFor()
    expect(await refused.textContent()).toContain('lots that are scheduled, open')
    await expectAccessible(page, 'account, delete refused, desktop')

    const cancel = await page.evaluate(
      async ({ base, id }) => {
        const res = await fetch(`${base}api/lots/${id}/cancel`, {
          method: 'POST',
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
        return res.status
      },
      { base: server.url, id: lotId },
    )
    expect(cancel).toBe(200)
    await page.getByRole('button', { name: 'Delete account', exact: true }).click()
    await expect.poll(() => page.url(), { timeout: 10_000 }).not.toContain('/account')
    const after = await page.evaluate(
      async (base) => (await fetch(`${base}api/me`)).status,
      server.url,
    )
    expect(after).toBe(401)
    await expectAccessible(page, 'after deleting the account, desktop')
    await Promise.all([desk.context.close(), phone.context.close()])
  })
})
