import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { BidPage, LotDetail, LotSummary } from '../../../../common/auction'
import { DEFAULT_LOT_SORT } from '../../../../common/auction'
import { api, getJson } from '../../../api/client'
import { apiSearchParams } from '../list-params'
import { noteServerTime } from '../clock'
import { mergeBids } from './cache'
import { lotKeys, type BidHistory, type ListParams, type Page } from './keys'

export function lotListQuery(params: ListParams) {
  return infiniteQueryOptions({
    queryKey: lotKeys.list(params),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const searchParams = apiSearchParams({ sort: DEFAULT_LOT_SORT, ...params })
      if (pageParam) searchParams.set('cursor', pageParam)
      const page = await getJson<Page<LotSummary>>('lots', { searchParams, signal })
      noteServerTime(page.items[0]?.serverTime)
      return page
    },
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useLotList(params: ListParams) {
  return useInfiniteQuery(lotListQuery(params))
}

export function lotQuery(id: string) {
  return queryOptions({
    queryKey: lotKeys.detail(id),
    queryFn: async ({ signal }) => {
      const lot = await getJson<LotDetail>(`lots/${encodeURIComponent(id)}`, { signal })
      noteServerTime(lot.serverTime)
      return lot
    },
  })
}

export function useLot(id: string) {
  return useQuery(lotQuery(id))
}

/**
 * History: the latest page first; afterwards (a gap, a re-subscription, a reconnect) only what is
 * missing, by cursor: `GET /lots/:id/bids?after={newest cached id}` until there is no next cursor.
 * Its version is the one the server says the answer is complete at, never the detail's: the two
 * answers can come from different moments (the page's own answers, preloads), and a history
 * claiming a later version than its bids would take the next event as consecutive and skip the
 * bids in between for good (docs/decisions/0043-history-version.md).
 */
export async function fetchBidHistory(
  client: QueryClient,
  id: string,
  signal?: AbortSignal,
): Promise<BidHistory> {
  const cached = client.getQueryData<BidHistory>(lotKeys.bids(id))
  const path = `lots/${encodeURIComponent(id)}/bids`
  if (!cached || cached.items.length === 0) {
    const page = await getJson<BidPage>(path, { signal })
    return { items: mergeBids([], page.items), version: page.version }
  }
  let items = cached.items
  let after: string | null = String(items[0]!.id)
  let version = cached.version
  while (after) {
    const page: BidPage = await api.get(path, { searchParams: { after }, signal }).json<BidPage>()
    items = mergeBids(items, page.items)
    // Each page is complete at its version up to where the next one starts: the last says it all.
    version = page.version
    after = page.nextCursor
  }
  return { items, version }
}

export function bidHistoryQuery(client: QueryClient, id: string) {
  return queryOptions({
    queryKey: lotKeys.bids(id),
    queryFn: ({ signal }) => fetchBidHistory(client, id, signal),
  })
}

export function useBidHistory(id: string) {
  return useQuery(bidHistoryQuery(useQueryClient(), id))
}
