import type { OrderDetail } from '../../../../common/orders/shapes'
import { OrderThread } from '../messages'
import { OrderRating } from '../ratings'

/** Under where the order stands: the ratings once it completed, and the thread with the other side. */
export function OrderExtras({ order }: { order: OrderDetail }) {
  return (
    <>
      <OrderRating order={order} />
      <OrderThread order={order} />
    </>
  )
}
