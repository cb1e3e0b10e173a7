import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { applyEvent, applyResubscribe, matchChannel, type BridgeRule } from './bridge'

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
