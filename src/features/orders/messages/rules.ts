import { CHANNEL_PATTERNS, EVENTS, type OrderMessageEvent } from '../../../../common/wire'
import type { BridgeRule } from '../../../realtime/bridge'
import { addMessage } from './cache'
import { orderMessageKeys, type ThreadPages, type UnreadTotal } from './keys'

/**
 * `order.message` on the member's `private-wallet.{userId}` channel (the other side wrote): the
 * thread, when cached, shows it on top (deduplicated by id; messages carry no version), and the
 * badge counts one more until the thread on screen marks it read.
 */
export const orderMessageRules: [
  BridgeRule<OrderMessageEvent, ThreadPages>,
  BridgeRule<OrderMessageEvent, UnreadTotal>,
] = [
  {
    channel: CHANNEL_PATTERNS.wallet,
    event: EVENTS.orderMessage,
    queryKey: (event) => orderMessageKeys.thread(event.orderId),
    eventVersion: () => undefined,
    merge: (cached, event) => addMessage(cached, event.message),
  },
  {
    channel: CHANNEL_PATTERNS.wallet,
    event: EVENTS.orderMessage,
    queryKey: () => orderMessageKeys.unread,
    eventVersion: () => undefined,
    merge: (cached) => ({ count: cached.count + 1 }),
  },
]
