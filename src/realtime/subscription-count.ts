import { useCallback, useState } from 'react'
import type { RealtimeClient } from './connection'
import { useWithConnection } from './provider'

/**
 * How many sockets are on a public channel (e.g. `show.{id}`: everyone in the show room, guests
 * included, however many), from the service's `pusher:subscription_count`; the channel is
 * subscribed while mounted. Null until the first count arrives, after a re-subscription until a
 * fresh one does, and when `channel` is null.
 */
export function useSubscriptionCount(channel: string | null): number | null {
  const [count, setCount] = useState<{ channel: string; n: number | null } | null>(null)
  useWithConnection(
    useCallback(
      (client: RealtimeClient) => {
        if (!channel) return () => undefined
        const stopWatching = client.watchCount(channel, (n) => setCount({ channel, n }))
        const release = client.use(channel)
        return () => {
          release()
          stopWatching()
        }
      },
      [channel],
    ),
  )
  return count && count.channel === channel ? count.n : null
}
