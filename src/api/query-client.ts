import { MutationCache, QueryClient } from '@tanstack/react-query'
import { isClientError } from './errors'
import { refetchTouched, resendDelay, resendLostAnswer } from './reconcile'

export const DAY = 24 * 60 * 60 * 1000
/** How long persisted data stays usable offline; gcTime must be at least this (TanStack docs). */
export const PERSIST_MAX_AGE = 7 * DAY

/** Never retry 4xx (the answer will not change); retry 5xx / no-answer twice with backoff. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false
  return failureCount < 2
}

/**
 * A QueryClient with the API's policies (retries, lost answers, refetching what a write touched).
 * The app's client adds the offline queue: createQueryClient in src/offline/query-client.ts.
 */
export function createApiQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A write whose answer was lost refetches what it touched once it settles (decision 0049).
    mutationCache: new MutationCache({
      onSettled: (_data, error, _vars, _context, mutation) =>
        refetchTouched(client, mutation, error),
    }),
    defaultOptions: {
      queries: {
        /*
         * networkMode 'online' (not 'offlineFirst'): our service worker never caches API
         * responses, so an offline first attempt can only fail. 'online' pauses queries while
         * offline — the screen keeps the persisted data and shows its age — and resumes them on
         * reconnect; paused mutations are what the offline queue persists and replays.
         */
        networkMode: 'online',
        // Real-time events patch the cache, so a short staleTime only bounds focus/mount refetches.
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE,
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: true,
        // Back online: refetch what is on screen at once, stale or not (docs/product.md §6) —
        // events were missed while away, and the real-time reconnect alone would come later.
        refetchOnReconnect: 'always',
      },
      mutations: {
        networkMode: 'online',
        // Writes are not retried blindly: only a write with an Idempotency-Key whose answer was
        // lost is sent again, under the same key (decision 0049); queued ones are replayed by
        // resumePausedMutations.
        retry: resendLostAnswer,
        retryDelay: resendDelay,
        gcTime: PERSIST_MAX_AGE,
      },
    },
  })
  return client
}
