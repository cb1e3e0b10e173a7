import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { Order, OrderDetail, OrderListRole } from '../../../../common/orders/shapes'
import { isUuid } from '../../../../common/wire'
import { api } from '../../../api/client'
import type { Page } from '../../../api/lot-keys'
import { orderKeys } from './keys'

/** `GET /api/orders?role=`: my purchases or my sales, newest first, cursor-paged. */
export function useOrders(role: OrderListRole, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(role),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api
        .get('orders', {
          searchParams: pageParam ? { role, cursor: pageParam } : { role },
          signal,
        })
        .json<Page<Order>>(),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

/** `GET /api/orders/:id`: one order with its timeline, as I see it (buyer, seller or admin). */
export function useOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(`orders/${encodeURIComponent(id)}`, { signal }).json<OrderDetail>(),
    enabled: enabled && isUuid(id),
  })
}

/**
 * The seller's pickup note (the exact place), which the lot's result shows only to the two sides
 * of its sale: null when the seller left none.
 */
export function usePickupNote(lotId: string) {
  return useQuery({
    queryKey: ['orders', 'pickup-note', lotId],
    queryFn: ({ signal }) =>
      api
        .get(`lots/${encodeURIComponent(lotId)}/result`, { signal })
        .json<{ nextSteps: string | null }>(),
    select: (result) => result.nextSteps,
    enabled: isUuid(lotId),
  })
}
