/**
 * The admin area (decision 0027) in real Chromium: an admin on a desktop finds a member, adjusts
 * their wallet with a reason, suspends them (their phone is signed out), cancels a lot with a bid
 * (its hold released), and sees all of it in the audit; on a phone a member gets "not allowed"
 * and the admin's audit fits. axe-core on every screen state visited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  API_HEADERS,
  apiClient,
  DEMO_PASSWORD,
  buildClient,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { createLot, DESKTOP, PHONE, placeBid, signedInPage } from './members.ts'
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

/** A new context on `device`, signed in as `email`, and a page in it. */
const signedIn = (email: string, device: object) => signedInPage(browser, server.url, email, device)

/** The form whose heading is `name`. */
const formOf = (page: Page, name: string) =>
  page.locator('form', { has: page.getByRole('heading', { name, exact: true }) })

describe('the admin area', () => {
  it('search, adjust, suspend, cancel, audit on a desktop; not allowed and audit on a phone', async () => {
    // A lot with a bid (a hold) to cancel.
    const carol = await login('carol@lotline.test')
    const lot = await createLot(api, carol, 'E2E admin teapot')
    const bob = await login('bob@lotline.test')
    await placeBid(api, bob, lot.id, { amount: 1000 })

    // Alice is signed in on her phone.
    const alice = await signedIn('alice@lotline.test', PHONE)
    await alice.page.goto(`${server.url}wallet`)
    await expect.poll(() => alice.page.getByRole('heading', { level: 1 }).count()).toBe(1)

    const admin = await signedIn('admin@lotline.test', DESKTOP)
    const page = admin.page
    await page.goto(`${server.url}admin`)
    await page.getByRole('heading', { name: 'Members', level: 2 }).waitFor()
    await page.getByRole('link', { name: 'Admin' }).first().waitFor()
    await expectAccessible(page, 'admin members, desktop')

    await page.getByLabel('Name, e-mail or alias').fill('alice')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByText('alice@lotline.test').waitFor()
    await page.getByRole('button', { name: /^Manage Alice/ }).click()
    await expectAccessible(page, 'admin member managed, desktop')

    const adjust = formOf(page, 'Adjust wallet')
    await adjust.getByLabel(/^Amount/).fill('5')
    await adjust.getByText(/Balance now .* after /).waitFor()
    await adjust.getByRole('button', { name: 'Apply adjustment' }).click()
    await adjust.getByText(/Give a reason/).waitFor()
    await adjust.getByLabel('Reason').fill('Goodwill credit')
    await adjust.getByLabel(/^Amount/).fill('5')
    await adjust.getByRole('button', { name: 'Apply adjustment' }).click()
    await adjust.getByText(/Adjusted: balance .* → /).waitFor()

    const suspend = formOf(page, 'Suspend')
    await suspend.getByLabel('Reason').fill('Unpaid lots')
    await suspend.getByRole('button', { name: 'Suspend' }).click()
    await page.getByText('Suspended', { exact: false }).first().waitFor()
    await expectAccessible(page, 'admin member suspended, desktop')

    // Her phone is signed out: the next screen asks her to sign in, and sign-in says why not.
    await alice.page.reload()
    await alice.page.getByRole('link', { name: 'Sign in' }).first().waitFor()
    const again = await alice.context.request.post(`${server.url}api/auth/login`, {
      headers: API_HEADERS,
      data: { email: 'alice@lotline.test', password: DEMO_PASSWORD },
    })
    expect(again.status()).toBe(403)
    expect(((await again.json()) as { code: string }).code).toBe('account_suspended')

    await page.getByRole('link', { name: 'Lots', exact: true }).last().click()
    await page.getByRole('heading', { name: 'Lots', level: 2 }).waitFor()
    await page.getByLabel('Title or lot id').fill('admin teapot')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('link', { name: 'E2E admin teapot' }).waitFor()
    await page.getByRole('button', { name: 'Cancel lot' }).click()
    const cancel = formOf(page, 'Cancel “E2E admin teapot”')
    await cancel.getByLabel('Reason').fill('Counterfeit item')
    await cancel.getByRole('button', { name: 'Cancel lot' }).click()
    await page.getByText('Cancelled; holds released.').waitFor()
    await expectAccessible(page, 'admin lot cancelled, desktop')
    const wallet = (await (await api('wallet', bob)).json()) as { held: number }
    expect(wallet.held).toBe(0)

    await page.getByRole('link', { name: 'Audit', exact: true }).click()
    const entries = page.locator('.admin-list > li')
    await entries.first().waitFor()
    await expect.poll(() => entries.first().textContent()).toContain('Lot cancelled')
    const audit = (await entries.allTextContents()).join('\n')
    // Each row reads as a sentence (issue 32), its reason after a dash.
    expect(audit).toMatch(
      /Lot cancelled.*cancelled “E2E admin teapot”, releasing 1 hold .* — Counterfeit item/,
    )
    expect(audit).toMatch(/Member suspended.*suspended Alice.* — Unpaid lots/)
    expect(audit).toMatch(/Wallet adjusted.*credited Alice €5\.00, balance .* — Goodwill credit/)
    expect(audit).not.toMatch(/balanceAfter|holdsReleased/)
    await expectAccessible(page, 'admin audit, desktop')

    // A phone: a member gets "not allowed"; the admin's audit fits the screen.
    const member = await signedIn('bob@lotline.test', PHONE)
    await member.page.goto(`${server.url}admin`)
    await member.page.getByRole('heading', { name: 'Not allowed' }).waitFor()
    await expectAccessible(member.page, 'admin not allowed, phone')
    const phoneAdmin = await signedIn('admin@lotline.test', PHONE)
    await phoneAdmin.page.goto(`${server.url}admin?tab=audit`)
    await phoneAdmin.page.getByText('Lot cancelled', { exact: false }).first().waitFor()
    const overflow = await phoneAdmin.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    for (const tab of await phoneAdmin.page.locator('.admin-tab').all()) {
      const box = await tab.boundingBox()
      expect(box!.height).toBeGreaterThanOrEqual(44)
    }
    // The seven sections are one row that scrolls sideways, not two rows with the underline
    // between them; the current one (Audit, the last) is scrolled into that row's view.
    const row = await phoneAdmin.page.evaluate(() => {
      const nav = document.querySelector('.admin-tabs')!
      const box = nav.getBoundingClientRect()
      const tabs = [...nav.querySelectorAll('.admin-tab')].map((tab) => tab.getBoundingClientRect())
      const current = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect()
      return {
        rows: new Set(tabs.map((tab) => Math.round(tab.top))).size,
        scrolls: nav.scrollWidth > nav.clientWidth,
        currentInView: current.left >= box.left - 1 && current.right <= box.right + 1,
      }
    })
    expect(row).toEqual({ rows: 1, scrolls: true, currentInView: true })
    await expectAccessible(phoneAdmin.page, 'admin audit, phone')
    for (const c of [alice, admin, member, phoneAdmin]) await c.context.close()
  }, 85_000)
})
