import { onlineManager, type QueryClient } from '@tanstack/react-query'

/** Tabs tell each other here that they replayed queued writes (docs/decisions/0011). */
const CHANNEL = 'lotline-offline-queue'

const channels = new WeakMap<QueryClient, BroadcastChannel>()

/**
 * Routes the client's resume of paused mutations through `replayQueue` (src/offline/replay.ts,
 * its own chunk, fetched on the first resume: the entry carries only this), and refetches what it
 * shows when another tab has replayed writes (they change this tab's screens too).
 */
export function installQueueReplay(client: QueryClient): void {
  const resume = client.resumePausedMutations.bind(client)
  client.resumePausedMutations = () =>
    onlineManager.isOnline()
      ? import('./replay').then((replay) =>
          replay.replayQueue(client, resume, channels.get(client)),
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
