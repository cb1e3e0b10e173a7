import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { definitionsFor } from './queueable'
import { queueKeyOf } from './queued'
import { clearQueue, readQueue, writeQueue, type StoredQueue } from './queue-store'
import { CACHE_SCHEMA_VERSION } from './version'

export const PERSIST_KEY = 'lotline-query-cache'
export const PERSIST_THROTTLE_MS = 1000

type Saved = [cache: string | undefined, queue: StoredQueue]

const readBoth = (): Promise<Saved> =>
  Promise.all([get<string>(PERSIST_KEY), readQueue(CACHE_SCHEMA_VERSION)])

/**
 * The first read of the persisted cache and queue, started by `prefetchPersistedState()` as soon
 * as the app's script runs, so IndexedDB works while the screen's chunk loads and React renders.
 */
let early: Promise<Saved> | undefined
/** The same first read, kept after the restore took it: what the boot found saved. */
let firstRead: Promise<Saved> | undefined

export function prefetchPersistedState(): void {
  early = firstRead = readBoth()
  early.catch(() => undefined) // a failed early read is retried by the restore itself
}

/**
 * Whether this browser held a saved cache when the page loaded (the boot's early read): a first
 * visit does not, and waits for its first screen's data instead (src/main.tsx, decision 0035).
 */
export async function hasPersistedCache(): Promise<boolean> {
  const [raw] = (await firstRead?.catch(() => undefined)) ?? (await readBoth())
  return Boolean(raw)
}

/** The cache record plus the shared queue, as one client for TanStack's restore. */
export async function readPersisted(): Promise<PersistedClient | undefined> {
  const prefetched = early
  early = undefined // only the first restore may use it; later reads see later writes
  const [raw, queue] = (await prefetched?.catch(() => undefined)) ?? (await readBoth())
  const saved = raw ? (JSON.parse(raw) as PersistedClient) : undefined
  if (!saved && queue.mutations.length === 0) return undefined
  const client = saved ?? {
    buster: CACHE_SCHEMA_VERSION,
    timestamp: Date.now(),
    clientState: { queries: [], mutations: [] },
  }
  // Keyless queued writes from before the shared queue still sit in the cache record.
  const legacy = client.clientState.mutations.filter((m) => queueKeyOf(m) === undefined)
  const mutations = [...legacy, ...queue.mutations]
  // A restored queued write needs its definition (its mutationFn) before it is restored.
  await definitionsFor(mutations)
  return { ...client, clientState: { ...client.clientState, mutations } }
}

/**
 * The query cache is one JSON string (no quota of localStorage, no DataCloneError), last writer
 * wins: it is only a cache. Queued writes go to the shared queue, merged with what other tabs
 * queued (queue-store.ts) — never overwritten.
 */
export async function savePersisted(client: PersistedClient): Promise<void> {
  const { mutations, queries } = client.clientState
  const cache: PersistedClient = { ...client, clientState: { queries, mutations: [] } }
  await Promise.all([set(PERSIST_KEY, JSON.stringify(cache)), writeQueue(client.buster, mutations)])
}

export async function removePersisted(): Promise<void> {
  await Promise.all([del(PERSIST_KEY), clearQueue()])
}

/**
 * At most one save per `interval`, always of the latest state: the first save at once, the
 * ones made meanwhile coalesced into one after it (TanStack's throttle, which only accepts a
 * string storage).
 */
export function throttled(
  save: (client: PersistedClient) => Promise<void>,
  interval: number,
): (client: PersistedClient) => Promise<void> {
  let latest: PersistedClient | undefined
  let chain: Promise<void> = Promise.resolve()
  let nextAt = 0
  return (client) => {
    const scheduled = latest !== undefined
    latest = client
    if (scheduled) return chain
    chain = chain.then(async () => {
      const wait = nextAt - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const next = latest!
      latest = undefined
      await save(next).catch(() => undefined)
      nextAt = Date.now() + interval
    })
    return chain
  }
}

export const persister: Persister = {
  persistClient: throttled(savePersisted, PERSIST_THROTTLE_MS),
  restoreClient: readPersisted,
  removeClient: removePersisted,
}
