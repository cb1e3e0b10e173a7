import { onlineManager, type QueryClient } from '@tanstack/react-query'

/**
 * Routes the client's resume of paused mutations (back online, focus, after restore) through the
 * queue's replay, one tab at a time (replay-queue.ts, docs/decisions/0011), and refetches what
 * this tab shows when another tab has replayed writes (they change its screens too).
 *
 * The replay is its own chunk, loaded on the first resume: a first screen never needs it
 * (decision 0044). If it cannot be loaded, the writes stay paused here and queued on disk, and
 * the next resume (the next `online` or focus) tries again: nothing queued is lost.
 */
const CHANNEL = 'lotline-offline-queue'

const channels = new WeakMap<QueryClient, BroadcastChannel>()

type ReplayModule = typeof import('./replay-queue')

export function installQueueReplay(
  client: QueryClient,
  load: () => Promise<ReplayModule> = () => import('./replay-queue'),
): void {
  const resume = client.resumePausedMutations.bind(client)
  const replayed = () => channels.get(client)?.postMessage('replayed')
  client.resumePausedMutations = () =>
    onlineManager.isOnline()
      ? load().then(
          ({ replayQueue }) => replayQueue(client, resume, replayed),
          () => undefined,
        )
      : Promise.resolve()
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
