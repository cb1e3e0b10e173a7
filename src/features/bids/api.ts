import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import { lotKeys, type LotItem, type Page } from '../lots/api'

/** `GET /api/me/bids`: lots I bid on, with my standing and my maximum on each. */
export function myBidsQuery() {
  return {
    queryKey: lotKeys.mine(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      api
        .get('me/bids', { searchParams: pageParam ? { cursor: pageParam } : {}, signal })
        .json<Page<LotItem>>(),
    getNextPageParam: (last: Page<LotItem>) => last.nextCursor,
  }
}

export function useMyBids(enabled = true) {
  return useInfiniteQuery({ ...myBidsQuery(), enabled })
}
