import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type {
  OrderMessagePage,
  OrderMessagesRead,
  OrderMessagesUnread,
} from '../../../../common/orders/messages'
import { api } from '../../../api/client'
import { orderMessageKeys } from './keys'

const threadPath = (orderId: string) => `orders/${encodeURIComponent(orderId)}/messages`

/** The thread, newest page first (each page newest first); more pages are older messages. */
export const orderMessagesQuery = (orderId: string) =>
  infiniteQueryOptions({
    queryKey: orderMessageKeys.thread(orderId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get(threadPath(orderId), { searchParams: pageParam ? { cursor: pageParam } : {}, signal })
        .json<OrderMessagePage>(),
    getNextPageParam: (last) => last.nextCursor,
  })

export function useOrderMessages(orderId: string) {
  return useInfiniteQuery(orderMessagesQuery(orderId))
}

export const unreadOrderMessagesQuery = {
  queryKey: orderMessageKeys.unread,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('orders/unread', { signal }).json<OrderMessagesUnread>(),
}

/** Unread messages across the member's orders: the Orders tab's badge (0 until known). */
export function useUnreadOrderMessages(enabled = true): number {
  return useQuery({ ...unreadOrderMessagesQuery, enabled }).data?.count ?? 0
}

/**
 * Marks a thread read up to a message. Not queued: a read marker is only worth sending online
 * (the thread is read again the next time it is shown). The answer is the new badge count.
 */
export function useMarkThreadRead(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (upTo: number) =>
      api.post(`${threadPath(orderId)}/read`, { json: { upTo } }).json<OrderMessagesRead>(),
    onSuccess: ({ count }) => {
      client.setQueryData(orderMessageKeys.unread, { count })
      // The order screens' own queries (under ['orders']) carry `unreadMessages`: refetch them.
      void client.invalidateQueries({
        queryKey: ['orders'],
        predicate: (query) => query.queryKey[1] !== 'messages' && query.queryKey[1] !== 'unread',
      })
    },
  })
}

export { threadPath }
