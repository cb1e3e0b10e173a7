import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { BidRow } from '../../../common/auction'
import { EVENTS } from '../../../common/wire'
import { applyEvent, type AnyRule } from '../../realtime/bridge'
import { json, mockApi } from '../../testing/http'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { applyOwnBid, fetchBidHistory, lotKeys, type BidHistory } from './api'
import { lotRules, type BidPlacedEvent } from './rules'

/**
 * My own bid's answer and the bid history (docs/decisions/0043-history-version.md): the answer
 * adds my bid, but when other bids came in between that this device has not heard of (the socket
 * was down for a moment), the history is not complete at my bid's version. It must still say where
 * it is complete, so the next event is a gap and the gap fill brings the bids in between.
 */
const ID = summary().id

/** The server's bids on this lot, each bid at the lot version of the same number. */
const SERVER_BIDS = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => bidRow(n, 1_000 + n * 100))

function serveBids() {
  return mockApi({
    [`GET /api/lots/${ID}/bids`]: (request) => {
      const after = Number(new URL(request.url).searchParams.get('after') ?? 0)
      const items = SERVER_BIDS.filter((b) => b.id > after).reverse()
      return json({ items, nextCursor: null, version: SERVER_BIDS.length })
    },
  })
}

const historyRule = (lotRules as AnyRule[]).find(
  (rule) =>
    rule.event === EVENTS.bidPlaced &&
    String(rule.queryKey({} as BidPlacedEvent, { id: ID })[1]) === 'bids',
)!

const ids = (rows: readonly BidRow[]) => rows.map((b) => b.id)
const bidAt = (n: number) => SERVER_BIDS[n - 1]!

function answerAt(version: number) {
  return {
    bids: [bidAt(version)],
    lot: detail({ version, my: { status: 'leading' as const, maxBid: 5_000, watching: false } }),
    wallet: {
      balance: 50_000,
      held: 5_000,
      available: 45_000,
      pending: 0,
      currency: 'EUR',
      version: 2,
    },
  }
}

function historyAt(version: number): BidHistory {
  return { items: SERVER_BIDS.slice(0, version).reverse(), version }
}

const liveBid = (n: number): BidPlacedEvent => ({
  lotId: ID,
  bids: [bidAt(n)],
  lot: summary({ version: n, currentPrice: bidAt(n).amount }),
})

describe('my bid’s answer in the bid history', () => {
  it('right after what the history has: my bid is added and the next live bid follows it', () => {
    const client = new QueryClient()
    client.setQueryData(lotKeys.detail(ID), detail({ version: 5 }))
    client.setQueryData(lotKeys.bids(ID), historyAt(5))
    applyOwnBid(client, ID, answerAt(6))
    expect(ids(client.getQueryData<BidHistory>(lotKeys.bids(ID))!.items)).toEqual([
      6, 5, 4, 3, 2, 1,
    ])
    expect(applyEvent(client, historyRule, { id: ID }, liveBid(7))).toBe('patched')
    expect(ids(client.getQueryData<BidHistory>(lotKeys.bids(ID))!.items)[0]).toBe(7)
  })

  it('after bids this device missed: the gap stays open and its fill shows the missed bids', async () => {
    const { requests } = serveBids()
    const client = new QueryClient()
    client.setQueryData(lotKeys.detail(ID), detail({ version: 5 }))
    client.setQueryData(lotKeys.bids(ID), historyAt(5))
    // Bids 6 and 7 were placed by others while the socket was down; mine is the 8th.
    applyOwnBid(client, ID, answerAt(8))
    expect(client.getQueryData<BidHistory>(lotKeys.bids(ID))!.version).not.toBe(8)

    // The next live bid is therefore a gap, not the next bid to add …
    expect(applyEvent(client, historyRule, { id: ID }, liveBid(9))).toBe('invalidated')
    // … and the refetch it asks for brings every bid, the missed ones included.
    const filled = await fetchBidHistory(client, ID)
    expect(ids(filled.items)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(filled.version).toBe(9)
    expect(requests).toHaveLength(1)
  })
})
