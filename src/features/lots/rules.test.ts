import { QueryClient, QueryObserver, InfiniteQueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { applyEvent, applyResubscribe, matchChannel, type AnyRule } from '../../realtime/bridge'
import { lotKeys, type BidHistory, type LotPages } from './api'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { lotRules, type BidPlacedEvent } from './rules'
import type { LotDetail } from '../../../common/auction'

const ID = summary().id

/** Runs an event through every rule for its channel, as the real-time client does. */
function dispatch(client: QueryClient, channel: string, event: string, data: unknown) {
  const outcomes: string[] = []
  for (const rule of lotRules as AnyRule[]) {
    if (rule.event !== event) continue
    const params = matchChannel(rule, channel)
    if (params) outcomes.push(applyEvent(client, rule, params, data))
  }
  return outcomes
}

/** A "screen": cached data with mounted observers whose fetches are counted. */
function room() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  const fetches = {
    detail: vi.fn(async () => detail({ version: 99 })),
    bids: vi.fn(async (): Promise<BidHistory> => ({ items: [] })),
    list: vi.fn(),
  }
  client.setQueryData(
    lotKeys.detail(ID),
    detail({
      version: 3,
      my: { status: 'leading', maxBid: 2000, watching: true },
      leader: 'Bidder MINE',
    }),
  )
  client.setQueryData<BidHistory>(lotKeys.bids(ID), {
    items: [bidRow(2, 1200, 'Bidder MINE'), bidRow(1, 1000)],
  })
  const listKey = lotKeys.list({ status: 'open', q: '' })
  client.setQueryData<LotPages>(listKey, {
    pages: [
      { items: [summary({ version: 3 }), summary({ id: 'other', version: 1 })], nextCursor: null },
    ],
    pageParams: [null],
  })
  const stops = [
    new QueryObserver(client, {
      queryKey: lotKeys.detail(ID),
      queryFn: fetches.detail,
      staleTime: Infinity,
    }).subscribe(() => undefined),
    new QueryObserver(client, {
      queryKey: lotKeys.bids(ID),
      queryFn: fetches.bids,
      staleTime: Infinity,
    }).subscribe(() => undefined),
    new InfiniteQueryObserver(client, {
      queryKey: listKey,
      queryFn: async () => {
        fetches.list()
        return { items: [], nextCursor: null }
      },
      initialPageParam: null,
      getNextPageParam: () => null,
      staleTime: Infinity,
    }).subscribe(() => undefined),
  ]
  return { client, fetches, listKey, stop: () => stops.forEach((s) => s()) }
}

function bidPlaced(
  version: number,
  price: number,
  ids: number[],
  leader = 'Bidder 9999',
): BidPlacedEvent {
  return {
    lotId: ID,
    bids: ids.map((id) => bidRow(id, price, leader)),
    lot: summary({ version, currentPrice: price, bidCount: 2 + ids.length, leader }),
  }
}

describe('lot bridge rules', () => {
  it('bid.placed (next version) patches detail, history and list pages with zero fetches', async () => {
    const { client, fetches, listKey, stop } = room()
    const outcomes = dispatch(client, `lot.${ID}`, 'bid.placed', bidPlaced(4, 1500, [7]))
    expect(outcomes).toEqual(['patched', 'patched', 'patched'])
    const lot = client.getQueryData<LotDetail>(lotKeys.detail(ID))!
    expect(lot.currentPrice).toBe(1500)
    expect(lot.version).toBe(4)
    expect(lot.description).toBe('A fine telescope.')
    // A new leader while we led: we are outbid, our maximum stays ours.
    expect(lot.my).toEqual({ status: 'outbid', maxBid: 2000, watching: true })
    const history = client.getQueryData<BidHistory>(lotKeys.bids(ID))!
    expect(history.items.map((b) => b.id)).toEqual([7, 2, 1])
    const list = client.getQueryData<LotPages>(listKey)!
    expect(list.pages[0]!.items[0]!.currentPrice).toBe(1500)
    expect(list.pages[0]!.items[1]!.version).toBe(1)
    await new Promise((r) => setTimeout(r, 20))
    expect(fetches.detail).not.toHaveBeenCalled()
    expect(fetches.bids).not.toHaveBeenCalled()
    expect(fetches.list).not.toHaveBeenCalled()
    stop()
  })

  it('the same event twice changes nothing the second time (dedupe by version and bid id)', () => {
    const { client, stop } = room()
    dispatch(client, `lot.${ID}`, 'bid.placed', bidPlaced(4, 1500, [7]))
    const outcomes = dispatch(client, `lot.${ID}`, 'bid.placed', bidPlaced(4, 1500, [7]))
    expect(outcomes.slice(0, 2)).toEqual(['ignored', 'ignored'])
    expect(client.getQueryData<BidHistory>(lotKeys.bids(ID))!.items).toHaveLength(3)
    stop()
  })

  it('a version jump invalidates detail and history, then history is filled with ?after=', async () => {
    const { client, fetches, stop } = room()
    // History known complete at version 4 after one event…
    dispatch(client, `lot.${ID}`, 'bid.placed', bidPlaced(4, 1500, [7]))
    // …then version 7 arrives: 5 and 6 were missed.
    const outcomes = dispatch(client, `lot.${ID}`, 'bid.placed', bidPlaced(7, 2500, [12]))
    expect(outcomes.slice(0, 2)).toEqual(['invalidated', 'invalidated'])
    await vi.waitFor(() => expect(fetches.detail).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(fetches.bids).toHaveBeenCalledTimes(1))
    // The jumped price was not pretended; the refetch answered with the server's state.
    await vi.waitFor(() =>
      expect(client.getQueryData<LotDetail>(lotKeys.detail(ID))!.version).toBe(99),
    )
    stop()
  })

  it('lot.updated closing the lot turns leading into won, without a request', () => {
    const { client, fetches, stop } = room()
    const closed = summary({
      version: 4,
      status: 'settled',
      leader: 'Bidder MINE',
      minNextBid: null,
    })
    dispatch(client, `lot.${ID}`, 'lot.updated', closed)
    expect(client.getQueryData<LotDetail>(lotKeys.detail(ID))!.my?.status).toBe('won')
    expect(fetches.detail).not.toHaveBeenCalled()
    stop()
  })

  it('lot.updated with new pictures updates the open room and the lists (decision 0024)', () => {
    const { client, listKey, fetches, stop } = room()
    const pictures = [
      { id: 'p2', url: 'uploads/lots/b.png', width: 640, height: 480, widths: [320, 640] },
      { id: 'p1', url: 'uploads/lots/a.png', width: 640, height: 480, widths: [320, 640] },
    ]
    const changed = summary({ version: 4, pictures, imageUrl: pictures[0]!.url })
    dispatch(client, `lot.${ID}`, 'lot.updated', changed)
    dispatch(client, 'lots', 'lot.updated', changed)
    expect(client.getQueryData<LotDetail>(lotKeys.detail(ID))!.pictures).toEqual(pictures)
    const card = client.getQueryData<LotPages>(listKey)!.pages[0]!.items[0]!
    expect([card.imageUrl, card.pictures]).toEqual([pictures[0]!.url, pictures])
    expect(fetches.detail).not.toHaveBeenCalled()
    stop()
  })

  it('lot.updated on `lots` patches the lot in every cached list, older versions ignored', () => {
    const { client, listKey, fetches, stop } = room()
    dispatch(client, 'lots', 'lot.updated', summary({ version: 9, currentPrice: 9000 }))
    dispatch(client, 'lots', 'lot.updated', summary({ version: 5, currentPrice: 10 }))
    expect(client.getQueryData<LotPages>(listKey)!.pages[0]!.items[0]!.currentPrice).toBe(9000)
    expect(fetches.list).not.toHaveBeenCalled()
    stop()
  })

  it('lot.created invalidates the lists (once), and re-subscribing to `lots` does too', async () => {
    const { client, fetches, listKey, stop } = room()
    expect(dispatch(client, 'lots', 'lot.created', summary({ id: 'new', version: 1 }))).toContain(
      'invalidated',
    )
    await vi.waitFor(() => expect(fetches.list).toHaveBeenCalledTimes(1))
    applyResubscribe(client, lotRules as AnyRule[], 'lots')
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true)
    stop()
  })
})
