import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { readQueue } from './queue-store'
import { CACHE_SCHEMA_VERSION } from './version'

/**
 * Routes the client's resume of paused mutations (back online, focus, after restore) through the
 * queue's replay, one tab at a time (replay-queue.ts, docs/decisions/0011), and refetches what
 * this tab shows when another tab has replayed writes (they change its screens too).
 *
 * The replay is its own chunk, loaded on the first resume with something queued: a first screen
 * never needs it (decision 0044). If it cannot be loaded, the writes stay paused here and queued
 * on disk, and the next resume (the next `online` or focus) tries again: nothing queued is lost.
 */
const CHANNEL = 'lotline-offline-queue'

const channels = new WeakMap<QueryClient, BroadcastChannel>()

type ReplayModule = typeof import('./replay-queue')

/**
 * A write paused in this tab, or one on disk that a closed tab left: otherwise (every first visit,
 * most starts) there is nothing to replay and its code is not loaded. A queue that cannot be read
 * counts as queued: the replay reads it again.
 */
async function anythingQueued(client: QueryClient): Promise<boolean> {
  if (
    client
      .getMutationCache()
      .getAll()
      .some((m) => m.state.isPaused)
  )
    return true
  const disk = await readQueue(CACHE_SCHEMA_VERSION).catch(() => undefined)
  return !disk || disk.mutations.length > 0
}

export function installQueueReplay(
  client: QueryClient,
  load: () => Promise<ReplayModule> = () => import('./replay-queue'),
): void {
  const resume = client.resumePausedMutations.bind(client)
  const replayed = () => channels.get(client)?.postMessage('replayed')
  client.resumePausedMutations = async () => {
    if (!onlineManager.isOnline() || !(await anythingQueued(client))) return
    const loaded = await load().catch(() => undefined)
    await loaded?.replayQueue(client, resume, replayed)
  }
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = () => void client.invalidateQueries()
  // Node (tests): a channel must not keep the process alive.
  ;(channel as { unref?: () => void }).unref?.()
  channels.set(client, channel)
}

export function uninstallQueueReplay(client: QueryClient): void {
  channels.get(client)?.close()
  channels.delete(client)
}
