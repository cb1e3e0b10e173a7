/**
 * Pusher's subscription-count feature for public and private channels (presence channels have
 * their member list): `pusher_internal:subscription_count` `{subscription_count: N}`, which
 * pusher-js hands the app as `pusher:subscription_count`. Hosted Pusher sends one per
 * subscribe/unsubscribe; here a pass every `intervalMs` sends each channel its count only when it
 * changed, so 2,000 viewers arriving cost each socket one frame per interval rather than 2,000
 * (2,000 × 2,000 frames). A socket that subscribed since the last pass gets the count even when
 * it did not change. The count is the cluster's (AppState.subscriptionCount: this node's sockets
 * plus the other nodes' announced ones), so every node tells its own sockets the same total, as
 * fresh as the nodes' announcements (cluster-link.ts).
 */
import type { AppState } from './app-state.ts'
import type { ChannelState } from './channel-state.ts'
import { prepareFrame } from './frames.ts'
import { channelKind } from './names.ts'
import { subscriptionCountFrame } from './protocol.ts'

/**
 * Starts the passes; returns the stop function. `intervalMs` 0: off. `prefixes`: only channels
 * whose names start with one of them (undefined: every public and private channel).
 */
export function startSubscriptionCounts(
  apps: Iterable<AppState>,
  intervalMs: number,
  prefixes?: readonly string[],
): () => void {
  if (intervalMs === 0) return () => {}
  const counted = (name: string) =>
    channelKind(name) !== 'presence' && (!prefixes || prefixes.some((p) => name.startsWith(p)))
  const states = [...apps]
  for (const state of states) state.counted = counted
  const timer = setInterval(() => {
    for (const state of states) sendCounts(state)
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** One pass over one app's channels with sockets on this node. */
export function sendCounts(state: AppState): void {
  for (const ch of state.channels.values()) {
    if (ch.subscribers.size === 0 || !state.counted?.(ch.name)) continue
    const count = state.subscriptionCount(ch.name)
    if (count !== ch.countSent) {
      ch.countSent = count
      ch.countOwed = undefined
      state.publish(ch.name, subscriptionCountFrame(ch.name, count))
    } else if (ch.countOwed?.size) {
      sendToOwed(ch, count)
    }
  }
}

function sendToOwed(ch: ChannelState, count: number): void {
  const prepared = prepareFrame(subscriptionCountFrame(ch.name, count))
  for (const conn of ch.countOwed ?? []) conn.sendPrepared(prepared)
  ch.countOwed = undefined
}
