import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { json, mockApi } from '../../testing/http'
import type { LotDetail } from '../../../common/auction'
import { applyOwnBid, fetchBidHistory, lotKeys, type BidHistory } from './api'
import { clockOffset, formatRemaining, noteServerTime, serverNow } from './clock'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { lotRules, type BidPlacedEvent } from './rules'
import { applyEvent, type AnyRule } from '../../realtime/bridge'
import { EVENTS } from '../../../common/wire'

const ID = summary().id

describe('bid history gap filling', () => {
  it('asks only for what is missing, after the newest cached bid, following the cursor', async () => {
    const { requests } = mockApi({
      [`GET /api/lots/${ID}/bids`]: (request) => {
        const after = new URL(request.url).searchParams.get('after')
        if (after === '2')
          return json({ items: [bidRow(5, 1500), bidRow(6, 1600)], nextCursor: '6', version: 8 })
        if (after === '6') return json({ items: [bidRow(8, 1700)], nextCursor: null, version: 9 })
        return json({ items: [], nextCursor: null, version: 9 })
      },
    })
    const client = new QueryClient()
    client.setQueryData(lotKeys.detail(ID), detail({ version: 9 }))
    client.setQueryData<BidHistory>(lotKeys.bids(ID), { items: [bidRow(2, 1200), bidRow(1, 1000)] })
    const history = await fetchBidHistory(client, ID)
    expect(history.items.map((b) => b.id)).toEqual([8, 6, 5, 2, 1])
    expect(history.version).toBe(9)
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?after=2', '?after=6'])
  })

  it('fetches the latest page when nothing is cached', async () => {
    const { requests } = mockApi({
      [`GET /api/lots/${ID}/bids`]: () =>
        json({ items: [bidRow(1, 1000), bidRow(2, 1200)], nextCursor: null, version: 3 }),
    })
    const history = await fetchBidHistory(new QueryClient(), ID)
    expect(history.items.map((b) => b.id)).toEqual([2, 1])
    expect(history.version).toBe(3)
    expect(new URL(requests[0]!.url).search).toBe('')
  })

  it('is complete at the version its answer names, not at a newer detail: later bids are not skipped', async () => {
    // The page's answers were read a moment apart: the detail at version 12, the history at 10.
    mockApi({
      [`GET /api/lots/${ID}/bids`]: () =>
        json({ items: [bidRow(9, 900), bidRow(10, 1000)], nextCursor: null, version: 10 }),
    })
    const client = new QueryClient()
    client.setQueryData(lotKeys.detail(ID), detail({ version: 12 }))
    client.setQueryData(lotKeys.bids(ID), await fetchBidHistory(client, ID))
    // Bid 13 arrives live: 11 and 12 are missing from the history, so it is a gap to fill by
    // cursor, not the next bid to add (with version 12 it was added, and 11 and 12 never came).
    const event: BidPlacedEvent = {
      lotId: ID,
      bids: [bidRow(13, 1300)],
      lot: summary({ version: 13, currentPrice: 1300 }),
    }
    const history = (lotRules as AnyRule[]).find(
      (rule) =>
        rule.event === EVENTS.bidPlaced && String(rule.queryKey(event, { id: ID })[1]) === 'bids',
    )!
    expect(applyEvent(client, history, { id: ID }, event)).toBe('invalidated')
  })
})

describe('countdown clock', () => {
  it('corrects local time by the server offset from responses', () => {
    // The phone is 90 s behind the server.
    noteServerTime('2026-01-01T11:00:00.000Z', Date.parse('2026-01-01T10:58:30.000Z'))
    expect(clockOffset()).toBe(90_000)
    expect(serverNow(Date.parse('2026-01-01T10:58:40.000Z'))).toBe(
      Date.parse('2026-01-01T11:00:10.000Z'),
    )
    noteServerTime(undefined)
    expect(clockOffset()).toBe(90_000)
    noteServerTime('2026-01-01T11:00:00.000Z', Date.parse('2026-01-01T11:00:00.000Z'))
    expect(clockOffset()).toBe(0)
  })

  it('formats what is left compactly', () => {
    expect(formatRemaining(9_000)).toBe('0:09')
    expect(formatRemaining(247_000)).toBe('4:07')
    expect(formatRemaining(3 * 3600_000 + 5 * 60_000)).toBe('3h 05m')
    expect(formatRemaining(2 * 86_400_000 + 4 * 3600_000)).toBe('2d 4h')
    expect(formatRemaining(-5)).toBe('0:00')
  })
})

describe('our own bid answer', () => {
  const wallet = {
    balance: 50_000,
    held: 3_000,
    available: 47_000,
    pending: 0,
    currency: 'EUR',
    version: 2,
  }
  const answer = (version: number) => ({
    bids: [bidRow(4, 1_000)],
    lot: detail({
      version,
      currentPrice: 1_000,
      my: { status: 'leading', maxBid: 3_000, watching: false },
    }),
    wallet,
  })

  it('brings my standing when the public event of the same version came first', () => {
    const client = new QueryClient()
    // The public lot.updated (no `my`) reached the cache before the answer.
    client.setQueryData(lotKeys.detail(ID), detail({ version: 4, currentPrice: 1_000, my: null }))
    applyOwnBid(client, ID, answer(4))
    const lot = client.getQueryData<LotDetail>(lotKeys.detail(ID))!
    expect(lot.my).toEqual({ status: 'leading', maxBid: 3_000, watching: false })
    expect(lot.version).toBe(4)
  })

  it('never goes back to an older version than the cache has', () => {
    const client = new QueryClient()
    client.setQueryData(lotKeys.detail(ID), detail({ version: 6, currentPrice: 1_200, my: null }))
    applyOwnBid(client, ID, answer(4))
    const lot = client.getQueryData<LotDetail>(lotKeys.detail(ID))!
    expect(lot.currentPrice).toBe(1_200)
    expect(lot.my).toBeNull()
  })
})
