import { hydrate, onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import { isFinalRefusal, isQueueableMutation, reapplyQueued } from './mutations'
import { definitionsFor } from './queueable'
import { queueKeyOf } from './queued'
import { changeQueue, readQueue, recent, type StoredQueue } from './queue-store'
import { CACHE_SCHEMA_VERSION } from './version'

/**
 * Replaying the offline queue, one tab at a time (docs/decisions/0011).
 *
 * Every `resumePausedMutations()` of the client (back online, focus, after restore) goes through
 * `replayQueue` (installed by replay.ts): under a Web Lock it adopts keyed writes on disk that no open tab holds (queued
 * in a tab since closed), replays every queued write in the order made, and records the keys
 * that are done so no tab writes them back. The lock keeps tabs from replaying at the same
 * moment; it is not what makes a replay safe — a tab can crash after sending and before
 * recording. The idempotency keys are: the server applies each key once.
 */
export const QUEUE_LOCK = 'lotline-offline-queue'

let fallbackTail: Promise<unknown> = Promise.resolve()

/** navigator.locks where there is one; else one queue for this page (jsdom, old browsers). */
export function withQueueLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks?.request) return locks.request<void>(QUEUE_LOCK, async () => await work())
  const run = fallbackTail.then(work, work)
  fallbackTail = run.catch(() => undefined)
  return run
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>

function queuedWrites(client: QueryClient): AnyMutation[] {
  return client
    .getMutationCache()
    .getAll()
    .filter((m) => m.state.isPaused && isQueueableMutation(m.options.mutationKey))
}

/** Keyed writes on disk this tab does not hold (in any state) join its queue. */
function adopt(client: QueryClient, queue: StoredQueue): void {
  const held = new Set(client.getMutationCache().getAll().map(queueKeyOf))
  const orphans = queue.mutations.filter((m) => {
    const key = queueKeyOf(m)
    return key !== undefined && !held.has(key) && isQueueableMutation(m.mutationKey)
  })
  hydrate(client, { mutations: orphans, queries: [] })
  reapplyQueued(
    client,
    orphans.map((m) => ({ mutationKey: m.mutationKey, variables: m.state.variables })),
  )
}

/**
 * Done for good: applied, or refused by the server (4xx other than timeout / rate limit; the
 * answer will not change). No answer or a 5xx leaves the write on disk for a later replay.
 * (`state.error` is set only once a write has failed for good: a try that will be retried sets
 * `failureReason`.)
 */
function done(m: AnyMutation): boolean {
  return m.state.status === 'success' || isFinalRefusal(m.state.error)
}

/**
 * Resolves once every write has settled or is paused again because the network went away: the
 * lock must not be held by a replay waiting for a `resume` that would itself need the lock.
 */
function settled(client: QueryClient, writes: AnyMutation[]): Promise<void> {
  const idle = () =>
    writes.every(
      (m) => m.state.status !== 'pending' || (m.state.isPaused && !onlineManager.isOnline()),
    )
  return new Promise((resolve) => {
    const check = () => {
      if (!idle()) return
      stopCache()
      stopOnline()
      resolve()
    }
    const stopCache = client.getMutationCache().subscribe(check)
    const stopOnline = onlineManager.subscribe(check)
    check()
  })
}

/** Replayed keys leave the queue and are remembered, in the same transaction. */
function withReplayed(disk: StoredQueue, keys: readonly string[], now = Date.now()): StoredQueue {
  const done = new Set<string | undefined>(keys)
  const replayed = { ...disk.replayed }
  for (const key of keys) replayed[key] = now
  return {
    buster: disk.buster,
    mutations: disk.mutations.filter((m) => !done.has(queueKeyOf(m))),
    replayed: recent(replayed, now),
  }
}

function recordReplayed(buster: string, keys: readonly string[]): Promise<void> {
  return changeQueue(buster, (disk) => withReplayed(disk, keys))
}

/**
 * Loaded by `installQueueReplay` (replay.ts) when a resume is asked for: no first screen needs it.
 * `replayed` tells the other tabs.
 */
export async function replayQueue(
  client: QueryClient,
  resume: () => Promise<unknown>,
  replayed: () => void,
): Promise<void> {
  await withQueueLock(async () => {
    const disk = await readQueue(CACHE_SCHEMA_VERSION)
    // Writes queued in a tab since closed are only known once their definitions are.
    await definitionsFor(disk.mutations)
    adopt(client, disk)
    const writes = queuedWrites(client)
    void resume()
    await settled(client, writes)
    const keys = writes.filter(done).flatMap((m) => queueKeyOf(m) ?? [])
    if (keys.length === 0) return
    await recordReplayed(CACHE_SCHEMA_VERSION, keys)
    replayed()
    // Writes adopted from disk have no feature callbacks to refresh this tab's screens.
    void client.invalidateQueries()
  })
}
