import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testConfig, XHR, type TestApp } from './helpers.ts'
import { member, openLot, type Member } from './auction-helpers.ts'

/** Input values that used to reach PostgreSQL and fail there as 500s, and where errors are named. */
let t: TestApp
const config = testConfig()
let alice: Member
let admin: Member
let lotId: string
beforeAll(async () => {
  t = await createTestApp({ config })
  alice = await member(t.app, t.db, config, { credit: 10_000 })
  admin = await member(t.app, t.db, config, { role: 'admin' })
  lotId = await openLot(t.db, admin.id)
})
afterAll(() => t.close())

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()
const cursor = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url')

async function tableCounts() {
  const { rows } = await t.db.query<{ n: string }>(
    `select (select count(*) from users) || '/' || (select count(*) from lots) || '/' ||
            (select count(*) from ledger_entries) || '/' || (select count(*) from notifications) as n`,
  )
  return rows[0]!.n
}

function expectRefused(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  field?: string,
) {
  expect(res.statusCode).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = res.json() as { code: string; errors?: Record<string, string> }
  if (field) {
    expect(body.code).toBe('validation_failed')
    expect(Object.keys(body.errors ?? {})).toEqual([field])
  }
}

describe('bodies nested deeper than any request of ours are refused, never a 500', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
  it.each([
    ['just over the limit', 33],
    ['a quarter of a million brackets (it used to overflow the stack: 500)', 120_000],
  ])('%s', async (_name, depth) => {
    const before = await tableCounts()
    const res = await alice.b.request({
      method: 'POST',
      url: '/api/lots',
      headers: { 'content-type': 'application/json' },
      payload: nested(depth),
    })
    expectRefused(res, 422, 'body')
    expect((res.json() as { errors: Record<string, string> }).errors.body).toMatch(/nested/)
    expect(await tableCounts()).toBe(before)
  })

  it('an object at the limit is walked, and a NUL at its bottom still found', async () => {
    let value: unknown = 'a\0'
    for (let i = 0; i < 31; i++) value = { k: value }
    const res = await alice.b.request({
      method: 'POST',
      url: '/api/lots',
      payload: {
        title: 'Lamp',
        category: 'other',
        startingPrice: 100,
        endsAt: inAnHour(),
        extra: value,
      },
    })
    expectRefused(res, 422, `extra${'.k'.repeat(31)}`)
  })
})

describe('NUL characters are refused with 422 naming the field, on every route', () => {
  it.each([
    ['a search', 'GET', '/api/lots?q=lamp%00', undefined, 'q'],
    [
      'a lot title',
      'POST',
      '/api/lots',
      { title: 'La\0mp', category: 'other', startingPrice: 100, endsAt: 'E' },
      'title',
    ],
    [
      'a description',
      'POST',
      '/api/lots',
      { title: 'Lamp', description: '\0', category: 'other', startingPrice: 100, endsAt: 'E' },
      'description',
    ],
    [
      'a name',
      'POST',
      '/api/auth/register',
      { name: 'A\0', email: 'n@x.test', password: 'long enough pw' },
      'name',
    ],
    [
      'an e-mail',
      'POST',
      '/api/auth/login',
      { email: 'a\0@x.test', password: 'whatever!' },
      'email',
    ],
    [
      'a password',
      'POST',
      '/api/auth/login',
      { email: 'a@x.test', password: 'pass\0word1' },
      'password',
    ],
    ['a key', 'POST', '/api/auth/login', { 'e\0mail': 'a@x.test', password: 'p' }, 'body'],
    ['an unknown query parameter', 'GET', '/api/wallet?x=%00', undefined, 'x'],
    ['a path parameter', 'GET', '/api/lots/%00', undefined, 'id'],
  ])('in %s', async (_name, method, url, payload, field) => {
    const before = await tableCounts()
    const body =
      payload && 'endsAt' in payload ? { ...payload, endsAt: inAnHour() } : (payload ?? undefined)
    const res = await alice.b.request({ method: method as 'GET', url, payload: body })
    expectRefused(res, 422, field)
    expect(await tableCounts()).toBe(before)
  })

  it('in an admin adjustment reason', async () => {
    const res = await admin.b.request({
      method: 'POST',
      url: `/api/admin/wallets/${alice.id}/adjustments`,
      headers: { 'idempotency-key': 'nul-reason-1' },
      payload: { amount: 100, reason: 'goodwill\0' },
    })
    expectRefused(res, 422, 'reason')
  })
})

describe('text the database cannot store or a reader could be deceived by is refused, never a 500', () => {
  const lotBody = (fields: Record<string, string>) => ({
    title: 'Lamp',
    category: 'other',
    startingPrice: 100,
    endsAt: inAnHour(),
    delivery: { pickup: { town: 'Madrid' } },
    ...fields,
  })
  it.each([
    // Unpaired UTF-16 surrogates (JSON "\udc00"): PostgreSQL refused them with a 500.
    [
      'a sign-in e-mail with lone surrogates',
      '/api/auth/login',
      { email: 'a@x.test\udc00\udc00', password: 'password123' },
      'email',
    ],
    [
      'a lot title with lone surrogates',
      '/api/lots',
      lotBody({ title: 'abc\udc00\udc00' }),
      'title',
    ],
    [
      'a name with a lone high surrogate',
      '/api/auth/register',
      { name: 'Ann\ud800', email: 's1@x.test', password: 'long enough pw' },
      'name',
    ],
    // Control characters other than tab, line feed and carriage return, anywhere.
    [
      'an e-mail with a control character',
      '/api/auth/register',
      { name: 'Ann', email: 'a\u0001b@x.test', password: 'long enough pw' },
      'email',
    ],
    [
      'an e-mail with a backspace',
      '/api/auth/register',
      { name: 'Ann', email: 'ab@x.test\b', password: 'long enough pw' },
      'email',
    ],
    [
      'a title with an escape sequence',
      '/api/lots',
      lotBody({ title: 'Lamp \u001b[31mred' }),
      'title',
    ],
    [
      'a description with a bell',
      '/api/lots',
      lotBody({ description: 'ding\u0007' }),
      'description',
    ],
    [
      'a description with a C1 control',
      '/api/lots',
      lotBody({ description: 'x\u0085y' }),
      'description',
    ],
    // One-line fields: no line breaks, nothing that reorders the text.
    ['a title with a line break', '/api/lots', lotBody({ title: 'Leica\nM6' }), 'title'],
    [
      'a title with a right-to-left override',
      '/api/lots',
      lotBody({ title: 'Leica \u202e6M' }),
      'title',
    ],
    [
      'a name with a right-to-left override',
      '/api/auth/register',
      { name: 'Ann\u202e', email: 's2@x.test', password: 'long enough pw' },
      'name',
    ],
    [
      'an e-mail with an isolate',
      '/api/auth/register',
      { name: 'Ann', email: 'a\u2066b@x.test', password: 'long enough pw' },
      'email',
    ],
  ])('%s', async (_name, url, payload, field) => {
    const before = await tableCounts()
    const res = await alice.b.request({ method: 'POST', url, payload })
    expectRefused(res, 422, field)
    expect(await tableCounts()).toBe(before)
  })

  it('in an admin adjustment reason', async () => {
    for (const reason of ['goodwill\udc00', 'goodwill\u001b', 'good\nwill', 'goodwill\u202e']) {
      const res = await admin.b.request({
        method: 'POST',
        url: `/api/admin/wallets/${alice.id}/adjustments`,
        headers: { 'idempotency-key': `bad-reason-${reason.length}-${reason.charCodeAt(8)}` },
        payload: { amount: 100, reason },
      })
      expectRefused(res, 422, 'reason')
    }
  })

  it('takes a description over several lines, tabs and right-to-left text', async () => {
    const res = await alice.b.request({
      method: 'POST',
      url: '/api/lots',
      headers: { 'idempotency-key': 'multi-line-description-1' },
      payload: lotBody({ description: 'Line one\r\nLine two\n\tindented — מצלמה' }),
    })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('text that shows nothing is refused by the shared rule', () => {
  it.each([
    [
      'a lot title',
      '/api/lots',
      { title: '\u200b\u200b\u200b\u200b', category: 'other', startingPrice: 100, endsAt: 'E' },
      'title',
    ],
    [
      'a name',
      '/api/auth/register',
      { name: '\u3164\u200d', email: 'blank@x.test', password: 'long enough pw' },
      'name',
    ],
  ])('in %s', async (_name, url, payload, field) => {
    const before = await tableCounts()
    const body = 'endsAt' in payload ? { ...payload, endsAt: inAnHour() } : payload
    const res = await alice.b.request({ method: 'POST', url, payload: body })
    expectRefused(res, 422, field)
    expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(
      'Must be one line with visible characters.',
    )
    expect(await tableCounts()).toBe(before)
  })

  it('in an adjustment reason', async () => {
    const res = await admin.b.request({
      method: 'POST',
      url: `/api/admin/wallets/${alice.id}/adjustments`,
      headers: { 'idempotency-key': 'blank-reason-1' },
      payload: { amount: 100, reason: '\u2800\u2800\u2800' },
    })
    expectRefused(res, 422, 'reason')
  })
})

describe('cursors and ids the database cannot hold are refused, not 500', () => {
  it.each([
    ['a rank beyond int', cursor([2 ** 40, 0, '00000000-0000-0000-0000-000000000000'])],
    ['an unknown rank', cursor([7, 0, '00000000-0000-0000-0000-000000000000'])],
    ['an id that is no UUID', cursor([0, 0, '------------------------------------'])],
    ['a time beyond bigint', cursor([0, 1e300, '00000000-0000-0000-0000-000000000000'])],
    ['a fractional time', cursor([0, 0.5, '00000000-0000-0000-0000-000000000000'])],
    ['bad base64', '!!!!'],
    ['base64 of nothing useful', 'bnVsbA'],
  ])('lot lists, watchlist and my bids: %s', async (_name, value) => {
    for (const path of ['/api/lots', '/api/watchlist', '/api/me/bids']) {
      const res = await alice.b.request({ method: 'GET', url: `${path}?cursor=${value}` })
      expectRefused(res, 400)
      expect((res.json() as { code: string }).code).toBe('bad_request')
    }
  })

  it.each(['9999999999999999', '18446744073709551616', '-1', '1.5', 'abc'])(
    'ledger, notifications and bid history cursors: %s',
    async (value) => {
      for (const url of [
        `/api/wallet/ledger?cursor=${value}`,
        `/api/notifications?cursor=${value}`,
        `/api/lots/${lotId}/bids?after=${value}`,
      ]) {
        const res = await alice.b.request({ method: 'GET', url })
        expectRefused(res, 422)
      }
    },
  )

  it.each([2 ** 53, 2 ** 63, 1e20, 0, -1, 1.5])('notification ids: %s', async (id) => {
    const res = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [id] },
    })
    expectRefused(res, 422, 'ids.0')
  })
})

describe('schema errors are reported under the field and location they concern', () => {
  it('names a bad query value by its parameter and an unknown one by the query', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/lots?status=bogus' })
    expect((bad.json() as { errors: object }).errors).toEqual({
      status: 'Is not one of the allowed values.',
    })
    const unknown = await t.app.inject({ method: 'GET', url: '/api/lots?colour=red' })
    expect((unknown.json() as { errors: object }).errors).toEqual({
      query: 'Unknown field "colour".',
    })
    const body = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { colour: 'red' },
    })
    expect((body.json() as { errors: object }).errors).toEqual({ body: 'Unknown field "colour".' })
  })

  it('answers a path that is not valid percent-encoding or too long with problem+json', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/lots/%E0%A4%A/bids', headers: XHR })
    expectRefused(bad, 400)
    const long = await t.app.inject({ method: 'GET', url: `/api/lots/${'a'.repeat(200)}` })
    expectRefused(long, 414)
  })
})

describe('schema errors read as sentences a person understands', () => {
  it.each([
    [{ amount: '1000' }, 'amount', 'Must be a whole number.'],
    [{ amount: 10.5 }, 'amount', 'Must be a whole number.'],
  ])('a bid of %j', async (payload, field, message) => {
    const res = await alice.b.request({
      method: 'POST',
      url: `/api/lots/${lotId}/bids`,
      headers: { 'idempotency-key': `sentence-${Math.random().toString(36).slice(2)}` },
      payload,
    })
    expectRefused(res, 422, field)
    expect((res.json() as { errors: Record<string, string> }).errors[field]).toBe(message)
  })

  it('too many notification ids', async () => {
    const res = await alice.b.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    })
    expectRefused(res, 422, 'ids')
    expect((res.json() as { errors: Record<string, string> }).errors.ids).toBe(
      'Must have at most 500 items.',
    )
  })
})
