import { useChannelValue, type WatchChannel } from './channel-value'

/**
 * How many sockets are on a public channel (e.g. `show.{id}`: everyone in the show room, guests
 * included, however many), from the service's `pusher:subscription_count`; the channel is
 * subscribed while mounted. Null until the first count arrives, after a re-subscription until a
 * fresh one does, and when `channel` is null.
 */
export function useSubscriptionCount(channel: string | null): number | null {
  return useChannelValue(channel, watchCount)
}

const watchCount: WatchChannel<number | null> = (client, channel, listener) =>
  client.watchCount(channel, listener)
