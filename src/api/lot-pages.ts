import { useInfiniteQuery } from '@tanstack/react-query'
import type { LotSummary } from '../../common/auction'
import { api } from './client'
import type { Page } from './lot-keys'

/**
 * A signed-in person's own paged list of lots (`GET /api/<path>?cursor=…`): the watchlist, my
 * bids. Give it a key under `lotKeys.pages()`, so live lot events patch it like the main list.
 */
export function useLotPages<T extends LotSummary>(
  queryKey: readonly unknown[],
  path: string,
  enabled: boolean,
  /** More of the query string, fixed for this list (e.g. my bids' `tab`). */
  params: Record<string, string> = {},
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get(path, { searchParams: pageParam ? { ...params, cursor: pageParam } : params, signal })
        .json<Page<T>>(),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}
