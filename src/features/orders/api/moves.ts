import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { IDEMPOTENCY_HEADER } from '../../../../common/config'
import type { OrderDetail } from '../../../../common/orders/shapes'
import { api } from '../../../api/client'
import { AttemptKeys } from '../../../api/idempotency'
import { walletKey } from '../../wallet'
import { orderKeys } from './keys'

/** A move on an order, as its route takes it (server/routes/orders). */
export type OrderAction =
  | { type: 'choose_address'; addressId: string }
  | { type: 'choose_pickup' }
  | { type: 'ship'; carrier: string; trackingNumber?: string }
  | { type: 'confirm_receipt' }
  | { type: 'open_problem' }

function send(orderId: string, action: OrderAction, key: string): Promise<OrderDetail> {
  const path = `orders/${encodeURIComponent(orderId)}`
  const headers = { [IDEMPOTENCY_HEADER]: key }
  switch (action.type) {
    case 'choose_address':
      return api
        .put(`${path}/address`, { json: { addressId: action.addressId }, headers })
        .json<OrderDetail>()
    case 'choose_pickup':
      return api.post(`${path}/pickup`, { headers }).json<OrderDetail>()
    case 'ship': {
      const { carrier, trackingNumber } = action
      return api
        .post(`${path}/shipment`, {
          json: trackingNumber ? { carrier, trackingNumber } : { carrier },
          headers,
        })
        .json<OrderDetail>()
    }
    case 'confirm_receipt':
      return api.post(`${path}/receipt`, { headers }).json<OrderDetail>()
    case 'open_problem':
      return api.post(`${path}/problem`, { headers }).json<OrderDetail>()
  }
}

/**
 * The order's moves. Each attempt carries an Idempotency-Key, the same one when it is retried
 * after an error or a lost answer, so a move is made once. Moves are not queued offline: each
 * depends on the order's state now, and most move money (decision 0052).
 */
export function useOrderMove(orderId: string) {
  const client = useQueryClient()
  const [keys] = useState(() => new AttemptKeys())
  return useMutation({
    mutationKey: ['orders', 'move', orderId],
    mutationFn: (action: OrderAction) => send(orderId, action, keys.keyFor(action)),
    onSuccess: (order) => {
      keys.done()
      client.setQueryData(orderKeys.detail(orderId), order)
      // Read again too: a refetch that left before the move was stored would answer after it.
      void client.invalidateQueries({ queryKey: orderKeys.detail(orderId) })
      void client.invalidateQueries({ queryKey: orderKeys.lists() })
      // The move may have moved money (a receipt releases the seller's, a pickup pays back the
      // shipping); our own socket is left out of the event that says so.
      void client.invalidateQueries({ queryKey: walletKey })
    },
  })
}
