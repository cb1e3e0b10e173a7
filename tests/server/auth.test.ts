import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, createTestApp, uniqueEmail, XHR, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
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
