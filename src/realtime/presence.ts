import { useEffect, useState } from 'react'
import type { PresenceMember } from './connection'
import { useRealtimeClient } from './provider'

// Apart from provider.tsx: only the lot room shows presence, so this comes with its chunk and
// not with every first visit's entry (decision 0044).

/**
 * Members of a presence channel (e.g. `presence-lot.{id}`), subscribed while mounted; null until
 * the subscription succeeded (or when `channel` is null, e.g. for a guest).
 */
export function usePresence(channel: string | null): PresenceMember[] | null {
  const client = useRealtimeClient()
  const [members, setMembers] = useState<{ channel: string; list: PresenceMember[] } | null>(null)
  useEffect(() => {
    if (!client || !channel) return
    const stopWatching = client.watchPresence(channel, (list) => setMembers({ channel, list }))
    const release = client.use(channel)
    return () => {
      release()
      stopWatching()
    }
  }, [client, channel])
  return members && members.channel === channel ? members.list : null
}
