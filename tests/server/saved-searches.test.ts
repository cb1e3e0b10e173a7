import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX } from '../../common/saved-searches.ts'
import { PROBLEM_CONTENT_TYPE } from '../../common/errors.ts'
import { member, type Member } from './auction-helpers.ts'
import { browser, createTestApp, testConfig, type TestApp } from './helpers.ts'

/**
 * Saved searches (issue 32): `GET/POST /api/me/saved-searches`, `DELETE …/:id`, and the alert a
 * new matching lot sends (once, at most one an hour per search, never for the seller's own lot).
 */
const config = testConfig()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

const newMember = () => member(t.app, t.db, config)
const save = (m: Member, body: Record<string, unknown>) =>
  m.b.request({ method: 'POST', url: '/api/me/saved-searches', payload: body })
const searches = async (m: Member) => {
  const res = await m.b.request({ method: 'GET', url: '/api/me/saved-searches' })
  expect(res.statusCode).toBe(200)
  return res.json().items as Array<Record<string, unknown>>
}
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString()
const list = (seller: Member, body: Record<string, unknown>) =>
  seller.b.request({
    method: 'POST',
    url: '/api/lots',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      description: 'Works.',
      category: 'cameras',
      startingPrice: 5_000,
      endsAt: inMinutes(120),
      delivery: { shipping: { cost: 650 } },
      ...body,
    },
  })
const alertsOf = async (m: Member) => {
  const { rows } = await t.db.query<{
    kind: string
    lot_id: string
    data: Record<string, unknown>
  }>(
    `select kind, lot_id, data from notifications
      where user_id = $1 and kind = 'saved_search_match' order by id`,
    [m.id],
  )
  return rows
}

describe('saving searches', () => {
  it('saves the filters with a name, lists them, and spells prices as the list URL does', async () => {
    const m = await newMember()
    expect(await searches(m)).toEqual([])
    const res = await save(m, {
      name: '  Film   cameras ',
      q: ' leica ',
      category: 'cameras',
      minPrice: '10.50',
      maxPrice: '200',
      sort: 'price_asc',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      name: 'Film cameras',
      q: 'leica',
      category: 'cameras',
      minPrice: '10.5',
      maxPrice: '200',
      sort: 'price_asc',
    })
    expect(await searches(m)).toEqual([res.json()])
  })

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a long name', { name: 'x'.repeat(SAVED_SEARCH_NAME_MAX + 1) }, 'name'],
    ['an unknown category', { name: 'a', category: 'boats' }, 'category'],
    ['an unknown sort', { name: 'a', sort: 'random' }, 'sort'],
    ['a price spelled oddly', { name: 'a', minPrice: '1e3' }, 'minPrice'],
    ['a negative price', { name: 'a', maxPrice: '-0' }, 'maxPrice'],
    ['a range backwards', { name: 'a', minPrice: '50', maxPrice: '10' }, 'maxPrice'],
  ])('refuses %s by field (422) and saves nothing', async (_, body, field) => {
    const m = await newMember()
    const res = await save(m, body)
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
    expect(res.json()).toMatchObject({ code: 'validation_failed' })
    expect(Object.keys(res.json().errors)).toContain(field)
    expect(await searches(m)).toEqual([])
  })

  it('counts a name in characters, so a name of accented letters at the limit is fine', async () => {
    const m = await newMember()
    const res = await save(m, { name: 'é'.repeat(SAVED_SEARCH_NAME_MAX) })
    expect(res.statusCode, res.body).toBe(201)
  })

  it.each([
    ['a field it does not know', { name: 'a', status: 'closed' }],
    ['a name past the edge', { name: 'x'.repeat(500) }],
    ['no name', {}],
    ['a name that is not text', { name: 7 }],
  ])('refuses %s (a 4xx problem) and saves nothing', async (_, body) => {
    const m = await newMember()
    const res = await save(m, body)
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
    expect(await searches(m)).toEqual([])
  })

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches: one more is 409 saved_searches_full`, async () => {
    const m = await newMember()
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++)
      expect((await save(m, { name: `S${i}` })).statusCode).toBe(201)
    const res = await save(m, { name: 'One too many' })
    expect(res.statusCode).toBe(409)
    expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE)
    expect(res.json()).toMatchObject({ code: 'saved_searches_full' })
    expect(await searches(m)).toHaveLength(SAVED_SEARCHES_MAX)
  })

  it('needs a session', async () => {
    const guest = browser(t.app)
    const res = await guest.request({ method: 'GET', url: '/api/me/saved-searches' })
    expect(res.statusCode).toBe(401)
    const post = await guest.request({
      method: 'POST',
      url: '/api/me/saved-searches',
      payload: { name: 'a' },
    })
    expect(post.statusCode).toBe(401)
  })

  it("deletes one's own search; another member's id or an unknown one is 404 and stays", async () => {
    const a = await newMember()
    const b = await newMember()
    const id = (await save(a, { name: 'Mine' })).json().id as string
    const theirs = await b.b.request({ method: 'DELETE', url: `/api/me/saved-searches/${id}` })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'not_found' })
    expect(await searches(a)).toHaveLength(1)
    for (const bad of [randomUUID(), 'not-an-id'])
      expect(
        (await a.b.request({ method: 'DELETE', url: `/api/me/saved-searches/${bad}` })).statusCode,
      ).toBe(404)
    const mine = await a.b.request({
      method: 'DELETE',
      url: `/api/me/saved-searches/${id.toUpperCase()}`,
    })
    expect(mine.statusCode).toBe(204)
    expect(await searches(a)).toEqual([])
  })
})

describe('a new lot matching a saved search', () => {
  it('tells the owner once, with the search and the lot, and not again within the hour', async () => {
    const tag = `ss${randomUUID().slice(0, 8)}`
    const buyer = await newMember()
    const seller = await newMember()
    const search = (
      await save(buyer, { name: 'Leicas', q: tag, category: 'cameras', maxPrice: '100' })
    ).json()

    const first = await list(seller, { title: `${tag} Leica M6` })
    expect(first.statusCode, first.body).toBe(201)
    const alerts = await alertsOf(buyer)
    expect(alerts).toEqual([
      {
        kind: 'saved_search_match',
        lot_id: first.json().id,
        data: {
          searchId: search.id,
          name: 'Leicas',
          lotId: first.json().id,
          title: `${tag} Leica M6`,
        },
      },
    ])
    // The member's notifications show it too.
    const page = await buyer.b.request({ method: 'GET', url: '/api/notifications' })
    expect(page.json().items[0]).toMatchObject({
      kind: 'saved_search_match',
      lotId: first.json().id,
    })

    // A second match within the hour: no second alert.
    expect((await list(seller, { title: `${tag} Leica M3` })).statusCode).toBe(201)
    expect(await alertsOf(buyer)).toHaveLength(1)

    // An hour later the next new match alerts again.
    await t.db.query(
      `update saved_searches set last_alerted_at = last_alerted_at - interval '61 minutes' where id = $1`,
      [search.id],
    )
    const third = await list(seller, { title: `${tag} Leica M2` })
    expect((await alertsOf(buyer)).map((a) => a.lot_id)).toEqual([first.json().id, third.json().id])
  })

  it('does not tell a lot that misses the filters (words, category, price)', async () => {
    const tag = `ss${randomUUID().slice(0, 8)}`
    const buyer = await newMember()
    const seller = await newMember()
    await save(buyer, { name: 'Cheap cameras', q: tag, category: 'cameras', maxPrice: '20' })
    await list(seller, { title: `${tag} Dear camera`, startingPrice: 2_001 })
    await list(seller, { title: `${tag} Camera book`, category: 'books', startingPrice: 500 })
    await list(seller, { title: 'Another camera', startingPrice: 500 })
    expect(await alertsOf(buyer)).toEqual([])
    // At the limit exactly it matches (the list's own rule: price ≤ maxPrice).
    await list(seller, { title: `${tag} Fair camera`, startingPrice: 2_000 })
    expect(await alertsOf(buyer)).toHaveLength(1)
  })

  it('never tells a seller about their own new lot', async () => {
    const tag = `ss${randomUUID().slice(0, 8)}`
    const seller = await newMember()
    await save(seller, { name: 'My own', q: tag })
    expect((await list(seller, { title: `${tag} Mine` })).statusCode).toBe(201)
    expect(await alertsOf(seller)).toEqual([])
  })

  it('alerts once when the same create is sent again with its key (a retry)', async () => {
    const tag = `ss${randomUUID().slice(0, 8)}`
    const buyer = await newMember()
    const seller = await newMember()
    await save(buyer, { name: 'Retry', q: tag })
    const key = randomUUID()
    const payload = {
      title: `${tag} Once`,
      category: 'other',
      startingPrice: 100,
      endsAt: inMinutes(60),
      delivery: { shipping: { cost: 650 } },
    }
    for (let i = 0; i < 2; i++) {
      const res = await seller.b.request({
        method: 'POST',
        url: '/api/lots',
        headers: { 'idempotency-key': key },
        payload,
      })
      expect(res.statusCode).toBe(201)
    }
    expect(await alertsOf(buyer)).toHaveLength(1)
  })

  it('a deleted search alerts no more', async () => {
    const tag = `ss${randomUUID().slice(0, 8)}`
    const buyer = await newMember()
    const seller = await newMember()
    const id = (await save(buyer, { name: 'Gone', q: tag })).json().id as string
    await buyer.b.request({ method: 'DELETE', url: `/api/me/saved-searches/${id}` })
    await list(seller, { title: `${tag} Late` })
    expect(await alertsOf(buyer)).toEqual([])
  })
})
