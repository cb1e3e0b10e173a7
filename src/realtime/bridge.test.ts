import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { applyEvent, applyResubscribe, matchChannel, type BridgeRule, type Params } from './bridge'

interface Lot {
  id: string
  currentPrice: number
  version: number
}
interface LotEvent extends Lot {
  bidId?: number
}

const lotRule: BridgeRule<LotEvent, Lot> = {
  channel: /^lot\.(?<id>[\w-]+)$/,
  event: 'lot.updated',
  queryKey: (_data, params) => ['lots', 'detail', params.id],
  merge: (cached, data) => ({ ...cached, ...data }),
  gapKeys: (params) => [
    ['lots', 'detail', params.id],
    ['lots', 'bids', params.id],
  ],
}

/** A real QueryClient whose queries count their fetches: the bridge must not cause any. */
function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  const fetches = { detail: 0, bids: 0 }
  const detailFn = vi.fn(async (): Promise<Lot> => {
    fetches.detail++
    return { id: 'a1', currentPrice: 9999, version: 99 }
  })
  return { queryClient, fetches, detailFn }
}

/** The lot as a mounted screen would have it: cached, with an observer that would refetch. */
function seed(queryClient: QueryClient, detailFn: () => Promise<Lot>, lot: Lot) {
  queryClient.setQueryData(['lots', 'detail', lot.id], lot)
  const observer = new QueryObserver(queryClient, {
    queryKey: ['lots', 'detail', lot.id],
    queryFn: detailFn,
    staleTime: Infinity,
  })
  return observer.subscribe(() => undefined)
}

describe('realtime bridge', () => {
  it('patches the cached lot when the event is the next version, with zero fetches', async () => {
    const { queryClient, detailFn } = setup()
    seed(queryClient, detailFn, { id: 'a1', currentPrice: 1000, version: 3 })
    const outcome = applyEvent(
      queryClient,
      lotRule,
      { id: 'a1' },
      { id: 'a1', currentPrice: 1100, version: 4 },
    )
    expect(outcome).toBe('patched')
    expect(queryClient.getQueryData(['lots', 'detail', 'a1'])).toEqual({
      id: 'a1',
      currentPrice: 1100,
      version: 4,
    })
    expect(detailFn).not.toHaveBeenCalled()
  })

  it('ignores an event older than or equal to what is cached', async () => {
    const { queryClient, detailFn } = setup()
    seed(queryClient, detailFn, { id: 'a1', currentPrice: 1500, version: 7 })
    expect(
      applyEvent(queryClient, lotRule, { id: 'a1' }, { id: 'a1', currentPrice: 1200, version: 5 }),
    ).toBe('ignored')
    expect(
      applyEvent(queryClient, lotRule, { id: 'a1' }, { id: 'a1', currentPrice: 1200, version: 7 }),
    ).toBe('ignored')
    expect(queryClient.getQueryData<Lot>(['lots', 'detail', 'a1'])?.currentPrice).toBe(1500)
    expect(detailFn).not.toHaveBeenCalled()
  })

  it('invalidates the listed keys when versions jump (missed events)', async () => {
    const { queryClient } = setup()
    queryClient.setQueryData(['lots', 'detail', 'a1'], { id: 'a1', currentPrice: 1000, version: 3 })
    queryClient.setQueryData(['lots', 'bids', 'a1'], [])
    const outcome = applyEvent(
      queryClient,
      lotRule,
      { id: 'a1' },
      { id: 'a1', currentPrice: 2000, version: 6 },
    )
    expect(outcome).toBe('invalidated')
    expect(queryClient.getQueryState(['lots', 'detail', 'a1'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['lots', 'bids', 'a1'])?.isInvalidated).toBe(true)
    // It did not pretend: the cached price is not the jumped one until the refetch answers.
    expect(queryClient.getQueryData<Lot>(['lots', 'detail', 'a1'])?.currentPrice).toBe(1000)
  })

  it('refetches once for an active screen on a gap', async () => {
    const { queryClient, detailFn } = setup()
    const stop = seed(queryClient, detailFn, { id: 'a1', currentPrice: 1000, version: 3 })
    applyEvent(queryClient, lotRule, { id: 'a1' }, { id: 'a1', currentPrice: 2000, version: 9 })
    await vi.waitFor(() => expect(detailFn).toHaveBeenCalledTimes(1))
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<Lot>(['lots', 'detail', 'a1'])?.version).toBe(99),
    )
    stop()
  })

  it('does nothing for a value nobody has cached', () => {
    const { queryClient } = setup()
    expect(
      applyEvent(queryClient, lotRule, { id: 'zz' }, { id: 'zz', currentPrice: 1, version: 1 }),
    ).toBe('uncached')
    expect(queryClient.getQueryData(['lots', 'detail', 'zz'])).toBeUndefined()
  })

  it('invalidates what a channel shows after a re-subscription', () => {
    const { queryClient } = setup()
    queryClient.setQueryData(['lots', 'detail', 'a1'], { id: 'a1', currentPrice: 1000, version: 3 })
    const keys = applyResubscribe(queryClient, [lotRule], 'lot.a1')
    expect(keys).toEqual([
      ['lots', 'detail', 'a1'],
      ['lots', 'bids', 'a1'],
    ])
    expect(queryClient.getQueryState(['lots', 'detail', 'a1'])?.isInvalidated).toBe(true)
    expect(applyResubscribe(queryClient, [lotRule], 'wallet.x')).toEqual([])
  })

  it('matches channels and extracts params', () => {
    expect(matchChannel(lotRule, 'lot.abc-123')).toEqual({ id: 'abc-123' })
    expect(matchChannel(lotRule, 'lots')).toBeUndefined()
  })

  it('runs notify for every event, whatever the cache outcome', () => {
    const { queryClient } = setup()
    const notify = vi.fn()
    applyEvent(
      queryClient,
      { ...lotRule, notify },
      { id: 'a1' },
      { id: 'a1', currentPrice: 1, version: 1 },
    )
    expect(notify).toHaveBeenCalledWith({ id: 'a1', currentPrice: 1, version: 1 }, { id: 'a1' })
  })
})

/** The other rows of the bridge's table: defaults, unversioned events, prefix and invalidate rules. */
describe('realtime bridge: the rest of the rule table', () => {
  const listRule: BridgeRule<LotEvent, { items: Lot[] }> = {
    channel: /^lots$/,
    event: 'lot.updated',
    queryKey: () => ['lots', 'list'],
    prefix: true,
    cachedVersion: (cached, data) => cached.items.find((lot) => lot.id === data.id)?.version,
    merge: (cached, data) => ({
      items: cached.items.map((lot) => (lot.id === data.id ? { ...lot, ...data } : lot)),
    }),
  }
  const page = (...items: Lot[]) => ({ items })
  const lot = (id: string, version: number, currentPrice = 1000): Lot => ({
    id,
    currentPrice,
    version,
  })

  it('by default reads `version` from both sides and lets the event replace the cached value', () => {
    const { queryClient } = setup()
    const rule: BridgeRule<Lot, Lot> = { channel: /^x$/, event: 'e', queryKey: () => ['x'] }
    queryClient.setQueryData(['x'], lot('a1', 3))
    expect(applyEvent(queryClient, rule, {}, lot('a1', 4, 1200))).toBe('patched')
    expect(queryClient.getQueryData(['x'])).toEqual(lot('a1', 4, 1200))
    expect(applyEvent(queryClient, rule, {}, lot('a1', 4, 1300))).toBe('ignored')
    expect(applyEvent(queryClient, rule, {}, lot('a1', 6, 1400))).toBe('invalidated')
    // A gap with no gapKeys refetches the rule's own key.
    expect(queryClient.getQueryState(['x'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryData(['x'])).toEqual(lot('a1', 4, 1200))
  })

  it('patches an unversioned event, or onto an unversioned cache, whatever the numbers', () => {
    const { queryClient } = setup()
    const rule: BridgeRule<unknown, unknown> = { channel: /^x$/, event: 'e', queryKey: () => ['x'] }
    queryClient.setQueryData(['x'], { version: 5, note: 'old' })
    expect(applyEvent(queryClient, rule, {}, { version: '9', note: 'new' })).toBe('patched')
    expect(queryClient.getQueryData(['x'])).toEqual({ version: '9', note: 'new' })
    expect(applyEvent(queryClient, rule, {}, { version: 2, note: 'newer' })).toBe('patched')
    expect(queryClient.getQueryData(['x'])).toEqual({ version: 2, note: 'newer' })
    queryClient.setQueryData(['x'], 'plain')
    expect(applyEvent(queryClient, rule, {}, { version: 7 })).toBe('patched')
    expect(applyEvent(queryClient, rule, {}, null)).toBe('patched')
    expect(queryClient.getQueryData(['x'])).toBeNull()
    expect(queryClient.getQueryState(['x'])?.isInvalidated).toBe(false)
  })

  it('applies a prefix rule to every cached page under the prefix, each on its own', () => {
    const { queryClient } = setup()
    queryClient.setQueryData(['lots', 'list', 'art'], page(lot('a1', 3), lot('b2', 1)))
    queryClient.setQueryData(['lots', 'list', 'books'], page(lot('c3', 1)))
    queryClient.setQueryData(['lots', 'detail', 'a1'], lot('a1', 3))
    expect(applyEvent(queryClient, listRule, {}, lot('a1', 4, 1500))).toBe('patched')
    expect(queryClient.getQueryData(['lots', 'list', 'art'])).toEqual(
      page(lot('a1', 4, 1500), lot('b2', 1)),
    )
    // The page without the lot is patched as a no-op, the key outside the prefix left alone.
    expect(queryClient.getQueryData(['lots', 'list', 'books'])).toEqual(page(lot('c3', 1)))
    expect(queryClient.getQueryData(['lots', 'detail', 'a1'])).toEqual(lot('a1', 3))
    expect(applyEvent(queryClient, listRule, {}, lot('a1', 4, 1600))).toBe('patched')
    expect(queryClient.getQueryData(['lots', 'list', 'art'])).toEqual(
      page(lot('a1', 4, 1500), lot('b2', 1)),
    )
  })

  it('a prefix rule reports the strongest outcome: a gap on one page beats a patch on another', () => {
    const { queryClient } = setup()
    queryClient.setQueryData(['lots', 'list', 'art'], page(lot('a1', 3)))
    queryClient.setQueryData(['lots', 'list', 'new'], page(lot('a1', 1)))
    expect(applyEvent(queryClient, listRule, {}, lot('a1', 3))).toBe('invalidated')
    expect(queryClient.getQueryState(['lots', 'list', 'new'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['lots', 'list', 'art'])?.isInvalidated).toBe(false)
  })

  it('a prefix rule: ignored when every page has it already, uncached when none is cached', () => {
    const { queryClient } = setup()
    expect(applyEvent(queryClient, listRule, {}, lot('a1', 3))).toBe('uncached')
    queryClient.setQueryData(['lots', 'list', 'art'], page(lot('a1', 3)))
    queryClient.setQueryData(['lots', 'list', 'books'], page(lot('a1', 4)))
    expect(applyEvent(queryClient, listRule, {}, lot('a1', 3))).toBe('ignored')
    // A page whose query holds no data yet does not count as cached.
    const empty = new QueryClient()
    void empty.prefetchQuery({
      queryKey: ['lots', 'list', 'x'],
      queryFn: () => new Promise(() => {}),
    })
    expect(applyEvent(empty, listRule, {}, lot('a1', 3))).toBe('uncached')
  })

  it('an invalidate rule refetches its gap keys, with the event, only when something is cached', () => {
    const { queryClient } = setup()
    const gapKeys = vi.fn((params: Params) => [
      ['lots', 'list'],
      ['seller', params.id!],
    ])
    const rule: BridgeRule<Lot, unknown> = {
      channel: /^seller\.(?<id>\w+)$/,
      event: 'lot.created',
      queryKey: () => ['lots', 'list'],
      prefix: true,
      invalidate: true,
      gapKeys,
    }
    expect(applyEvent(queryClient, rule, { id: 's1' }, lot('n1', 1))).toBe('uncached')
    expect(gapKeys).not.toHaveBeenCalled()
    queryClient.setQueryData(['lots', 'list', 'art'], page(lot('a1', 3)))
    queryClient.setQueryData(['seller', 's1'], { lots: 1 })
    expect(applyEvent(queryClient, rule, { id: 's1' }, lot('n1', 1))).toBe('invalidated')
    expect(gapKeys).toHaveBeenCalledWith({ id: 's1' }, lot('n1', 1))
    expect(queryClient.getQueryState(['seller', 's1'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryData(['lots', 'list', 'art'])).toEqual(page(lot('a1', 3)))
  })

  it('an invalidate rule without gap keys refetches its own key, prefix or not', () => {
    for (const prefix of [true, false]) {
      const { queryClient } = setup()
      const rule: BridgeRule<Lot, unknown> = {
        channel: /^x$/,
        event: 'e',
        queryKey: () => ['lots', 'list'],
        prefix,
        invalidate: true,
      }
      queryClient.setQueryData(['lots', 'list'], page(lot('a1', 3)))
      expect(applyEvent(queryClient, rule, {}, lot('a1', 4))).toBe('invalidated')
      expect(queryClient.getQueryState(['lots', 'list'])?.isInvalidated).toBe(true)
      expect(queryClient.getQueryData(['lots', 'list'])).toEqual(page(lot('a1', 3)))
    }
  })

  it('after a re-subscription refetches every matching rule with gap keys, and no other', () => {
    const { queryClient } = setup()
    const noGaps: BridgeRule<Lot, Lot> = { ...lotRule, gapKeys: undefined }
    const other: BridgeRule<Lot, Lot> = {
      ...lotRule,
      channel: /^wallet$/,
      gapKeys: () => [['wallet']],
    }
    const bids: BridgeRule<Lot, Lot> = {
      ...lotRule,
      gapKeys: (params) => [['lots', 'watchers', params.id!]],
    }
    queryClient.setQueryData(['wallet'], { balance: 1 })
    expect(applyResubscribe(queryClient, [noGaps, other, lotRule, bids], 'lot.a1')).toEqual([
      ['lots', 'detail', 'a1'],
      ['lots', 'bids', 'a1'],
      ['lots', 'watchers', 'a1'],
    ])
    expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(false)
  })
})
