import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SellerProfile } from '../../../common/orders/ratings'
import { isUuid } from '../../../common/wire'
import { api } from '../../api/client'
import { adminKeys } from '../admin'

export const sellerKeys = {
  all: ['sellers'] as const,
  profile: (id: string) => ['sellers', id] as const,
}

/** `GET /api/sellers/:id`: a seller's public profile (issue 29); anyone may read it. */
export function useSellerProfile(id: string) {
  return useQuery({
    queryKey: sellerKeys.profile(id),
    queryFn: ({ signal }) =>
      api.get(`sellers/${encodeURIComponent(id)}`, { signal }).json<SellerProfile>(),
    enabled: isUuid(id),
  })
}

/**
 * `DELETE /api/admin/ratings/:id` with the admin's reason: the rating counts nowhere after it.
 * Refreshes the profiles, the orders' ratings and the audit.
 */
export function useRemoveRating() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ ratingId, reason }: { ratingId: string; reason: string }) =>
      api
        .delete(`admin/ratings/${encodeURIComponent(ratingId)}`, { json: { reason } })
        .json<{ id: string; removedAt: string }>(),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: sellerKeys.all }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  })
}
