import { useCallback, useState } from 'react'
import type { PresenceMember, RealtimeClient } from './connection'
import { useWithConnection } from './provider'

// Apart from provider.tsx: only the lot room shows presence, so this comes with its chunk and
// not with every first visit's entry (decision 0044).

/**
 * Members of a presence channel (e.g. `presence-lot.{id}`), subscribed while mounted; null until
 * the subscription succeeded (or when `channel` is null, e.g. for a guest).
 */
export function usePresence(channel: string | null): PresenceMember[] | null {
  const [members, setMembers] = useState<{ channel: string; list: PresenceMember[] } | null>(null)
  useWithConnection(
    useCallback(
      (client: RealtimeClient) => {
        if (!channel) return () => undefined
        const stopWatching = client.watchPresence(channel, (list) => setMembers({ channel, list }))
        const release = client.use(channel)
        return () => {
          release()
          stopWatching()
        }
      },
      [channel],
    ),
  )
  return members && members.channel === channel ? members.list : null
}
