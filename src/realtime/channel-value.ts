import { useCallback, useState } from 'react'
import type { RealtimeClient } from './connection'
import { useWithConnection } from './provider'

/** How a hook follows one of the connection's per-channel values; returns the stop function. */
export type WatchChannel<T> = (
  client: RealtimeClient,
  channel: string,
  listener: (value: T) => void,
) => () => void

/**
 * A value the connection keeps per channel (who is in it, how many are on it), with the channel
 * subscribed while the calling component is mounted: null until it arrives, when `channel` is
 * null, and after the channel changes until the new one's arrives. Pass a stable `watch`.
 */
export function useChannelValue<T>(channel: string | null, watch: WatchChannel<T>): T | null {
  const [seen, setSeen] = useState<{ channel: string; value: T } | null>(null)
  useWithConnection(
    useCallback(
      (client: RealtimeClient) => {
        if (!channel) return () => undefined
        const stopWatching = watch(client, channel, (value) => setSeen({ channel, value }))
        const release = client.use(channel)
        return () => {
          release()
          stopWatching()
        }
      },
      [channel, watch],
    ),
  )
  return seen && seen.channel === channel ? seen.value : null
}
