import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn as storeSignIn, verifySignIn } from '../../../server/commands/auth/sign-in.ts'
import { hashSessionToken, newSessionToken } from '../../../server/lib/tokens.ts'
import { RecordingBroadcaster } from '../auction-helpers.ts'
import {
  browser,
  createTestApp,
  mailedToken,
  mailsTo,
  raceNote,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../helpers.ts'

/**
 * "Forgot password?" (docs/product.md, "Accounts"; docs/security.md, "Password reset"): the same
 * answer for every address, a single-use link by mail, every session ended by the new password.
 */
const config = testConfig({
  APP_URL: 'https://lotline.example',
  PASSWORD_RESET_LIMIT_PER_ACCOUNT: '1000/1h',
  PASSWORD_RESET_LIMIT_PER_ADDRESS: '1000/1h',
  SIGNIN_LIMIT_PER_ACCOUNT: '1000/1m',
  SIGNIN_LIMIT_PER_ADDRESS: '1000/1m',
})

class TerminationsBroadcaster extends RecordingBroadcaster {
  readonly terminated: string[] = []
  override async terminateUserConnections(userId: string) {
    this.terminated.push(userId)
  }
}
const broadcaster = new TerminationsBroadcaster(config.pusher)
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterAll(() => t.close())

const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new passphrase'
type Browser = ReturnType<typeof browser>

async function registered(name = 'Rita Reset', lang?: 'en' | 'es') {
  const email = uniqueEmail('reset')
  const owner = browser(t.app)
  const res = await owner.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: PASSWORD, ...(lang ? { lang } : {}) },
  })
  expect(res.statusCode).toBe(201)
  return { id: res.json().user.id as string, email, owner }
}

const askReset = (email: string, b: Browser = browser(t.app)) =>
  b.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } })

const confirm = (token: string, b: Browser = browser(t.app), newPassword = NEW_PASSWORD) =>
  b.request({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, newPassword },
  })

const signInWith = (email: string, password: string) =>
  browser(t.app).request({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

const me = (b: Browser) => b.request({ method: 'GET', url: '/api/me' })

const resetToken = (email: string) => mailedToken(t.db, email, 'password_reset', 'reset-password')

async function allMailCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from mail_outbox')
  return rows[0]!.n
}

describe('asking for a reset', () => {
  it('answers 202 with the same body, in about the same time, for known, unknown and suspended addresses', async () => {
    const known = await registered()
    const suspended = await registered()
    await t.db.query('update users set suspended_at = now() where id = $1', [suspended.id])
    const cases = [known.email, uniqueEmail('nobody'), suspended.email]
    const answers = []
    for (const email of cases) {
      const started = performance.now()
      const res = await askReset(email)
      answers.push({ status: res.statusCode, body: res.body, ms: performance.now() - started })
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202)
      expect(answer.body).toBe(answers[0]!.body)
      // Padded to the same floor: none is quick enough to tell "no such account".
      expect(answer.ms).toBeGreaterThanOrEqual(290)
    }
    const times = answers.map((a) => a.ms)
    // Generous for a loaded machine: the floor above is what hides the member's extra writes.
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1_000)
    expect(await mailsTo(t.db, known.email, 'password_reset')).toHaveLength(1)
    expect(await mailsTo(t.db, suspended.email, 'password_reset')).toHaveLength(0)
    expect(await mailsTo(t.db, cases[1]!)).toHaveLength(0)
  })

  it('mails a link from APP_URL with a 43-character token, in plain text and HTML, in the member language', async () => {
    const { id, email } = await registered('Rosa <b>Reyes</b>', 'es')
    // Another spelling of the address finds the account.
    expect((await askReset(`  ${email.toUpperCase()} `)).statusCode).toBe(202)
    const [mail] = await mailsTo(t.db, email, 'password_reset')
    expect(mail).toMatchObject({ userId: id, to: email, toName: 'Rosa <b>Reyes</b>', lang: 'es' })
    expect(mail!.status).toBe('kept')
    expect(mail!.subject).toBe('Restablece tu contraseña de Lotline')
    expect(mail!.text).toMatch(
      /^Elegir una contraseña nueva: https:\/\/lotline\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/m,
    )
    expect(mail!.text).toContain('Rosa <b>Reyes</b>')
    expect(mail!.html).toContain('Rosa &lt;b&gt;Reyes&lt;/b&gt;')
    expect(mail!.html).not.toContain('<b>Reyes')
    expect(mail!.html).toContain('href="https://lotline.example/reset-password?token=')
    // Only a hash of the token is stored.
    const token = await resetToken(email)
    const { rows } = await t.db.query<{ token_hash: string }>(
      'select token_hash from auth_tokens where user_id = $1 and purpose = $2',
      [id, 'password_reset'],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).not.toContain(token)
  })

  it('never takes its links from the request Host', async () => {
    const { email } = await registered()
    await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { email },
    })
    const [mail] = await mailsTo(t.db, email, 'password_reset')
    expect(mail!.text).not.toContain('evil.example')
    expect(mail!.html).not.toContain('evil.example')
  })

  it('odd input: a clear 4xx or the same 202, never a 5xx, nothing sent', async () => {
    const before = await allMailCount()
    const bodies = [
      { email: 'a\r\nBcc: victim@example.test' },
      { email: '"quoted local"@example.test' },
      { email: 'x'.repeat(255) },
      { email: '' },
      { email: 42 },
      {},
      { email: 'a@b.test', extra: 1 },
    ]
    for (const payload of bodies) {
      const res = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload,
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(200)
      expect(res.statusCode).toBeLessThan(500)
      expect([202, 400, 422]).toContain(res.statusCode)
    }
    expect(await allMailCount()).toBe(before)
  })
})

describe('confirming a reset', () => {
  it('sets the password, ends every session, signs this browser in and verifies the address', async () => {
    const { id, email, owner } = await registered()
    const otherDevice = browser(t.app)
    expect(
      (
        await otherDevice.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200)
    await askReset(email)
    const token = await resetToken(email)
    const here = browser(t.app)
    const res = await confirm(token, here)
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ id, email, emailVerified: true })
    expect((await me(here)).statusCode).toBe(200)
    expect((await me(owner)).statusCode).toBe(401)
    expect((await me(otherDevice)).statusCode).toBe(401)
    expect(broadcaster.terminated).toContain(id)
    expect((await signInWith(email, PASSWORD)).statusCode).toBe(401)
    expect((await signInWith(email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses a sign-in that checked the old password before the reset committed', async () => {
    const { email } = await registered()
    await askReset(email)
    const token = await resetToken(email)
    const verified = await verifySignIn(t.db, { email, password: PASSWORD, passwordHashCost: 10 })
    expect((await confirm(token)).statusCode).toBe(200)
    const session = {
      tokenHash: hashSessionToken(newSessionToken(), config.sessionSecret),
      replaces: undefined,
    }
    await expect(storeSignIn(t.db, { verified, session })).rejects.toMatchObject({
      code: 'invalid_credentials',
    })
  })

  it('a used, expired, unknown or malformed token is 400 token_invalid and changes nothing', async () => {
    const { email } = await registered()
    await askReset(email)
    const token = await resetToken(email)
    expect((await confirm(token)).statusCode).toBe(200)
    const used = await confirm(token, browser(t.app), 'yet another passphrase')
    expect(used.statusCode).toBe(400)
    expect(used.json().code).toBe('token_invalid')

    await askReset(email)
    const expiring = await resetToken(email)
    await t.db.query(
      `update auth_tokens set expires_at = now() - interval '1 second'
        where purpose = 'password_reset' and used_at is null`,
    )
    const malformed = [
      'A'.repeat(43),
      'A'.repeat(42),
      'A'.repeat(44),
      `${'A'.repeat(42)}=`,
      `${'A'.repeat(42)}/`,
      `${'A'.repeat(41)}\r\n`,
      expiring,
    ]
    for (const bad of malformed) {
      const b = browser(t.app)
      const res = await confirm(bad, b, 'yet another passphrase')
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('token_invalid')
      expect(res.cookies.find((c) => c.name === 'lotline_session')?.value).toBeFalsy()
    }
    expect((await signInWith(email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await signInWith(email, 'yet another passphrase')).statusCode).toBe(401)
  })

  it('a link mailed before a suspension no longer works', async () => {
    const { id, email } = await registered()
    await askReset(email)
    const token = await resetToken(email)
    await t.db.query('update users set suspended_at = now() where id = $1', [id])
    const res = await confirm(token)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('token_invalid')
    await t.db.query('update users set suspended_at = null where id = $1', [id])
    expect((await signInWith(email, PASSWORD)).statusCode).toBe(200)
  })

  it('a password that breaks the sign-up rules is refused and the link still works', async () => {
    const { email } = await registered()
    await askReset(email)
    const token = await resetToken(email)
    const short = await confirm(token, browser(t.app), 'short')
    expect(short.statusCode).toBeGreaterThanOrEqual(400)
    expect(short.statusCode).toBeLessThan(500)
    expect((await confirm(token)).statusCode).toBe(200)
  })

  it('two requests: only the newest link works', async () => {
    const { email } = await registered()
    await Promise.all([askReset(email), askReset(email)])
    await askReset(email)
    const mails = await mailsTo(t.db, email, 'password_reset')
    expect(mails).toHaveLength(3)
    const tokens = mails.map((m) => /token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]!)
    expect(new Set(tokens).size).toBe(3)
    for (const old of tokens.slice(0, 2))
      expect((await confirm(old)).json().code).toBe('token_invalid')
    expect((await confirm(tokens[2]!)).statusCode).toBe(200)
  })

  it(`the same link confirmed twice at once succeeds once${raceNote}`, async () => {
    const { email } = await registered()
    await askReset(email)
    const token = await resetToken(email)
    const answers = await Promise.all([
      confirm(token, browser(t.app), 'first racing passphrase'),
      confirm(token, browser(t.app), 'second racing passphrase'),
    ])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([200, 400])
    expect(answers.find((a) => a.statusCode === 400)!.json().code).toBe('token_invalid')
    const winner = answers[0]!.statusCode === 200 ? 'first' : 'second'
    expect((await signInWith(email, `${winner} racing passphrase`)).statusCode).toBe(200)
  })
})

describe('limits', () => {
  it('per e-mail address and per client address: 429 with Retry-After, nothing more sent', async () => {
    const limited = await createTestApp({
      env: {
        PASSWORD_RESET_LIMIT_PER_ACCOUNT: '2/1h',
        PASSWORD_RESET_LIMIT_PER_ADDRESS: '3/1h',
      },
    })
    try {
      const ask = (email: string) =>
        browser(limited.app).request({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
        })
      const email = uniqueEmail('limit')
      expect((await ask(email)).statusCode).toBe(202)
      expect((await ask(email.toUpperCase())).statusCode).toBe(202)
      const third = await ask(email)
      expect(third.statusCode).toBe(429)
      expect(third.headers['retry-after']).toBeDefined()
      // Another address from the same client: one more, then the client's own limit.
      expect((await ask(uniqueEmail('limit'))).statusCode).toBe(202)
      expect((await ask(uniqueEmail('limit'))).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
