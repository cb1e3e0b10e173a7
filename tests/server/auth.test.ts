import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeEmail } from '../../common/accounts.ts'
import { browser, createTestApp, uniqueEmail, XHR, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  // Every test here signs in from 127.0.0.1: the per-address limit across accounts (tested on its
  // own in security.test.ts) would otherwise add up the failures of all of them.
  t = await createTestApp({ env: { SIGNIN_LIMIT_PER_ADDRESS: '1000/10m' } })
})
afterAll(() => t.close())

const password = 'correct horse battery'

async function countUsers() {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from users')
  return rows[0]!.n
}

describe('accounts', () => {
  it('signs up, is signed in at once, and shows a public alias instead of the email', async () => {
    const b = browser(t.app)
    const email = uniqueEmail()
    const res = await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dana', email, password },
    })
    expect(res.statusCode).toBe(201)
    const { user } = res.json()
    expect(user).toMatchObject({ name: 'Dana', email, role: 'member' })
    expect(user.alias).toMatch(/^Bidder [0-9A-F]{4,8}$/)
    expect(user).not.toHaveProperty('passwordHash')
    const cookie = res.headers['set-cookie'] as string
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)

    const me = await b.request({ method: 'GET', url: '/api/me' })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.id).toBe(user.id)
  })

  it('rejects bad sign-up input with per-field problem+json and creates nothing', async () => {
    const before = await countUsers()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: XHR,
      payload: { name: '', email: 'not-an-email', password: 'short' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    const problem = res.json()
    expect(problem.code).toBe('validation_failed')
    expect(Object.keys(problem.errors).sort()).toEqual(['email', 'name', 'password'])
    expect(problem.errors.password).toMatch(/10/)
    expect(await countUsers()).toBe(before)
  })

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail()
    const first = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A', email, password },
    })
    expect(first.statusCode).toBe(201)
    const before = await countUsers()
    const second = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'B', email: email.toUpperCase(), password },
    })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      code: 'email_taken',
      errors: { email: expect.any(String) },
    })
    expect(await countUsers()).toBe(before)
  })

  it('signs in with the right password only, and rotates the session at sign-in', async () => {
    const email = uniqueEmail()
    const b = browser(t.app)
    await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'E', email, password },
    })
    const oldCookie = b.cookie

    const wrong = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong password!' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().code).toBe('invalid_credentials')

    const unknown = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().detail).toBe(wrong.json().detail)

    const ok = await b.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
    expect(ok.statusCode).toBe(200)
    expect(b.cookie).not.toBe(oldCookie)

    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: oldCookie! },
    })
    expect(stale.statusCode).toBe(401)
    const fresh = await b.request({ method: 'GET', url: '/api/me' })
    expect(fresh.statusCode).toBe(200)
  })

  it('signs out: the cookie is cleared and the old session no longer works', async () => {
    const b = browser(t.app)
    await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'F', email: uniqueEmail(), password },
    })
    const session = b.cookie!
    const out = await b.request({ method: 'POST', url: '/api/auth/logout' })
    expect(out.statusCode).toBe(204)
    expect(out.headers['set-cookie']).toMatch(/lotline_session=;/)
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } })
    expect(me.statusCode).toBe(401)
    expect(me.json()).toMatchObject({ code: 'unauthenticated', status: 401 })
  })

  it('answers GET /api/session with the member, or null for a guest and an ended session, never cached', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/session' })
    expect(guest.statusCode).toBe(200)
    expect(guest.json()).toEqual({ user: null })
    expect(guest.headers['cache-control']).toBe('no-store')
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'lotline_session=forged-token' },
    })
    expect(forged.json()).toEqual({ user: null })

    const b = browser(t.app)
    const email = uniqueEmail('session')
    await b.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Sam', email, password },
    })
    const signedIn = await b.request({ method: 'GET', url: '/api/session' })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user).toMatchObject({ name: 'Sam', email })
    expect(signedIn.headers['cache-control']).toBe('no-store')
    const session = b.cookie!
    await b.request({ method: 'POST', url: '/api/auth/logout' })
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: session },
    })
    expect(after.json()).toEqual({ user: null })
  })

  it('answers GET /api/me with 401 problem+json for a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/problem\+json/)
  })

  it('rate-limits repeated sign-in attempts for one address', async () => {
    const email = uniqueEmail('brute')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: `guess number ${i}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})

/** Another spelling of the same address: case, full-width forms, white space around it. */
function respell(email: string, seed: number): string {
  const chars = [...email].map((c, i) => {
    const pick = (seed * 31 + i * 17) % 4
    if (pick === 1) return c.toUpperCase()
    // Full-width forms (U+FF01–FF5E) of ASCII: NFKC folds them back.
    if (pick === 2 && c > ' ' && c <= '~') return String.fromCharCode(c.charCodeAt(0) + 0xfee0)
    return c
  })
  const pad = [' ', '\t', '\u3000', '\u00a0', ''][seed % 5]!
  return `${pad}${chars.join('')}${seed % 2 ? ' ' : ''}`
}

describe('one identity for every spelling of an address', () => {
  it('normalizes case, Unicode compatibility forms and white space to one spelling', () => {
    const address = fc
      .tuple(fc.stringMatching(/^[a-z0-9._-]{1,12}$/), fc.stringMatching(/^[a-z0-9-]{1,10}$/))
      .map(([local, domain]) => `${local}@${domain}.test`)
    fc.assert(
      fc.property(address, fc.nat(1000), (email, seed) => {
        expect(normalizeEmail(respell(email, seed))).toBe(email)
      }),
    )
  })

  it('holds the sign-in limit however the address is spelled, and signs in with any spelling', async () => {
    const email = uniqueEmail('spell')
    await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'S', email: respell(email, 3), password },
    })
    const ok = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: respell(email, 6), password },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user.email).toBe(email)

    const statuses: number[] = []
    for (let seed = 0; seed < 11; seed++) {
      const res = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: respell(email, seed + 10), password: `guess number ${seed}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Now even the right password waits: the guesser cannot tell it was right.
    const right = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ` ${email.toUpperCase()} `, password },
    })
    expect(right.statusCode).toBe(429)
  })

  it('refuses a second account under another spelling of a taken address', async () => {
    const email = uniqueEmail('twin')
    const first = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A', email, password },
    })
    expect(first.statusCode).toBe(201)
    const twin = await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'B', email: respell(email, 2), password },
    })
    expect(twin.statusCode).toBe(409)
  })

  it('counts failed sign-ins only: signing in again and again is never limited', async () => {
    const email = uniqueEmail('often')
    await browser(t.app).request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'O', email, password },
    })
    for (let i = 0; i < 14; i++) {
      const res = await browser(t.app).request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      })
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200)
    }
  })

  it('counts parallel guesses before checking them: a burst gets no more than the limit', async () => {
    const email = uniqueEmail('burst')
    const responses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        browser(t.app).request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: `parallel guess ${i}` },
        }),
      ),
    )
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
  })
})

describe('CSRF defence', () => {
  it('refuses a write without X-Requested-With, and it changes nothing', async () => {
    const before = await countUsers()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'G', email: uniqueEmail(), password },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_header_missing')
    expect(await countUsers()).toBe(before)
  })

  it('guards /broadcasting too, but not GET requests', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/broadcasting/auth', payload: {} })
    expect(post.statusCode).toBe(403)
    const get = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(get.statusCode).toBe(200)
  })
})
