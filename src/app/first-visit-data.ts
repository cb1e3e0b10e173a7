import { configQuery } from '../api/config'
import { queryClient } from '../offline/query-client'
import { meKey, meQuery } from '../features/auth/api'
import { loadMemberNav } from './member-nav'
import { hasPersistedCache } from '../offline/persist'
import type { ScreenPrefetch } from './routes'

/**
 * A first visit's first screen, fetched before React shows it (decision 0035): the page already
 * named these requests (common/first-screen.ts), so this only collects the browser's preloaded
 * answers, and the screen then renders once, whole, instead of as a skeleton and then again as a
 * list — two long tasks on a slow phone. A visit with a saved cache renders from it at once (its
 * budget is 300 ms) and refreshes as before; offline there is nothing to wait for.
 */
export async function firstVisitData(
  prefetch: ScreenPrefetch | undefined,
  params: Record<string, string>,
): Promise<void> {
  if (!navigator.onLine || (await hasPersistedCache())) return
  await Promise.all([
    queryClient.prefetchQuery(configQuery),
    queryClient.prefetchQuery(meQuery(queryClient)),
    prefetch?.(queryClient, { params, search: location.search }),
  ])
}

/**
 * The data of a first screen the server rendered (decision 0059), taken from the answers the page
 * carries (no request leaves), and a member's header links: hydration then draws exactly what the
 * HTML shows, whatever the saved cache holds (it comes back later, src/app/providers.tsx).
 */
export async function renderedScreenData(
  prefetch: ScreenPrefetch | undefined,
  params: Record<string, string>,
): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(configQuery),
    queryClient.prefetchQuery(meQuery(queryClient)),
    prefetch?.(queryClient, { params, search: location.search }),
  ])
  if (queryClient.getQueryData(meKey)) await loadMemberNav().catch(() => undefined)
}
