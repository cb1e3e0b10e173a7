import {
  dehydrate,
  onlineManager,
  type DehydrateOptions,
  type QueryClient,
} from '@tanstack/react-query'
import type {
  PersistedClient,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { PERSIST_MAX_AGE } from '../api/query-client'
import { isQueueableMutation, reapplyQueued } from './mutations'
import { persister, removePersisted, savePersisted } from './persister'
import { CACHE_SCHEMA_VERSION } from './version'

export { CACHE_SCHEMA_VERSION }
export { PERSIST_KEY, PERSIST_THROTTLE_MS, persister, prefetchPersistedState } from './persister'

export const dehydrateOptions: DehydrateOptions = {
  // Any query with data (last-known data survives a failed offline refetch), unless it opts out
  // with meta: { persist: false } (payment intents, anything secret).
  shouldDehydrateQuery: (query) => query.state.data !== undefined && query.meta?.persist !== false,
  // Only paused mutations registered as queueable (src/offline/mutations.ts).
  shouldDehydrateMutation: (mutation) =>
    mutation.state.isPaused && isQueueableMutation(mutation.options.mutationKey),
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: PERSIST_MAX_AGE,
  buster: CACHE_SCHEMA_VERSION,
  dehydrateOptions,
}

/**
 * After the persisted cache is restored: show the queued writes on screen again (another tab's
 * cache may have been written last), replay the offline queue if online (otherwise the
 * QueryClient does it on the next `online`), and mark restored data stale so what is on screen
 * refetches once. Nothing is awaited: the provider waits for this callback, and a request with
 * no timeout must never hold the app on its restore skeleton.
 */
export function onCacheRestored(client: QueryClient): void {
  performance.mark('lotline:restored')
  reapplyQueued(
    client,
    client
      .getMutationCache()
      .getAll()
      .filter((m) => m.state.isPaused)
      .map((m) => ({ mutationKey: m.options.mutationKey, variables: m.state.variables })),
  )
  if (onlineManager.isOnline()) void client.resumePausedMutations()
  void client.invalidateQueries()
}

/**
 * Writes the current state now, bypassing the persister's throttle (a throttled call made while
 * another is scheduled resolves before anything is written). Used right before an update reload.
 */
export async function flushPersistedState(client: QueryClient): Promise<void> {
  const persisted: PersistedClient = {
    buster: CACHE_SCHEMA_VERSION,
    timestamp: Date.now(),
    clientState: dehydrate(client, dehydrateOptions),
  }
  await savePersisted(persisted)
}

/** Removes everything persisted (cache and offline queue). */
export async function clearPersistedState(): Promise<void> {
  await removePersisted()
}

/** Sign-out: the user's cached data and queue go, in memory and on disk. */
export async function wipeUserData(client: QueryClient): Promise<void> {
  await client.cancelQueries()
  client.clear()
  await clearPersistedState()
}

/**
 * Writes the cache at once when the page is being left or hidden: the throttled persister would
 * otherwise drop what changed in the last second (a lot opened just before navigating away
 * would then be missing offline). Returns the uninstaller. A reload or a navigation away is
 * caught at `beforeunload`: the write is asynchronous (IndexedDB), and one started at `pagehide`
 * never lands in Chromium (the document is torn down first), so the reloaded screen had nothing.
 */
export function flushOnLeave(client: QueryClient): () => void {
  const flush = () => void flushPersistedState(client).catch(() => undefined)
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('beforeunload', flush)
  window.addEventListener('pagehide', flush)
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('beforeunload', flush)
    window.removeEventListener('pagehide', flush)
  }
}
