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
export function useSellerProfile(id: string, enabled = true) {
  return useQuery({
    queryKey: sellerKeys.profile(id),
    queryFn: ({ signal }) =>
      api.get(`sellers/${encodeURIComponent(id)}`, { signal }).json<SellerProfile>(),
    enabled: enabled && isUuid(id),
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

/** What following needs of a cached show (the shows feature's detail, common/shows.ts). */
type FollowedShow = { sellerId: string; my: { following: boolean } | null }

/**
 * `PUT` / `DELETE /api/sellers/:id/follow` (issue 34). The profile's button and count change at
 * once and go back if the server refuses; a show of this seller refetches its `my.following`.
 */
export function useFollowSeller(sellerId: string) {
  const client = useQueryClient()
  const key = sellerKeys.profile(sellerId)
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.put(`sellers/${encodeURIComponent(sellerId)}/follow`)
        : api.delete(`sellers/${encodeURIComponent(sellerId)}/follow`),
    onMutate: async (follow) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<SellerProfile>(key)
      if (before && before.following !== follow)
        client.setQueryData<SellerProfile>(key, {
          ...before,
          following: follow,
          followers: Math.max(0, before.followers + (follow ? 1 : -1)),
        })
      // A cached show of this seller says Following at once too (its refetch confirms it).
      const shows = ['shows', 'detail'] as const
      const beforeShows = client.getQueriesData<FollowedShow>({ queryKey: shows })
      client.setQueriesData<FollowedShow>({ queryKey: shows }, (show) =>
        show?.sellerId === sellerId && show.my
          ? { ...show, my: { ...show.my, following: follow } }
          : show,
      )
      return { before, beforeShows }
    },
    onError: (_error, _follow, context) => {
      if (context?.before) client.setQueryData(key, context.before)
      for (const [showKey, show] of context?.beforeShows ?? []) client.setQueryData(showKey, show)
    },
    // A show's own `my.following` (the shows feature's detail keys start with 'shows').
    onSettled: () => client.invalidateQueries({ queryKey: ['shows', 'detail'] }),
  })
}
