import type { SaleItems } from '../../../common/auction/ending.ts'
import type { Order, OrderDetail, OrderEvent, OrderViewer } from '../../../common/orders/shapes.ts'
import {
  availableMoves,
  dueAt,
  type OrderDeadlines,
  type OrderFacts,
} from '../../../common/orders/states.ts'
import type { OrderRecord } from '../../domain/order.ts'

/** Who `user` is to this order: its buyer, its seller, an admin, or nobody (a 404 to them). */
export function viewerOf(
  order: Pick<OrderRecord, 'buyerId' | 'sellerId'>,
  user: { id: string; role: string },
): OrderViewer | undefined {
  if (order.buyerId === user.id) return 'buyer'
  if (order.sellerId === user.id) return 'seller'
  return user.role === 'admin' ? 'admin' : undefined
}

export const factsOf = (order: OrderRecord): OrderFacts => ({
  state: order.state,
  delivery: order.delivery,
  stateSince: order.stateSince,
})

/** What the buyer paid, less the shipping given back when they picked the pickup. */
export const paidFor = (order: Pick<OrderRecord, 'hammer' | 'premium' | 'shipping'>) =>
  order.hammer + order.premium + order.shipping

/** The sale itemised as it now stands (shipping 0 once the buyer took the pickup instead). */
export const amountsOf = (order: OrderRecord): SaleItems => ({
  hammer: order.hammer,
  premium: order.premium,
  shipping: order.shipping,
  buyerTotal: paidFor(order),
  sellerFee: order.sellerFee,
  sellerProceeds: order.hammer - order.sellerFee + order.shipping,
})

/** The order as `viewer` sees it at `now`, with the moves they can make. */
export function toOrder(
  order: OrderRecord,
  viewer: OrderViewer,
  deadlines: OrderDeadlines,
  now: Date,
  /** Of the viewer, in the order's thread (repositories/order-messages.ts). */
  unreadMessages: number,
): Order {
  const facts = factsOf(order)
  return {
    id: order.id,
    lot: { id: order.lotId, title: order.lotTitle },
    buyer: { id: order.buyerId, name: order.buyerName },
    seller: { id: order.sellerId, name: order.sellerName },
    viewer,
    state: order.state,
    stateSince: order.stateSince.toISOString(),
    delivery: order.delivery,
    amounts: amountsOf(order),
    pickupTown: order.pickupTown,
    shipTo: order.shipTo,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    refundedAmount: order.refundedAmount,
    nextMoves: availableMoves(facts, viewer, deadlines, now),
    autoCompleteAt:
      order.state === 'shipped'
        ? dueAt(order.stateSince, deadlines.autoCompleteDays).toISOString()
        : null,
    shipBy:
      order.state === 'awaiting_shipment'
        ? dueAt(order.stateSince, deadlines.shipByDays).toISOString()
        : null,
    createdAt: order.createdAt.toISOString(),
    version: order.version,
    unreadMessages,
  }
}

export const toOrderDetail = (
  order: OrderRecord,
  events: OrderEvent[],
  viewer: OrderViewer,
  deadlines: OrderDeadlines,
  now: Date,
  unreadMessages: number,
): OrderDetail => ({ ...toOrder(order, viewer, deadlines, now, unreadMessages), events })
