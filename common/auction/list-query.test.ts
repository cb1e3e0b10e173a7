import { describe, expect, it } from 'vitest'
import { apiSearchParams, readListParams } from './list-query.ts'

/** The lot list's URL, read as the list and the server's preloads read it (decision 0026, 0030). */
describe('readListParams', () => {
  it.each([
    ['', { status: 'open', q: '', sort: 'ending' }],
    [
      '?status=closed&q=%20lamp%20&sort=newest&category=books&minPrice=5&maxPrice=20.5',
      {
        status: 'closed',
        q: 'lamp',
        sort: 'newest',
        category: 'books',
        minPrice: '5',
        maxPrice: '20.5',
      },
    ],
    // What the API would refuse is dropped, never an error.
    ['?status=bogus&sort=bogus&category=bogus', { status: 'open', q: '', sort: 'ending' }],
    ['?minPrice=abc&maxPrice=-1', { status: 'open', q: '', sort: 'ending' }],
    ['?minPrice=20', { status: 'open', q: '', sort: 'ending', minPrice: '20' }],
    ['?maxPrice=0', { status: 'open', q: '', sort: 'ending', maxPrice: '0' }],
    // A range upside down: both limits go.
    ['?minPrice=30&maxPrice=20', { status: 'open', q: '', sort: 'ending' }],
    [
      '?minPrice=20&maxPrice=20',
      { status: 'open', q: '', sort: 'ending', minPrice: '20', maxPrice: '20' },
    ],
    ['?status=ending_soon&sort=bids', { status: 'ending_soon', q: '', sort: 'bids' }],
  ])('%s', (search, expected) => {
    expect(readListParams(search)).toStrictEqual(expected)
  })
})

describe('apiSearchParams', () => {
  it.each([
    [{ status: 'open', q: '', sort: 'ending' }, 'status=open'],
    [{ status: 'scheduled', q: '', sort: 'price_asc' }, 'status=scheduled&sort=price_asc'],
    [
      {
        status: 'closed',
        q: 'old lamp',
        sort: 'newest',
        category: 'books',
        minPrice: '5',
        maxPrice: '20',
      },
      'status=closed&q=old+lamp&sort=newest&category=books&minPrice=5&maxPrice=20',
    ],
    [{ status: 'open', q: '', sort: 'ending', maxPrice: '0' }, 'status=open&maxPrice=0'],
  ] as const)('%j → %s', (params, expected) => {
    expect(apiSearchParams(params).toString()).toBe(expected)
  })
})
