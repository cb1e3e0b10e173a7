import { useQuery } from '@tanstack/react-query'
import type { LotResult } from '../../../../common/auction'
import { api } from '../../../api/client'

/** Where a finished lot's result lives in the cache (kept beside the lot, not inside it). */
export const lotResultKey = (id: string) => ['lots', 'result', id] as const

/**
 * `GET /api/lots/:id/result`: how the lot ended for me (decision 0023). Asked only once the lot
 * is over; the result of a finished lot never changes, so it is fetched once per visit.
 */
export function useLotResult(id: string, over: boolean, viewerKey: string | null) {
  return useQuery({
    queryKey: [...lotResultKey(id), viewerKey],
    queryFn: ({ signal }) =>
      api.get(`lots/${encodeURIComponent(id)}/result`, { signal }).json<LotResult>(),
    enabled: over && Boolean(id),
    staleTime: 60_000,
  })
}
