import { afterEach, describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ANSWERS_ID } from '../../common/first-screen-answers'
import { json, mockApi } from '../testing/http'
import { api, getJson } from './client'
import {
  agedBy,
  ANSWERS_FRESH_MS,
  resetFirstScreenAnswers,
  takeFirstScreenAnswer,
} from './first-screen-answers'

/** The block the server writes into the page (server/lib/first-screen-answers.ts). */
function pageBrings(answers: Record<string, unknown> | string) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = FIRST_SCREEN_ANSWERS_ID
  block.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers)
  document.head.append(block)
  resetFirstScreenAnswers()
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_ANSWERS_ID)?.remove()
  resetFirstScreenAnswers()
})

describe("the page's first answers (decision 0039)", () => {
  it('answers the first GET of exactly that address from the page, and the next from the server', async () => {
    pageBrings({ 'api/config': { currency: 'GBP' } })
    const { requests } = mockApi({ 'GET /api/config': () => json({ currency: 'EUR' }) })
    expect(await api.get('config').json()).toEqual({ currency: 'GBP' })
    expect(requests).toHaveLength(0)
    expect(await api.get('config').json()).toEqual({ currency: 'EUR' })
    expect(requests).toHaveLength(1)
  })

  it('never answers another address, a query that differs, or a write', async () => {
    pageBrings({ 'api/lots?status=open': { items: [] } })
    const { requests } = mockApi({
      'GET /api/lots': () => json({ items: [{ id: 'from-server' }] }),
      'POST /api/lots': () => json({ id: 'made' }, 201),
    })
    await api.get('lots', { searchParams: { status: 'closed' } }).json()
    await api.post('lots', { json: {} }).json()
    expect(requests.map((r) => `${r.method} ${new URL(r.url).search}`)).toEqual([
      'GET ?status=closed',
      'POST ',
    ])
    expect(await api.get('lots', { searchParams: { status: 'open' } }).json()).toEqual({
      items: [],
    })
  })

  it('getJson takes the answer before any request is built, once, at the address ky would ask', async () => {
    const { requests } = mockApi({ 'GET /api/lots': () => json({ items: ['from-server'] }) })
    const searchParams = () => new URLSearchParams({ sort: 'ending', q: 'blue vase' })
    await getJson('lots', { searchParams: searchParams() })
    const asked = requests[0]!.url
    pageBrings({ [asked]: { items: ['from-page'] } })
    expect(await getJson('lots', { searchParams: searchParams() })).toEqual({
      items: ['from-page'],
    })
    expect(requests).toHaveLength(1)
    expect(await getJson('lots', { searchParams: searchParams() })).toEqual({
      items: ['from-server'],
    })
    expect(requests).toHaveLength(2)
  })

  it('hands out nothing once the page is no longer new: the server is asked', () => {
    pageBrings({ 'api/config': { currency: 'GBP' } })
    const url = new URL('api/config', location.href).href
    expect(takeFirstScreenAnswer(url, undefined, ANSWERS_FRESH_MS + 1)).toBeUndefined()
    expect(takeFirstScreenAnswer(url, undefined, 10)).toBeUndefined()
  })

  it('takes a damaged block for no answers at all', () => {
    pageBrings('{"api/config": {')
    expect(takeFirstScreenAnswer(new URL('api/config', location.href).href)).toBeUndefined()
  })

  it('moves every serverTime on by the time the answer waited, so countdowns are not late', () => {
    const body = {
      serverTime: '2026-11-25T12:00:00.000Z',
      items: [{ id: 'a', serverTime: '2026-11-25T12:00:00.000Z', title: 'serverTime' }],
    }
    expect(agedBy(body, 1500)).toEqual({
      serverTime: '2026-11-25T12:00:01.500Z',
      items: [{ id: 'a', serverTime: '2026-11-25T12:00:01.500Z', title: 'serverTime' }],
    })
    expect(agedBy(body, 0)).toBe(body)
  })
})
