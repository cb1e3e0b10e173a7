import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { member, openLot } from './auction-helpers.ts'
import { createTestApp, testConfig, uniqueEmail, XHR, type TestApp } from './helpers.ts'

const password = 'correct horse battery'

/** One client behind a proxy that appends the address it saw (TRUST_PROXY=1). */
const from = (address: string, forged?: string) => ({
  'x-forwarded-for': forged ? `${forged}, ${address}` : address,
})

describe('proxy trust and the public host', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } })
  })
  afterAll(() => t.close())

  it('takes the client address from the proxy it trusts, not from a forged leading entry', async () => {
    const email = uniqueEmail('forged')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, ...from('198.51.100.9', `10.0.0.${i}`) },
        payload: { email, password: `guess ${i}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('never lets X-Forwarded-Host into the real-time host or the CSP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'lotline.example:8000', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().realtime.host).toBe('lotline.example')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("connect-src 'self' ws://lotline.example:6001")
    expect(csp).not.toContain('evil')
  })

  it('refuses a Host header that is not a host name, and never writes it into the CSP', async () => {
    for (const host of ['evil.example; script-src *', 'a b', 'x:80:90', 'x:port']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } })
      expect(res.statusCode, host).toBe(400)
      expect(res.json().code).toBe('bad_request')
      expect(String(res.headers['content-security-policy'])).not.toContain('script-src *')
    }
  })

  it('uses the host of APP_URL when it is set, whatever the request says', async () => {
    const pinned = await createTestApp({
      env: { TRUST_PROXY: '1', APP_URL: 'https://auctions.example/' },
    })
    try {
      const res = await pinned.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { host: 'other.example', 'x-forwarded-host': 'evil.example' },
      })
      expect(res.json().realtime.host).toBe('auctions.example')
      expect(String(res.headers['content-security-policy'])).toContain('ws://auctions.example:6001')
    } finally {
      await pinned.close()
    }
  })
})

describe('sign-in and registration limits (defaults)', () => {
  let t: TestApp
  beforeAll(async () => {
    // The real defaults, and one trusted proxy so that tests can act as several clients.
    t = await createTestApp({
      config: loadConfig({
        NODE_ENV: 'test',
        TRUST_PROXY: '1',
        DATA_DIR: testConfig().dataDir,
        PASSWORD_HASH_COST: '10',
      }),
    })
  })
  afterAll(() => t.close())

  const login = (address: string, email: string, pw = 'a wrong password') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, ...from(address) },
      payload: { email, password: pw },
    })

  it('stops password spraying: 30 failed sign-ins per 10 minutes from one address, any accounts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await login('203.0.113.30', uniqueEmail())).statusCode)
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true)
    expect(statuses[30]).toBe(429)
    const refused = await login('203.0.113.30', uniqueEmail())
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500)
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 })
    // Another client is not affected.
    expect((await login('203.0.113.31', uniqueEmail())).statusCode).toBe(401)
  })

  it('counts an IPv6 client by its /64, so a fresh address per guess does not help', async () => {
    const email = uniqueEmail('v6')
    const statuses: number[] = []
    for (let i = 1; i <= 11; i++) {
      statuses.push((await login(`2001:db8:5:7:${i.toString(16)}::1`, email)).statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('limits registrations to 10 per hour from one address, and the refused one creates nothing', async () => {
    const register = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { ...XHR, ...from(address) },
        payload: { name: 'Reg', email: uniqueEmail('reg'), password },
      })
    for (let i = 0; i < 10; i++) expect((await register('203.0.113.40')).statusCode).toBe(201)
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from users')
    const refused = await register('203.0.113.40')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('rate_limited')
    const after = await t.db.query<{ n: number }>('select count(*)::int as n from users')
    expect(after.rows[0]!.n).toBe(rows[0]!.n)
    expect((await register('203.0.113.41')).statusCode).toBe(201)
  })
})

describe('CSRF rule on the routed request, whatever the URL spelling', () => {
  let t: TestApp
  let based: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    based = await createTestApp({ env: { BASE_PATH: '/lotline/' } })
  })
  afterAll(async () => {
    await t.close()
    await based.close()
  })

  /** Spellings of one API path (given without the leading "/api/") a router may decode alike. */
  function spellings(base: string, rest: string): string[] {
    const encodedFirst = rest.replace(/^[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)
    return [
      `${base}api/${rest}`,
      `${base}%61pi/${rest}`,
      `${base}%61%70%69/${rest}`,
      `${base}api/${encodedFirst}`,
      `${base}api%2F${rest}`,
      `${base}api/${rest.replace('/', '%2F')}`,
      `${base}api/${rest.replace('/', '%2f')}`,
      `${base.replace(/\/$/, '')}//api/${rest}`,
      `${base}api//${rest}`,
      `${base}./api/${rest}`,
      `${base}api/./${rest}`,
      `${base}x/../api/${rest}`,
      `${base}API/${rest}`,
      `${base}Api/${rest.toUpperCase()}`,
      `${base}api/${rest}/`,
      `${base}api/${rest}?`,
      `${base}api/${rest}#x`,
      `${base}api/${rest};x`,
    ]
  }

  async function expectRefused(app: TestApp['app'], method: string, url: string, headers = {}) {
    const res = await app.inject({ method: method as 'POST', url, headers, payload: {} })
    expect(res.statusCode, `${method} ${url}`).toBe(403)
    expect(res.json().code).toBe('csrf_header_missing')
  }

  it('refuses every spelling of a lot cancel without the header, and the lot stays open', async () => {
    const seller = await member(t.app, t.db, testConfig())
    const lotId = await openLot(t.db, seller.id)
    const cookie = seller.b.cookie!
    for (const url of spellings('/', `lots/${lotId}/cancel`)) {
      await expectRefused(t.app, 'POST', url, { cookie })
    }
    const { rows } = await t.db.query<{ status: string }>('select status from lots where id = $1', [
      lotId,
    ])
    expect(rows[0]!.status).toBe('open')
  })

  it('refuses every spelling of other writes: register, watch, sign-out, notifications, bids', async () => {
    const seller = await member(t.app, t.db, testConfig())
    const lotId = await openLot(t.db, seller.id)
    const cookie = seller.b.cookie!
    const routes: Array<[string, string]> = [
      ['POST', 'auth/register'],
      ['POST', 'auth/login'],
      ['POST', 'auth/logout'],
      ['PUT', `lots/${lotId}/watch`],
      ['DELETE', `lots/${lotId}/watch`],
      ['POST', 'notifications/read'],
      ['POST', `lots/${lotId}/bids`],
      ['POST', 'wallet/top-ups'],
      ['PATCH', 'me'],
    ]
    for (const [method, rest] of routes) {
      for (const url of spellings('/', rest)) await expectRefused(t.app, method, url, { cookie })
    }
    // Method-override headers change nothing: the router dispatches on the real method.
    for (const header of ['x-http-method-override', 'x-http-method', 'x-method-override']) {
      await expectRefused(t.app, 'POST', `/api/lots/${lotId}/cancel?_method=GET`, {
        cookie,
        [header]: 'GET',
      })
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(me.statusCode).toBe(200)
    const watch = await t.db.query('select 1 from watchlist where user_id = $1', [seller.id])
    expect(watch.rows).toHaveLength(0)
  })

  it('guards /broadcasting and everything under BASE_PATH the same way', async () => {
    for (const url of spellings('/', 'auth').map((u) => u.replace(/api/i, 'broadcasting'))) {
      await expectRefused(t.app, 'POST', url)
    }
    for (const url of spellings('/lotline/', 'auth/register')) {
      await expectRefused(based.app, 'POST', url)
    }
    for (const url of spellings('/LotLine/', 'auth/register')) {
      await expectRefused(based.app, 'POST', url)
    }
  })

  it('lets HEAD and OPTIONS through without the header, and they change nothing', async () => {
    const seller = await member(t.app, t.db, testConfig())
    const lotId = await openLot(t.db, seller.id)
    for (const method of ['HEAD', 'OPTIONS'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/lots/${lotId}/cancel`,
        headers: { cookie: seller.b.cookie! },
      })
      expect(res.statusCode, method).toBe(404)
    }
    const { rows } = await t.db.query<{ status: string }>('select status from lots where id = $1', [
      lotId,
    ])
    expect(rows[0]!.status).toBe('open')
  })

  it('still exempts the Stripe webhook (signed by Stripe), in any spelling', async () => {
    for (const url of ['/api/stripe/webhook', '/%61pi/stripe/webhook', '/api/stripe/%77ebhook']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      })
      expect(res.json().code, url).toBe('payments_not_configured')
    }
  })
})

describe('answers that depend on who is signed in are never cached', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('sends Cache-Control: no-store on every private GET, signed in or not', async () => {
    const config = testConfig()
    const m = await member(t.app, t.db, config, { credit: 5_000 })
    const lotId = await openLot(t.db, m.id)
    const privateRoutes = [
      '/api/me',
      '/api/me/bids',
      '/api/wallet',
      '/api/wallet/ledger',
      '/api/wallet/holds',
      `/api/wallet/top-ups/${randomUUID()}`,
      '/api/notifications',
      '/api/watchlist',
      `/api/lots/${lotId}`,
    ]
    for (const url of privateRoutes) {
      for (const headers of [{ cookie: m.b.cookie! }, {}]) {
        const res = await t.app.inject({ method: 'GET', url, headers })
        expect(res.headers['cache-control'], `${url} ${JSON.stringify(headers)}`).toBe('no-store')
      }
    }
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { cookie: m.b.cookie! },
    })
    expect(signedIn.statusCode).toBe(200)
  })

  it('marks sign-in and sign-out answers no-store too, but leaves public lists cacheable', async () => {
    const email = uniqueEmail('cache')
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: XHR,
      payload: { name: 'C', email, password },
    })
    expect(reg.headers['cache-control']).toBe('no-store')
    const lots = await t.app.inject({ method: 'GET', url: '/api/lots' })
    expect(lots.headers['cache-control']).toBeUndefined()
  })
})

describe('the request log holds no secrets', () => {
  it('logs a failed query by its message and code, never its text or parameters', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const t = await createTestApp({ logger: true, logStream, env: { LOG_LEVEL: 'info' } })
    try {
      // What PGlite's errors look like: the query and its parameters ride on the error.
      const failing = Object.assign(new Error('invalid byte sequence for encoding "UTF8"'), {
        code: '22021',
        query: 'insert into users (email, password_hash) values ($1, $2) -- QUERYTEXT',
        params: ['someone@x.test', 'scrypt$HASHvalue'],
        detail: 'Key (email)=(DETAILvalue) already exists.',
      })
      const query = t.db.query.bind(t.db)
      t.db.query = (async () => {
        throw failing
      }) as typeof t.db.query
      const res = await t.app.inject({ method: 'GET', url: '/api/lots' })
      t.db.query = query
      expect(res.statusCode).toBe(500)
      const log = lines.join('')
      expect(log).toContain('invalid byte sequence')
      expect(log).toContain('22021')
      for (const leaked of ['QUERYTEXT', 'HASHvalue', 'someone@x.test', 'DETAILvalue']) {
        expect(log).not.toContain(leaked)
      }
    } finally {
      await t.close()
    }
  })

  it('redacts query values (Stripe client secrets) and never logs cookies or passwords', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const t = await createTestApp({ logger: true, logStream, env: { LOG_LEVEL: 'info' } })
    try {
      const secret = 'pi_3Abc_secret_TOPSECRETvalue'
      await t.app.inject({
        method: 'GET',
        url: `/wallet/top-up?topUp=1&payment_intent=pi_3Abc&payment_intent_client_secret=${secret}&redirect_status=succeeded`,
        headers: {
          cookie: 'lotline_session=SESSIONTOKENvalue',
          authorization: 'Bearer BEARERvalue',
        },
      })
      await t.app.inject({
        method: 'GET',
        url: `/api/me?client_secret=${secret}&token=TOKENvalue`,
        headers: { cookie: 'lotline_session=SESSIONTOKENvalue' },
      })
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: XHR,
        payload: { email: uniqueEmail(), password: 'PASSWORDvalue-long' },
      })
      const log = lines.join('')
      expect(log).toContain('payment_intent_client_secret=[redacted]')
      expect(log).toContain('/api/me?client_secret=[redacted]&token=[redacted]')
      for (const leaked of ['TOPSECRET', 'SESSIONTOKEN', 'BEARER', 'TOKENvalue', 'PASSWORDvalue']) {
        expect(log).not.toContain(leaked)
      }
    } finally {
      await t.close()
    }
  })
})

describe('lots one member may list', () => {
  it('lists at most LOT_CREATE_LIMIT_PER_MEMBER lots per window, then 429 and nothing listed; another member is unaffected', async () => {
    const limited = await createTestApp({
      env: { PUSHER_PORT: '1', LOT_CREATE_LIMIT_PER_MEMBER: '2/1h' },
    })
    try {
      const seller = async () => {
        const register = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: XHR,
          payload: { name: 'Lister', email: uniqueEmail('list'), password: 'listing lots here' },
        })
        const cookie = String(register.headers['set-cookie']).split(';')[0]!
        return () =>
          limited.app.inject({
            method: 'POST',
            url: '/api/lots',
            headers: { ...XHR, cookie },
            payload: {
              title: 'A listed lamp',
              category: 'other',
              startingPrice: 1_000,
              endsAt: new Date(Date.now() + 3_600_000).toISOString(),
              delivery: { pickup: { town: 'Madrid' } },
            },
          })
      }
      const count = async () =>
        (await limited.db.query<{ n: number }>('select count(*)::int as n from lots', [])).rows[0]!
          .n
      const list = await seller()
      expect((await list()).statusCode).toBe(201)
      expect((await list()).statusCode).toBe(201)
      const before = await count()
      const third = await list()
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      expect(await count()).toBe(before)
      expect((await (await seller())()).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
