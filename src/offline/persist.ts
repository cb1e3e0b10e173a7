import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
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
import { del, get, set } from 'idb-keyval'
import { PERSIST_MAX_AGE } from '../api/query-client'
import { isQueueableMutation } from './mutations'

/**
 * Version of the *shape* of what we persist. Bump it when a query's data shape or a queued
 * mutation's variables change incompatibly. Deliberately not the build id: a mismatch removes
 * the whole persisted client, including queued offline mutations (docs/decisions/0002).
 */
export const CACHE_SCHEMA_VERSION = 'lotline-cache-1'
export const PERSIST_KEY = 'lotline-query-cache'
export const PERSIST_THROTTLE_MS = 1000

/**
 * The first read of the persisted cache, started by `prefetchPersistedState()` as soon as the
 * app's script runs, so IndexedDB works while the screen's chunk loads and React renders.
 */
let early: { key: string; value: Promise<string | undefined> } | undefined

export function prefetchPersistedState(): void {
  early = { key: PERSIST_KEY, value: get<string>(PERSIST_KEY).catch(() => undefined) }
}

/** JSON strings in IndexedDB via idb-keyval: no quota of localStorage, no DataCloneError. */
const storage = {
  getItem: async (key: string) => {
    const prefetched = early?.key === key ? early.value : undefined
    early = undefined // only the first restore may use it; later reads see later writes
    return (await prefetched) ?? (await get<string>(key)) ?? null
  },
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
}

export const persister = createAsyncStoragePersister({
  storage,
  key: PERSIST_KEY,
  throttleTime: PERSIST_THROTTLE_MS,
})

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
 * After the persisted cache is restored: replay the offline queue if online (otherwise the
 * QueryClient does it on the next `online`), and mark restored data stale so what is on screen
 * refetches once. Nothing is awaited: the provider waits for this callback, and a request with
 * no timeout must never hold the app on its restore skeleton.
 */
export function onCacheRestored(client: QueryClient): void {
  performance.mark('lotline:restored')
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
  await set(PERSIST_KEY, JSON.stringify(persisted))
}

/** Removes everything persisted (cache and offline queue). */
export async function clearPersistedState(): Promise<void> {
  await del(PERSIST_KEY)
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
 * would then be missing offline). Returns the uninstaller.
 */
export function flushOnLeave(client: QueryClient): () => void {
  const flush = () => void flushPersistedState(client).catch(() => undefined)
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush()
  }
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', flush)
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', flush)
  }
}
