import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderRatings, RatingInput } from '../../../../common/orders/ratings'
import { api } from '../../../api/client'

/** Under the order's own key, so refreshing an order refreshes its ratings too. */
export const orderRatingsKey = (orderId: string) => ['orders', orderId, 'ratings'] as const

/** `GET /api/orders/:id/ratings`: mine, theirs, and whether I may rate now (issue 29). */
export function useOrderRatings(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderRatingsKey(orderId),
    queryFn: ({ signal }) =>
      api.get(`orders/${encodeURIComponent(orderId)}/ratings`, { signal }).json<OrderRatings>(),
    enabled,
  })
}

/**
 * `PUT /api/orders/:id/rating`: sends or changes my rating; the answer is the order's ratings as
 * they now stand. Not queued offline: the form says it needs a connection. A seller's profile
 * changes with it, so those are refreshed.
 */
export function useRateOrder(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: RatingInput) =>
      api.put(`orders/${encodeURIComponent(orderId)}/rating`, { json: input }).json<OrderRatings>(),
    onSuccess: (ratings) => {
      client.setQueryData(orderRatingsKey(orderId), ratings)
      return client.invalidateQueries({ queryKey: ['sellers'] })
    },
  })
}
