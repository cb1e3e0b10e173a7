import type { OrderDetail } from '../../../../common/orders/shapes'

/** The order's thread and ratings: mounted here once they exist (messages, ratings). */
export function OrderExtras({ order: _order }: { order: OrderDetail }) {
  return null
}
