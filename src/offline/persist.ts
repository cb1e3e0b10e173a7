import {
  dehydrate,
  onlineManager,
  type DehydrateOptions,
  type QueryClient,
} from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { PERSIST_MAX_AGE } from '../api/query-client'
import { isQueueableMutation, reapplyQueued } from './mutations'
import { persister, savePersisted } from './persister'
import { CACHE_SCHEMA_VERSION } from './version'

export { CACHE_SCHEMA_VERSION }
export {
  PERSIST_KEY,
  PERSIST_THROTTLE_MS,
  hasPersistedCache,
  persister,
  prefetchPersistedState,
} from './persister'

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

/** When this page loaded: data older than this came from the saved cache. */
const LOADED_AT = Date.now()

/**
 * After the persisted cache is restored: show the queued writes on screen again (another tab's
 * cache may have been written last), replay the offline queue if online (otherwise the
 * QueryClient does it on the next `online`), and mark restored data stale so what is on screen
 * refetches once — restored data only: what this page load fetched already (the first screen's
 * data on a first visit, decision 0035) is fresh, and asking again would double the requests.
 * Nothing is awaited: the app waits for this callback (`startRestore`), and a request with
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
  void client.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt < LOADED_AT })
}

/** A restore of the saved cache into one client: `settled` once it is over, restored or not. */
export interface Restore {
  done: Promise<void>
  settled: boolean
}
const restores = new WeakMap<QueryClient, Restore>()

/**
 * Restores the saved cache into `client` once, then runs `onCacheRestored`. The boot starts it for
 * the app's client (src/main.tsx) beside the stylesheet and the first render; TanStack's provider
 * started it only once React had rendered and committed the providers, and a repeat visit then
 * rendered twice (decision 0038). The app's providers wait for the same restore
 * (src/app/providers.tsx). A cache TanStack cannot restore it removes; the app starts empty.
 * A saved queued write waits for the queueable writes' definitions (persister.ts, decision 0044).
 */
export function startRestore(client: QueryClient): Restore {
  const known = restores.get(client)
  if (known) return known
  const restore: Restore = { settled: false, done: Promise.resolve() }
  restore.done = persistQueryClientRestore({ ...persistOptions, queryClient: client })
    .then(() => onCacheRestored(client))
    .catch(() => undefined)
    .finally(() => {
      restore.settled = true
    })
  restores.set(client, restore)
  return restore
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
