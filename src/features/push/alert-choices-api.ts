import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { alertPaths, type AlertPreferences } from '../../../common/alerts'
import { api } from '../../api/client'

/** The member's in-app and e-mail choices per alert group (docs/product.md). */
export const alertChoicesKey = ['alerts', 'preferences'] as const

export const alertChoicesQuery = queryOptions({
  queryKey: alertChoicesKey,
  queryFn: ({ signal }) => api.get(alertPaths().preferences, { signal }).json<AlertPreferences>(),
})

export function useAlertChoices() {
  return useQuery(alertChoicesQuery)
}

/** Saves all choices at once; shown at once, put back when the server refuses. */
export function useSaveAlertChoices() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: alertChoicesKey,
    networkMode: 'always',
    mutationFn: (next: AlertPreferences) =>
      api.put(alertPaths().preferences, { json: next }).json<AlertPreferences>(),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: alertChoicesKey })
      const before = client.getQueryData(alertChoicesQuery.queryKey)
      client.setQueryData(alertChoicesQuery.queryKey, next)
      return { before }
    },
    onError: (_error, _next, context) => {
      if (context?.before) client.setQueryData(alertChoicesQuery.queryKey, context.before)
    },
    onSuccess: (saved) => client.setQueryData(alertChoicesQuery.queryKey, saved),
  })
}
