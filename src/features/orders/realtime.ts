import type { OrderMessageEvent, OrderUpdatedEvent } from '../../../common/wire'
import { CHANNEL_PATTERNS, EVENTS } from '../../../common/wire'
import type { BridgeRule } from '../../realtime/bridge'
import { orderKeys } from './api/keys'

/**
 * `order.updated` on `private-wallet.{userId}` names the order that moved, not how each side now
 * sees it (what they may do next differs): the open order and both lists refetch.
 */
export const orderUpdatedRule: BridgeRule<OrderUpdatedEvent, unknown> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.orderUpdated,
  queryKey: (event) => orderKeys.detail(event.id),
  invalidate: true,
  gapKeys: (_params, event) =>
    event ? [orderKeys.detail(event.id), orderKeys.lists()] : [orderKeys.all],
}

/** A new message changes the lists' unread counts: they refetch (the thread is patched in place). */
export const orderMessageListsRule: BridgeRule<OrderMessageEvent, unknown> = {
  channel: CHANNEL_PATTERNS.wallet,
  event: EVENTS.orderMessage,
  queryKey: () => orderKeys.lists(),
  invalidate: true,
}

export const orderRules = [orderUpdatedRule, orderMessageListsRule]
