/**
 * An order as the commands decide on it and the reads show it (issue 29): camelCase, mapped from
 * its row with the lot's title and both sides' display names by server/repositories/orders.ts.
 */
import type { ShipTo } from '../../common/orders/shapes.ts'
import type { OrderDelivery, OrderState } from '../../common/orders/states.ts'

export interface OrderRecord {
  id: string
  seq: number
  lotId: string
  lotTitle: string
  buyerId: string
  buyerName: string
  sellerId: string
  sellerName: string
  state: OrderState
  stateSince: Date
  delivery: OrderDelivery
  hammer: number
  premium: number
  shipping: number
  sellerFee: number
  pickupTown: string | null
  shipTo: ShipTo | null
  carrier: string | null
  trackingNumber: string | null
  refundedAmount: number | null
  version: number
  createdAt: Date
}
