import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { PublicUser } from '../../../common/accounts'
import { getJson } from '../../api/client'

export const meKey = ['me'] as const

/**
 * GET /api/session → the user, or null for a guest. Not /api/me, whose 401 for a guest the browser
 * logs as a failed request on every first visit (decision 0030); the server names this request in
 * the page (common/first-screen.ts), so it is already under way when the app asks.
 */
export async function fetchMe(signal?: AbortSignal): Promise<PublicUser | null> {
  const body = await getJson<{ user: PublicUser | null }>('session', { signal })
  return body.user
}

/**
 * Data of another user must never show: when the session changes hands (expired, or a
 * different account), drop every user-scoped query and the offline queue, keep public config.
 */
export function resetForUser(client: QueryClient, next: PublicUser | null): void {
  const previous = client.getQueryData<PublicUser | null>(meKey)
  if (previous && previous.id !== next?.id) {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'me' })
    client.getMutationCache().clear()
  }
}

/** Who is signed in, as every screen asks it (the boot fetches it early on a first visit). */
export function meQuery(client: QueryClient) {
  return queryOptions({
    queryKey: meKey,
    queryFn: async ({ signal }) => {
      const user = await fetchMe(signal)
      resetForUser(client, user)
      return user
    },
    staleTime: 60_000,
  })
}

export function useMe() {
  return useQuery(meQuery(useQueryClient()))
}
