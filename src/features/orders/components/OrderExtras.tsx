import type { OrderDetail } from '../../../../common/orders/shapes'
import { OrderRating } from '../ratings'

/** Under where the order stands: the ratings once it completed (nothing before). */
export function OrderExtras({ order }: { order: OrderDetail }) {
  return <OrderRating order={order} />
}
