/**
 * E-mail in a real Chromium (decision 0054), received over real SMTP by the stand-in in
 * tests/mail/smtp-stand-in.ts: a forgotten password reset from the sign-in screen, an address
 * verified from its mail, an e-mail change confirmed from the new address, and a one-click
 * unsubscribe that works without signing in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { linkIn, smtpSettings, startSmtpStandIn, type SmtpStandIn } from '../mail/smtp-stand-in.ts'
import {
  API_HEADERS,
  buildClient,
  DEMO_PASSWORD,
  launchBrowser,
  startServer,
  type RunningServer,
} from './harness.ts'
import { signIn } from './members.ts'

let smtp: SmtpStandIn
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  server = await startServer({ distDir: buildClient('v1'), env: smtpSettings(smtp) })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

/** A link of a mail, opened on this server (the mail's links name APP_URL: here localhost). */
const onServer = (link: URL) => `${server.url}${link.pathname.slice(1)}${link.search}`
const mailTo = (address: string, subject: RegExp) =>
  smtp.waitFor((m) => m.envelopeTo.includes(address) && subject.test(m.subject), 30_000)
const fresh = () => `mail-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`

describe('e-mail in the browser', () => {
  it('a member who forgot the password resets it from the mail; the old sessions are gone', async () => {
    const email = fresh()
    const password = 'the first long password'
    const signUp = await browser.newContext({ serviceWorkers: 'block' })
    const page = await signUp.newPage()
    await page.goto(`${server.url}sign-up`)
    await page.getByLabel('Name').fill('Rosa Reset')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-up'))

    // Sign-up sent a verification link; opening it verifies the address.
    const verification = await mailTo(email, /^Confirm your e-mail address for Lotline$/)
    expect(verification.html).toContain('verify-email?token=')
    await page.goto(onServer(linkIn(verification, '/verify-email')))
    await page.getByText('Your e-mail address is verified.').waitFor({ timeout: 15_000 })

    // Another device forgets the password.
    const other = await browser.newContext({ serviceWorkers: 'block' })
    const forgot = await other.newPage()
    await forgot.goto(`${server.url}sign-in`)
    await forgot.getByRole('link', { name: 'Forgot password?' }).click()
    await forgot.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await forgot.getByLabel(/e-?mail/i).fill(email)
    await forgot.getByRole('button', { name: 'Send the link' }).click()
    await forgot
      .getByText('If an account uses that address, we sent it a link. It works for 30 minutes.')
      .waitFor()

    const reset = await mailTo(email, /^Reset your Lotline password$/)
    expect(reset.text).toMatch(/30 minutes/)
    expect(reset.html.length).toBeGreaterThan(0)
    await forgot.goto(onServer(linkIn(reset, '/reset-password')))
    await forgot.getByLabel('New password', { exact: true }).fill('a brand new long password')
    await forgot.getByRole('button', { name: 'Set the password and sign in' }).click()
    // Signed in on this device: the Account link is there.
    await forgot.getByRole('link', { name: 'Account' }).first().waitFor({ timeout: 15_000 })

    // The first device's session ended with the reset.
    const me = await signUp.request.get(`${server.url}api/me`, { headers: API_HEADERS })
    expect(me.status()).toBe(401)
    // The old password no longer works; the new one does.
    const old = await other.request.post(`${server.url}api/auth/login`, {
      headers: API_HEADERS,
      data: { email, password },
    })
    expect(old.status()).toBe(401)
    const fresher = await browser.newContext()
    await signIn(fresher.request, server.url, email, 'a brand new long password')
    // The link was single use.
    const again = await other.request.post(`${server.url}api/auth/password-reset/confirm`, {
      headers: API_HEADERS,
      data: {
        token: linkIn(reset, '/reset-password').searchParams.get('token'),
        newPassword: 'x'.repeat(12),
      },
    })
    expect(again.status()).toBe(400)
    expect((await again.json()).code).toBe('token_invalid')
    await Promise.all([signUp.close(), other.close(), fresher.close()])
  })

  it('an e-mail change takes effect only from the new address’s link; the old one is told', async () => {
    const email = fresh()
    const newEmail = fresh()
    const password = 'a long enough password'
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const res = await context.request.post(`${server.url}api/auth/register`, {
      headers: API_HEADERS,
      data: { name: 'Carl Change', email, password },
    })
    expect(res.status()).toBe(201)
    const page = await context.newPage()
    await page.goto(`${server.url}account`)
    const section = page.getByRole('region', { name: 'E-mail address', exact: true })
    await section.getByLabel('New e-mail address').fill(newEmail)
    await section.getByLabel('Current password').fill(password)
    await section.getByRole('button', { name: 'Change e-mail' }).click()
    await page
      .getByText(`We sent a link to ${newEmail}; nothing changes until you open it.`)
      .waitFor()

    const notice = await mailTo(email, /about to change/)
    const confirm = await mailTo(newEmail, /^Confirm your new e-mail address for Lotline$/)
    expect(notice.text).toContain(newEmail)
    // Nothing changed yet.
    const before = await context.request.get(`${server.url}api/me`, { headers: API_HEADERS })
    expect((await before.json()).user.email).toBe(email)

    await page.goto(onServer(linkIn(confirm, '/confirm-email')))
    await page.getByText('Your account now uses this address.').waitFor({ timeout: 15_000 })
    const after = await context.request.get(`${server.url}api/me`, { headers: API_HEADERS })
    expect((await after.json()).user.email).toBe(newEmail)
    await context.close()
  })

  it('one click in a shipped-order mail stops that kind of mail, without signing in', async () => {
    // Local mode's demo: Alice sold Bob a typewriter that waits to be shipped. She ships it.
    const alice = await browser.newContext()
    await signIn(alice.request, server.url, 'alice@lotline.test', DEMO_PASSWORD)
    const sales = await alice.request.get(`${server.url}api/orders?role=seller`, {
      headers: API_HEADERS,
    })
    const order = (
      (await sales.json()) as { items: Array<{ id: string; state: string }> }
    ).items.find((o) => o.state === 'awaiting_shipment')!
    const shipped = await alice.request.post(`${server.url}api/orders/${order.id}/shipment`, {
      headers: { ...API_HEADERS, 'idempotency-key': `ship-${order.id}` },
      data: { carrier: 'Correos', trackingNumber: 'PK123456789ES' },
    })
    expect(shipped.status()).toBe(200)

    const mail = await mailTo('bob@lotline.test', /.*/)
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line ?? ''
    expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/)
    const link = /<([^>]+)>/.exec(header('list-unsubscribe'))![1]!
    const unsubscribe = onServer(new URL(link))

    // A visit alone (a mail scanner, a preview) changes nothing; the button does.
    const guest = await browser.newContext({ serviceWorkers: 'block' })
    const page = await guest.newPage()
    await page.goto(unsubscribe)
    const bob = await browser.newContext()
    await signIn(bob.request, server.url, 'bob@lotline.test', DEMO_PASSWORD)
    const choices = async () =>
      (
        (await (
          await bob.request.get(`${server.url}api/me/alerts`, { headers: API_HEADERS })
        ).json()) as {
          email: { orders: boolean }
        }
      ).email.orders
    expect(await choices()).toBe(true)
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect.poll(choices).toBe(false)
    await Promise.all([alice.close(), guest.close(), bob.close()])
  })
})
