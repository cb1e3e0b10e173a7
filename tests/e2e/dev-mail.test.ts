/**
 * Local mode's mail outbox and the admin's Mail tab (decision 0054) in a real Chromium: a member
 * who signs up on a server without SMTP finds the verification mail at /dev/mail, reads its
 * headers, text and sandboxed HTML, and verifies the address from its link; the admin sees the
 * same mail under "Kept (local mode)" in the Mail tab, and nothing given up. axe on both tabs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { buildClient, launchBrowser, startServer, type RunningServer } from './harness.ts'
import { expectAccessible } from './a11y.ts'
import { DESKTOP, PHONE, signedInPage } from './members.ts'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ distDir: buildClient('v1') })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('local mail in the browser', () => {
  it('a new member verifies from /dev/mail; the admin sees the kept mail in the Mail tab', async () => {
    const email = `devmail-${Date.now()}@example.test`
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.goto(`${server.url}sign-up`)
    await page.getByLabel('Name').fill('Dora Devmail')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('a long enough password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-up'))

    // The list: the newest mail first, to the new member, kept rather than sent.
    await page.goto(`${server.url}dev/mail`)
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('verify_email')
    await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('kept')

    // One mail: its headers, its text with the link, its HTML in a frame that runs nothing.
    await row.getByRole('link', { name: 'Confirm your e-mail address for Lotline' }).click()
    await page
      .getByRole('heading', { name: 'Confirm your e-mail address for Lotline', level: 1 })
      .waitFor()
    await expect(page.getByText(`Dora Devmail <${email}>`).count()).resolves.toBe(1)
    const frame = page.getByTitle("The mail's HTML part")
    await expect(frame.getAttribute('sandbox')).resolves.toBe('')
    const button = page.frameLocator('iframe').getByRole('link', { name: 'Confirm my address' })
    await expect(button.count()).resolves.toBe(1)
    const text = (await page.locator('pre').textContent()) ?? ''
    const link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0]
    expect(link).toBeTruthy()

    // The link verifies the address (APP_URL here is this server).
    const url = new URL(link!)
    await page.goto(`${server.url}${url.pathname.slice(1)}${url.search}`)
    await page.getByText('Your e-mail address is verified.').waitFor({ timeout: 15_000 })
    await context.close()

    const admin = await signedInPage(browser, server.url, 'admin@lotline.test', DESKTOP)
    const adminPage = admin.page
    await adminPage.goto(`${server.url}admin`)
    await adminPage
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Mail' })
      .click()
    // What needs an admin comes first: nothing was given up.
    await adminPage.getByRole('heading', { name: 'No mail here' }).waitFor({ timeout: 15_000 })
    await expectAccessible(adminPage, 'admin mail tab, nothing given up')
    await adminPage.getByLabel('Status').selectOption({ label: 'Kept (local mode)' })
    const kept = adminPage.getByRole('list', { name: 'Mail' }).getByRole('listitem')
    await kept.filter({ hasText: email }).first().waitFor({ timeout: 15_000 })
    await expect(
      kept.filter({ hasText: email }).filter({ hasText: 'Confirm your e-mail address' }).count(),
    ).resolves.toBe(1)
    // Kept mail is not something to send again.
    await expect(
      kept.filter({ hasText: email }).getByRole('button', { name: 'Retry' }).count(),
    ).resolves.toBe(0)
    await expectAccessible(adminPage, 'admin mail tab, kept mail')
    await admin.context.close()
  })
})
