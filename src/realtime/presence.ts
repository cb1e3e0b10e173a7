import { useChannelValue, type WatchChannel } from './channel-value'
import type { PresenceMember } from './connection'

// Apart from provider.tsx: only the lot room shows presence, so this comes with its chunk and
// not with every first visit's entry (decision 0044).

/**
 * Members of a presence channel (e.g. `presence-lot.{id}`), subscribed while mounted; null until
 * the subscription succeeded (or when `channel` is null, e.g. for a guest).
 */
export function usePresence(channel: string | null): PresenceMember[] | null {
  return useChannelValue(channel, watchMembers)
}

const watchMembers: WatchChannel<PresenceMember[]> = (client, channel, listener) =>
  client.watchPresence(channel, listener)
