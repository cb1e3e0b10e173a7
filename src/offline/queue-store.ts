import type { DehydratedState } from '@tanstack/react-query'
import { del, get, update } from 'idb-keyval'
import { queueKeyOf } from './queued'

/**
 * The offline queue on disk, shared by every open tab (docs/decisions/0011). It lives under its
 * own IndexedDB key, next to the query cache: the cache is last-writer-wins, but a tab writing
 * the queue *merges* into what is there in one IndexedDB transaction, so one tab's write never
 * erases a write another tab queued.
 */
export const QUEUE_KEY = 'lotline-offline-queue'
/** How long a replayed key is remembered (as long as a persisted client may live). */
export const REPLAYED_TTL_MS = 7 * 24 * 60 * 60 * 1000
const REPLAYED_MAX = 500

export type DehydratedMutation = DehydratedState['mutations'][number]

export interface StoredQueue {
  /** The cache schema version it was written with; another version's queue is dropped. */
  buster: string
  mutations: DehydratedMutation[]
  /** Keys some tab has replayed, with when: no tab may write them back. */
  replayed: Record<string, number>
}

const empty = (buster: string): StoredQueue => ({ buster, mutations: [], replayed: {} })

export function parseQueue(raw: unknown, buster: string): StoredQueue {
  if (typeof raw !== 'string') return empty(buster)
  try {
    const queue = JSON.parse(raw) as Partial<StoredQueue>
    if (queue.buster !== buster || !Array.isArray(queue.mutations)) return empty(buster)
    return { buster, mutations: queue.mutations, replayed: queue.replayed ?? {} }
  } catch {
    return empty(buster)
  }
}

/** The replayed keys still worth remembering: the newest, within the TTL. */
export function recent(replayed: Record<string, number>, now: number): Record<string, number> {
  const kept = Object.entries(replayed)
    .filter(([, at]) => now - at < REPLAYED_TTL_MS)
    .sort(([, a], [, b]) => b - a)
    .slice(0, REPLAYED_MAX)
  return Object.fromEntries(kept)
}

/**
 * What a tab writes: its own queued writes, plus every keyed write already on disk that no tab
 * has replayed — another tab's, or one whose tab closed before reconnecting. Keyless writes
 * (queued before keys existed) cannot be told apart, so only the tab holding them keeps them.
 * Oldest first: that is the order they are replayed in.
 */
export function mergeQueue(
  disk: StoredQueue,
  mine: readonly DehydratedMutation[],
  now = Date.now(),
): StoredQueue {
  const replayed = recent(disk.replayed, now)
  const byKey = new Map<string, DehydratedMutation>()
  const keyless: DehydratedMutation[] = []
  for (const m of [...disk.mutations, ...mine]) {
    const key = queueKeyOf(m)
    if (key === undefined) {
      if (mine.includes(m)) keyless.push(m)
    } else if (!(key in replayed)) byKey.set(key, m)
  }
  const mutations = [...byKey.values(), ...keyless].sort(
    (a, b) => a.state.submittedAt - b.state.submittedAt,
  )
  return { buster: disk.buster, mutations, replayed }
}

export async function readQueue(buster: string): Promise<StoredQueue> {
  return parseQueue(await get<string>(QUEUE_KEY), buster)
}

/** One read-modify-write: IndexedDB runs readwrite transactions on a store one at a time. */
export function changeQueue(
  buster: string,
  next: (disk: StoredQueue) => StoredQueue,
): Promise<void> {
  return update<string>(QUEUE_KEY, (raw) => JSON.stringify(next(parseQueue(raw, buster))))
}

export function writeQueue(buster: string, mine: readonly DehydratedMutation[]): Promise<void> {
  return changeQueue(buster, (disk) => mergeQueue(disk, mine))
}

export function clearQueue(): Promise<void> {
  return del(QUEUE_KEY)
}
