import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browser,
  createTestApp,
  mailedToken,
  mailsTo,
  raceNote,
  testConfig,
  uniqueEmail,
  verifyByMail,
  type TestApp,
} from '../helpers.ts'
import { startFakeStripe, stripeSettings, type FakeStripe } from '../../stripe/fake-stripe-api.ts'

/**
 * Verified addresses and the e-mail change (docs/product.md, "Accounts"): sign-up mails a link;
 * until it is opened, card top-ups and payouts are refused; a new address counts once the link
 * mailed to it is opened.
 */
let stripe: FakeStripe
let t: TestApp

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await createTestApp({
    config: testConfig({
      APP_URL: 'https://lotline.example',
      ...stripeSettings(stripe),
      PUSHER_PORT: '1',
    }),
  })
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

const PASSWORD = 'correct horse battery'
type Browser = ReturnType<typeof browser>

async function registered(
  headers: Record<string, string> = {},
  lang?: string,
  email = uniqueEmail('verify'),
) {
  const b = browser(t.app)
  const res = await b.request({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { name: 'Vera "V" <Valdés>', email, password: PASSWORD, ...(lang ? { lang } : {}) },
  })
  return { b, res, email, id: res.json().user?.id as string }
}

const me = async (b: Browser) => (await b.request({ method: 'GET', url: '/api/me' })).json().user

describe('verification at sign-up', () => {
  it('the new member is unverified and gets a link in their language; opening it verifies', async () => {
    const { b, res, email, id } = await registered({ 'accept-language': 'es-AR,en;q=0.5' })
    expect(res.statusCode).toBe(201)
    expect(res.json().user.emailVerified).toBe(false)
    const [mail] = await mailsTo(t.db, email, 'verify_email')
    expect(mail).toMatchObject({ userId: id, lang: 'es', toName: 'Vera "V" <Valdés>' })
    expect(mail!.html).toContain('Vera &quot;V&quot; &lt;Valdés&gt;')
    expect(mail!.text).toMatch(/https:\/\/lotline\.example\/verify-email\?token=[\w-]{43}/)
    expect(mail!.html).toContain('<html lang="es">')
    const session = (await b.request({ method: 'GET', url: '/api/session' })).json()
    expect(session.user.emailVerified).toBe(false)
    // Opened signed out, in another browser: it still verifies.
    await verifyByMail(t.app, t.db, email)
    expect((await me(b)).emailVerified).toBe(true)
  })

  it('a name with a line break or an over-long one is refused (422): no account, no mail', async () => {
    for (const name of ['Vera\r\nBcc: x@evil.test', 'V'.repeat(81)]) {
      const email = uniqueEmail('refused')
      const res = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name, email, password: PASSWORD },
      })
      expect(res.statusCode).toBe(422)
      expect(await mailsTo(t.db, email)).toHaveLength(0)
    }
  })

  it('odd but valid addresses sign up and get their link', async () => {
    for (const email of [`plus+tag.${uniqueEmail('odd')}`, `ñandú.${uniqueEmail('odd')}`]) {
      const { res } = await registered({}, undefined, email)
      expect(res.statusCode).toBe(201)
      expect(await mailsTo(t.db, email, 'verify_email')).toHaveLength(1)
    }
  })

  it('the language the app sends wins over Accept-Language', async () => {
    const { email } = await registered({ 'accept-language': 'es' }, 'en')
    expect((await mailsTo(t.db, email, 'verify_email'))[0]!.lang).toBe('en')
  })

  it('a used or malformed verification link is 400 token_invalid', async () => {
    const { email } = await registered()
    const token = await mailedToken(t.db, email, 'verify_email', 'verify-email')
    const open = (value: unknown) =>
      browser(t.app).request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: value },
      })
    expect((await open(token)).statusCode).toBe(204)
    for (const bad of [token, 'x'.repeat(43), 'short', `${token.slice(0, 42)}!`]) {
      const res = await open(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('token_invalid')
    }
    // A working reset link is no verification link.
    await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email },
    })
    const reset = await mailedToken(t.db, email, 'password_reset', 'reset-password')
    expect((await open(reset)).json().code).toBe('token_invalid')
    // Not a string at all: the schema's 422, never a 5xx.
    expect((await open(42)).statusCode).toBe(422)
  })

  it('resends a link (the earlier one stops working), at most 3 mails an hour', async () => {
    const { b, email } = await registered()
    const first = await mailedToken(t.db, email, 'verify_email', 'verify-email')
    const resend = () => b.request({ method: 'POST', url: '/api/me/verification' })
    const again = await resend()
    expect(again.statusCode).toBe(202)
    expect(again.json()).toEqual({ sent: true })
    expect((await resend()).statusCode).toBe(202)
    const limited = await resend()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('rate_limited')
    expect(await mailsTo(t.db, email, 'verify_email')).toHaveLength(3)
    const stale = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: first },
    })
    expect(stale.json().code).toBe('token_invalid')
    await verifyByMail(t.app, t.db, email)
    expect((await resend()).json()).toEqual({ sent: false })
    expect(
      (await browser(t.app).request({ method: 'POST', url: '/api/me/verification' })).statusCode,
    ).toBe(401)
  })
})

describe('the gate: card top-ups and payouts wait for a verified address', () => {
  it('refuses an unverified member with 403 email_not_verified; verified, the same calls go through', async () => {
    const { b, email } = await registered()
    const topUp = () =>
      b.request({
        method: 'POST',
        url: '/api/wallet/top-ups',
        headers: { 'idempotency-key': `k-${Math.random()}` },
        payload: { amount: 1_000 },
      })
    const gated = [
      await topUp(),
      await b.request({ method: 'POST', url: '/api/wallet/payout-account' }),
      await b.request({
        method: 'POST',
        url: '/api/wallet/payouts',
        headers: { 'idempotency-key': `k-${Math.random()}` },
        payload: { amount: 1_000 },
      }),
    ]
    for (const res of gated) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('email_not_verified')
    }
    // A withdrawal back to the cards is not gated: that money goes back where it came from.
    const withdrawal = await b.request({
      method: 'POST',
      url: '/api/wallet/withdrawals',
      headers: { 'idempotency-key': `k-${Math.random()}` },
      payload: { amount: 1_000 },
    })
    expect(withdrawal.statusCode).toBeLessThan(500)
    expect(withdrawal.json().code).not.toBe('email_not_verified')
    // Browsing the wallet is fine.
    expect((await b.request({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(200)
    await verifyByMail(t.app, t.db, email)
    expect((await topUp()).statusCode).toBe(201)
  })
})

describe('changing the e-mail address', () => {
  const ask = (b: Browser, newEmail: string, password = PASSWORD) =>
    b.request({ method: 'POST', url: '/api/me/email', payload: { newEmail, password } })
  const confirmChange = (token: string) =>
    browser(t.app).request({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      payload: { token },
    })

  it('mails the new address a link and the old one a notice; nothing changes until the link is opened', async () => {
    const { b, email, id } = await registered()
    const newEmail = uniqueEmail('moved')
    const res = await ask(b, `  ${newEmail.toUpperCase()}`)
    expect(res.statusCode).toBe(202)
    expect((await me(b)).email).toBe(email)
    const [notice] = await mailsTo(t.db, email, 'change_email_notice')
    expect(notice!.text).toContain(newEmail)
    expect(notice!.text).not.toMatch(/token=/)
    const token = await mailedToken(t.db, newEmail, 'change_email', 'confirm-email')
    const done = await confirmChange(token)
    expect(done.statusCode).toBe(200)
    expect(done.json().user).toMatchObject({ id, email: newEmail, emailVerified: true })
    // Sessions stay; the old address no longer signs in, the new one does.
    expect((await me(b)).email).toBe(newEmail)
    const signIn = (address: string) =>
      browser(t.app).request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: address, password: PASSWORD },
      })
    expect((await signIn(email)).statusCode).toBe(401)
    expect((await signIn(newEmail)).statusCode).toBe(200)
    expect((await confirmChange(token)).json().code).toBe('token_invalid')
  })

  it('refuses a wrong password (403), an address in use (409) and a bad address (4xx); nothing sent', async () => {
    const { b, email } = await registered()
    const other = await registered()
    const wrong = await ask(b, uniqueEmail('x'), 'not the password')
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().code).toBe('wrong_password')
    const taken = await ask(b, other.email.toUpperCase())
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('email_taken')
    for (const bad of ['no-at-sign', 'a@b.test\r\nBcc: x@y.test', `${'x'.repeat(250)}@b.test`]) {
      const res = await ask(b, bad)
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    expect(await mailsTo(t.db, email, 'change_email_notice')).toHaveLength(0)
  })

  it(`the address taken by a sign-up before the link is opened: 409 email_taken${raceNote}`, async () => {
    const { b, email } = await registered()
    const newEmail = uniqueEmail('contested')
    expect((await ask(b, newEmail)).statusCode).toBe(202)
    const token = await mailedToken(t.db, newEmail, 'change_email', 'confirm-email')
    const [change, signUp] = await Promise.all([
      confirmChange(token),
      browser(t.app).request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Squatter', email: newEmail, password: PASSWORD },
      }),
    ])
    expect([200, 409]).toContain(change.statusCode)
    expect([201, 409]).toContain(signUp.statusCode)
    // Exactly one of them owns the address.
    expect([change.statusCode, signUp.statusCode].filter((s) => s === 409)).toHaveLength(1)
    const { rows } = await t.db.query('select 1 from users where lower(email) = lower($1)', [
      newEmail,
    ])
    expect(rows).toHaveLength(1)
    if (change.statusCode === 409) expect((await me(b)).email).toBe(email)
  })

  it('a password change cancels a pending address change', async () => {
    const { b } = await registered()
    const newEmail = uniqueEmail('cancelled')
    await ask(b, newEmail)
    const token = await mailedToken(t.db, newEmail, 'change_email', 'confirm-email')
    await b.request({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: PASSWORD, newPassword: 'another long password' },
    })
    expect((await confirmChange(token)).json().code).toBe('token_invalid')
  })

  it('the profile never changes the address, and PATCH /api/me sets the mail language', async () => {
    const { b, email, id } = await registered()
    const sneaky = await b.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { email: 'x@y.test' },
    })
    expect(sneaky.statusCode).toBe(422)
    const lang = await b.request({ method: 'PATCH', url: '/api/me', payload: { lang: 'es' } })
    expect(lang.statusCode).toBe(200)
    expect(lang.json().user.email).toBe(email)
    const { rows } = await t.db.query<{ lang: string }>('select lang from users where id = $1', [
      id,
    ])
    expect(rows[0]!.lang).toBe('es')
    const bad = await b.request({ method: 'PATCH', url: '/api/me', payload: { lang: 'fr' } })
    expect(bad.statusCode).toBe(422)
  })
})
