import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOT_SORTS } from '../../common/auction.ts'
import { createTestApp, testConfig, type TestApp } from './helpers.ts'
import { member, openLot } from './auction-helpers.ts'

/** Finding lots (decision 0026): sorts, categories, price range, and paging through each sort. */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config })
})
afterAll(() => t.close())

const tag = `f${randomUUID().slice(0, 8)}`
const ids: Record<string, string> = {}

type Item = { id: string; title: string; category: string; currentPrice: number | null }
const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/lots?${query}` })
async function list(query: string): Promise<{ items: Item[]; nextCursor: string | null }> {
  const res = await get(`q=${tag}&${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const titles = (page: { items: Item[] }) => page.items.map((i) => i.title.replace(`${tag} `, ''))

beforeAll(async () => {
  const seller = await member(t.app, t.db, config)
  // name, category, starting price, current price (null: no bids), bids, ends in seconds, created
  const rows = [
    ['Kettle', 'home', 1_000, null, 0, 600, 5],
    ['Camera', 'cameras', 5_000, 9_000, 4, 7_200, 4],
    ['Lens', 'cameras', 2_000, 3_000, 2, 4_000, 3],
    ['Print', 'art', 3_500, null, 0, 90_000, 2],
    ['Book', 'books', 500, 2_000, 7, 1_800, 1],
  ] as const
  for (const [name, category, start, current, bids, ends, ago] of rows) {
    const id = await openLot(t.db, seller.id, {
      title: `${tag} ${name}`,
      startingPrice: start,
      endsInSeconds: ends,
    })
    await t.db.query(
      `update lots set category = $2, current_price = $3, bid_count = $4,
                       created_at = now() - make_interval(mins => $5) where id = $1`,
      [id, category, current, bids, ago],
    )
    ids[name] = id
  }
})

describe('sorting the list', () => {
  it.each([
    ['ending', ['Kettle', 'Book', 'Lens', 'Camera', 'Print']],
    ['newest', ['Book', 'Print', 'Lens', 'Camera', 'Kettle']],
    // Price: the current price, or the starting price before a bid (Kettle 10, Book 20, Lens 30).
    ['price_asc', ['Kettle', 'Book', 'Lens', 'Print', 'Camera']],
    ['price_desc', ['Camera', 'Print', 'Lens', 'Book', 'Kettle']],
    ['bids', ['Book', 'Camera', 'Lens']],
  ] as const)('%s', async (sort, expected) => {
    const got = titles(await list(`sort=${sort}`))
    // Lots without bids tie at 0 on "most bids": their order is the id's, checked by paging below.
    expect(sort === 'bids' ? got.slice(0, 3) : got).toEqual(expected)
  })

  it('refuses an unknown sort by field', async () => {
    const res = await get('sort=cheapest')
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json().errors).toEqual({ sort: 'Is not one of the allowed values.' })
  })
})

describe('paging through every sort', () => {
  const pagingTag = `p${randomUUID().slice(0, 8)}`
  beforeAll(async () => {
    const seller = await member(t.app, t.db, config)
    // 13 lots with many ties (same price, bids, end and creation time): only the id breaks them.
    for (let i = 0; i < 13; i++) {
      const id = await openLot(t.db, seller.id, {
        title: `${pagingTag} ${i}`,
        startingPrice: 1_000 + (i % 3) * 100,
        endsInSeconds: 3_600,
      })
      await t.db.query(
        `update lots set bid_count = $2, ends_at = (select ends_at from lots l2 where l2.title = $3),
                         created_at = '2030-01-01T00:00:00Z'
          where id = $1`,
        [id, i % 2, `${pagingTag} 0`],
      )
    }
    // A closed one and a scheduled one, so "ending" pages across its three ranks.
    await t.db.query(
      `update lots set status = 'unsold', ends_at = now() - interval '1 minute',
                       starts_at = now() - interval '1 hour' where title = $1`,
      [`${pagingTag} 11`],
    )
    await t.db.query(
      `update lots set status = 'scheduled', starts_at = now() + interval '1 minute'
        where title = $1`,
      [`${pagingTag} 12`],
    )
  })

  it.each(LOT_SORTS)('%s: every lot exactly once, in the order of one big page', async (sort) => {
    const base = `q=${pagingTag}&sort=${sort}`
    const whole = (await (await get(`${base}&limit=50`)).json()) as { items: Item[] }
    expect(whole.items).toHaveLength(13)
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 20; pages++) {
      const res = await get(`${base}&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const page = res.json() as { items: Item[]; nextCursor: string | null }
      seen.push(...page.items.map((i) => i.id))
      cursor = page.nextCursor
      if (!cursor) break
    }
    expect(seen).toEqual(whole.items.map((i) => i.id))
    expect(new Set(seen).size).toBe(13)
  })

  it('refuses a cursor made by another sort (its key means something else)', async () => {
    const first = (await (await get(`q=${pagingTag}&sort=price_asc&limit=2`)).json()) as {
      nextCursor: string
    }
    for (const other of ['', '&sort=bids', '&sort=ending']) {
      const res = await get(`q=${pagingTag}${other}&cursor=${first.nextCursor}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('bad_request')
    }
    const ending = (await (await get(`q=${pagingTag}&limit=2`)).json()) as { nextCursor: string }
    expect((await get(`q=${pagingTag}&sort=newest&cursor=${ending.nextCursor}`)).statusCode).toBe(
      400,
    )
  })
})

describe('categories', () => {
  it('filters by category and says each lot’s category', async () => {
    const page = await list('category=cameras&sort=price_asc')
    expect(titles(page)).toEqual(['Lens', 'Camera'])
    expect(page.items.every((i) => i.category === 'cameras')).toBe(true)
    expect(titles(await list('category=furniture'))).toEqual([])
  })

  it('refuses an unknown category in the list and in a new lot', async () => {
    for (const bad of ['Cameras', 'weapons', 'cameras ', '']) {
      const res = await get(`category=${encodeURIComponent(bad)}`)
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toHaveProperty('category')
    }
  })

  it('a new lot must name one: missing or unknown is refused by field, a valid one is kept', async () => {
    const seller = await member(t.app, t.db, config)
    const body = {
      title: 'Brass lamp',
      startingPrice: 1_000,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      delivery: { pickup: { town: 'Madrid' } },
    }
    const post = (payload: object) =>
      seller.b.request({ method: 'POST', url: '/api/lots', payload })
    for (const payload of [body, { ...body, category: 'guns' }, { ...body, category: null }]) {
      const res = await post(payload)
      expect(res.statusCode).toBe(422)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(Object.keys(res.json().errors)).toEqual(['category'])
    }
    const ok = await post({ ...body, category: 'home' })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().category).toBe('home')
  })

  it('lots listed before categories existed are "other"', async () => {
    const { rows } = await t.db.query<{ d: string | null }>(
      `select column_default as d from information_schema.columns
        where table_name = 'lots' and column_name = 'category'`,
    )
    expect(rows[0]!.d).toContain('other')
  })
})

describe('price range (euros, on the current price or the starting price)', () => {
  it('keeps lots within both limits, limits included', async () => {
    expect(titles(await list('sort=price_asc&minPrice=20&maxPrice=30'))).toEqual(['Book', 'Lens'])
    expect(titles(await list('sort=price_asc&minPrice=20.01'))).toEqual(['Lens', 'Print', 'Camera'])
    expect(titles(await list('sort=price_asc&maxPrice=9.99'))).toEqual([])
    expect(titles(await list('sort=price_asc&maxPrice=10'))).toEqual(['Kettle'])
    expect(titles(await list('sort=price_asc&minPrice=0&maxPrice=0.1'))).toEqual([])
    expect(titles(await list('sort=price_asc&minPrice=90&maxPrice=10000'))).toEqual(['Camera'])
  })

  it.each([
    '1e3',
    '-0',
    '-5',
    ' 5',
    '5 ',
    '+5',
    '05',
    '5.',
    '.5',
    '5.123',
    '0x10',
    'Infinity',
    'NaN',
    '5,00',
    '١٢',
    '99999999999999999999',
    '1000000',
    '',
  ])('refuses %j as a limit, by field, never a 500', async (raw) => {
    for (const name of ['minPrice', 'maxPrice']) {
      const res = await get(`${name}=${encodeURIComponent(raw)}`)
      expect(res.statusCode).toBe(422)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(Object.keys(res.json().errors)).toEqual([name])
    }
  })

  it('refuses a limit above any possible price, and a minimum above the maximum', async () => {
    const above = await get('maxPrice=10000.01')
    expect(above.statusCode).toBe(422)
    expect(above.json().errors).toEqual({ maxPrice: 'Must be at most 10000.' })
    const backwards = await get('minPrice=30&maxPrice=20')
    expect(backwards.statusCode).toBe(422)
    expect(backwards.json().errors).toEqual({ maxPrice: 'Must be at least the minimum price.' })
    expect((await get('minPrice=20&maxPrice=20')).statusCode).toBe(200)
    // Repeated, a parameter is an array: refused, not half-read.
    expect((await get('minPrice=1&minPrice=2')).statusCode).toBe(422)
  })
})
