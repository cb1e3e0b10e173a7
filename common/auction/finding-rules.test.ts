import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LOT_SORT,
  formatPriceLimit,
  isLotCategory,
  isLotSort,
  LOT_CATEGORIES,
  LOT_SORTS,
  parsePriceLimit,
  PRICE_LIMIT_MAX_EUROS,
  PRICE_LIMIT_PATTERN,
  priceRangeProblem,
} from './finding'
import { MONEY_MAX } from './limits'
import { apiSearchParams, readListParams } from './list-query'

/** The finder's rules (decision 0026): what the URL, the API and the create form all accept. */

describe('categories and sorts', () => {
  // What a link and the filter do with them, rather than the lists restated.
  it('offers each category and sort once, with a catch-all category and the default sort among them', () => {
    expect(new Set(LOT_CATEGORIES).size).toBe(LOT_CATEGORIES.length)
    expect(new Set(LOT_SORTS).size).toBe(LOT_SORTS.length)
    expect(LOT_CATEGORIES).toContain('other')
    expect(LOT_SORTS).toContain(DEFAULT_LOT_SORT)
  })

  it.each(LOT_SORTS)('a link sorted by %s lists that way, and tells the API so', (sort) => {
    const params = readListParams(`?sort=${sort}&category=art`)
    expect(params).toMatchObject({ sort, category: 'art' })
    const api = apiSearchParams(params)
    expect(api.get('sort') ?? DEFAULT_LOT_SORT).toBe(sort)
    expect(api.get('category')).toBe('art')
  })

  it('a link with no sort, or one not offered, lists soonest ending first and sends no sort', () => {
    for (const search of ['', '?sort=cheapest', '?sort=Ending']) {
      const params = readListParams(search)
      expect(params.sort, search).toBe('ending')
      expect(apiSearchParams(params).has('sort'), search).toBe(false)
    }
  })

  it.each(LOT_CATEGORIES)('accepts the category %s', (category) => {
    expect(isLotCategory(category)).toBe(true)
  })

  it.each(LOT_SORTS)('accepts the sort %s', (sort) => {
    expect(isLotSort(sort)).toBe(true)
  })

  it.each([['Art'], ['art '], [''], ['ending'], [undefined], [null], [3], [['art']]])(
    'refuses %j as a category',
    (value) => {
      expect(isLotCategory(value)).toBe(false)
    },
  )

  it.each([['Ending'], ['price'], [''], ['art'], [undefined], [0], [['bids']]])(
    'refuses %j as a sort',
    (value) => {
      expect(isLotSort(value)).toBe(false)
    },
  )
})

describe('parsePriceLimit', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['10', 1_000],
    ['10.5', 1_050],
    ['10.05', 1_005],
    ['0.99', 99],
    ['0.29', 29],
  ])('reads %s as %i cents', (raw, cents) => {
    expect(parsePriceLimit(raw)).toBe(cents)
  })

  it.each([
    ['1e3'],
    ['-0'],
    ['-5'],
    ['+5'],
    [' 5'],
    ['5 '],
    ['05'],
    ['00'],
    ['0x10'],
    ['10.'],
    ['.5'],
    ['10.123'],
    ['1,5'],
    ['٣'],
    [''],
    ['1000000'],
    ['Infinity'],
    ['NaN'],
  ])('refuses %j', (raw) => {
    expect(parsePriceLimit(raw)).toBeUndefined()
  })

  it('refuses a limit above the most a lot can cost, and accepts that most', () => {
    expect(PRICE_LIMIT_MAX_EUROS).toBe(MONEY_MAX / 100)
    const most = formatPriceLimit(MONEY_MAX)
    expect(parsePriceLimit(most)).toBe(MONEY_MAX)
    if (MONEY_MAX < 99_999_999) {
      expect(parsePriceLimit(formatPriceLimit(MONEY_MAX + 1))).toBeUndefined()
    }
  })
})

describe('parsePriceLimit: more spellings, and the pattern the API schema checks', () => {
  it.each([
    ['10.50', 1_050],
    ['0.5', 50],
    ['0.0', 0],
    ['0.00', 0],
    ['0.01', 1],
    ['9999.99', 999_999],
    ['10000', 1_000_000],
    ['10000.0', 1_000_000],
  ])('reads %s as %i cents', (raw, cents) => {
    expect(parsePriceLimit(raw)).toBe(cents)
  })

  it.each([
    // One cent past the most a lot can cost, and the largest the digits allow.
    ['10000.01', true],
    ['10001', true],
    ['999999.99', true],
    // Not a price at all.
    ['1E3', false],
    ['-0.5', false],
    ['00.5', false],
    ['0.', false],
    ['1.2.3', false],
    ['1_000', false],
    ['5\n', false],
    ['\n5', false],
    ['５', false],
    ['10.5 ', false],
    ['1234567', false],
  ])('refuses %j (shaped like a price: %s)', (raw, shaped) => {
    expect(parsePriceLimit(raw)).toBeUndefined()
    // The API's query schema compiles the same pattern: a shaped price is left to the limit.
    expect(new RegExp(PRICE_LIMIT_PATTERN).test(raw)).toBe(shaped)
  })

  it('offers the most a lot can cost, in euros, as the largest limit', () => {
    expect(PRICE_LIMIT_MAX_EUROS).toBe(10_000)
    expect(parsePriceLimit(String(PRICE_LIMIT_MAX_EUROS))).toBe(MONEY_MAX)
  })
})

describe('formatPriceLimit', () => {
  it.each([
    [0, '0'],
    [100, '1'],
    [1_000, '10'],
    [1_050, '10.5'],
    [1_005, '10.05'],
    [99, '0.99'],
    [90, '0.9'],
    [101, '1.01'],
  ])('writes %i cents as %s', (cents, raw) => {
    expect(formatPriceLimit(cents)).toBe(raw)
  })

  it('writes what parsePriceLimit reads back', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 1_234, 50_000, MONEY_MAX]) {
      expect(parsePriceLimit(formatPriceLimit(cents))).toBe(cents)
    }
  })
})

describe('priceRangeProblem', () => {
  it.each([
    [undefined, undefined, undefined],
    [100, undefined, undefined],
    [undefined, 100, undefined],
    [100, 100, undefined],
    [100, 101, undefined],
    [0, 0, undefined],
    [101, 100, 'Must be at least the minimum price.'],
    [1, 0, 'Must be at least the minimum price.'],
  ])('min %s, max %s: %s', (min, max, problem) => {
    expect(priceRangeProblem(min, max)).toBe(problem)
  })
})
