import { describe, expect, it } from 'vitest'
import {
  cleanSearchName,
  readSavedSearch,
  SAVED_SEARCH_ALERT_GAP_MS,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCH_QUERY_MAX,
  SAVED_SEARCHES_MAX,
  savedSearchAlertCutoff,
  savedSearchPaths,
} from './saved-searches.ts'

/** Saved searches (issue 32): the name and filters a member may save, and the hourly alert. */
describe('reading a saved search', () => {
  const errorsOf = (input: Parameters<typeof readSavedSearch>[0]) => {
    const read = readSavedSearch(input)
    return read.ok ? {} : read.errors
  }

  it('keeps a name trimmed, its inner spaces one, and the filters as the list URL spells them', () => {
    const read = readSavedSearch({
      name: '  Film \t cameras ',
      q: ' leica ',
      category: 'cameras',
      minPrice: '10.50',
      maxPrice: '200',
      sort: 'price_asc',
    })
    expect(read).toEqual({
      ok: true,
      name: 'Film cameras',
      filters: {
        q: 'leica',
        category: 'cameras',
        minPrice: '10.5',
        maxPrice: '200',
        sort: 'price_asc',
      },
      minCents: 1050,
      maxCents: 20000,
    })
  })

  it('fills what is left out with no filter and the default sort', () => {
    expect(readSavedSearch({ name: 'All', minPrice: '', maxPrice: '' })).toEqual({
      ok: true,
      name: 'All',
      filters: { q: '', category: null, minPrice: null, maxPrice: null, sort: 'ending' },
      minCents: null,
      maxCents: null,
    })
  })

  it('needs a name, counted in characters after trimming', () => {
    expect(errorsOf({ name: '  ' })).toHaveProperty('name')
    expect(errorsOf({ name: 'é'.repeat(SAVED_SEARCH_NAME_MAX) })).toEqual({})
    expect(errorsOf({ name: ` ${'é'.repeat(SAVED_SEARCH_NAME_MAX)} ` })).toEqual({})
    expect(errorsOf({ name: '😀'.repeat(SAVED_SEARCH_NAME_MAX) })).toEqual({})
    expect(errorsOf({ name: 'é'.repeat(SAVED_SEARCH_NAME_MAX + 1) })).toHaveProperty('name')
  })

  it('bounds the words searched for as the list does', () => {
    expect(errorsOf({ name: 'a', q: 'q'.repeat(SAVED_SEARCH_QUERY_MAX) })).toEqual({})
    expect(errorsOf({ name: 'a', q: ` ${'q'.repeat(SAVED_SEARCH_QUERY_MAX)} ` })).toEqual({})
    expect(errorsOf({ name: 'a', q: 'q'.repeat(SAVED_SEARCH_QUERY_MAX + 1) })).toHaveProperty('q')
  })

  it('refuses a category, sort or price the list would not take, each by its field', () => {
    expect(Object.keys(errorsOf({ name: 'a', category: 'boats' }))).toEqual(['category'])
    expect(Object.keys(errorsOf({ name: 'a', sort: 'random' }))).toEqual(['sort'])
    for (const price of ['1e3', '-0', ' 5', '0x10', '10.555', '99999999'])
      expect(Object.keys(errorsOf({ name: 'a', minPrice: price })), price).toEqual(['minPrice'])
    expect(Object.keys(errorsOf({ name: 'a', maxPrice: '1e3' }))).toEqual(['maxPrice'])
  })

  it('refuses a range backwards, and takes equal limits', () => {
    expect(Object.keys(errorsOf({ name: 'a', minPrice: '50', maxPrice: '10' }))).toEqual([
      'maxPrice',
    ])
    expect(errorsOf({ name: 'a', minPrice: '10', maxPrice: '10' })).toEqual({})
    expect(errorsOf({ name: 'a', minPrice: '0', maxPrice: '0' })).toEqual({})
  })

  it('says every wrong field at once', () => {
    expect(Object.keys(errorsOf({ name: '', category: 'x', sort: 'y' })).sort()).toEqual([
      'category',
      'name',
      'sort',
    ])
  })
})

describe('limits and the hourly alert', () => {
  it('keeps ten searches a member, sixty-character names and an hour between alerts', () => {
    expect(SAVED_SEARCHES_MAX).toBe(10)
    expect(SAVED_SEARCH_NAME_MAX).toBe(60)
    expect(SAVED_SEARCH_ALERT_GAP_MS).toBe(3_600_000)
  })

  it('lets a search alert again exactly an hour after its last alert', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    expect(savedSearchAlertCutoff(now).toISOString()).toBe('2026-11-27T11:00:00.000Z')
  })

  it('cleans names the same however the space is spelled', () => {
    expect(cleanSearchName('\u00a0a \n b ')).toBe('a b')
  })

  it('names its API paths', () => {
    expect(savedSearchPaths().list).toBe('me/saved-searches')
    expect(savedSearchPaths().one('x')).toBe('me/saved-searches/x')
  })
})
