import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SavedSearch, SavedSearchInput } from '../../../common/saved-searches'
import { api } from '../../api/client'

/** Saved searches (issue 32; docs/product.md "Saved searches"): the member's own, in Account. */
export const savedSearchKey = ['me', 'saved-searches'] as const

/** `GET /api/me/saved-searches`, oldest first. */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: savedSearchKey,
    queryFn: ({ signal }) =>
      api.get('me/saved-searches', { signal }).json<{ items: SavedSearch[] }>(),
    select: (data) => data.items,
    enabled,
  })
}

/** `POST /api/me/saved-searches`: the list's filters with a name. */
export function useSaveSearch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: SavedSearchInput) =>
      api.post('me/saved-searches', { json: input }).json<SavedSearch>(),
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKey }),
  })
}

/** `DELETE /api/me/saved-searches/:id`. */
export function useDeleteSavedSearch() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete(`me/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: savedSearchKey }),
  })
}
