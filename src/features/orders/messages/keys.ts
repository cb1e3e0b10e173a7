import type { InfiniteData } from '@tanstack/react-query'
import type { OrderMessagePage, OrderMessagesUnread } from '../../../../common/orders/messages'

/** Query keys of the order threads: one per order, and the member's unread total (the badge). */
export const orderMessageKeys = {
  thread: (orderId: string) => ['orders', 'messages', orderId] as const,
  unread: ['orders', 'unread'] as const,
}

export type ThreadPages = InfiniteData<OrderMessagePage, unknown>
export type UnreadTotal = OrderMessagesUnread
