import type { Order } from '../../../../common/orders/shapes'
import type { MessageKey } from '../../../i18n'

/** Is it the viewer's turn? The list marks those orders "Your move". */
export const isMyMove = (order: Order): boolean =>
  order.nextMoves.some((move) => move !== 'open_problem')

/** The sentence that says where the order stands for the viewer, and who acts next. */
export function nextStepKey(order: Order): MessageKey {
  if (order.viewer === 'admin') return 'order.next.admin'
  return `order.next.${order.viewer}.${order.state}`
}

/** The other side's display name, as the sentence names them. */
export const otherSide = (order: Order): string =>
  order.viewer === 'seller' ? order.buyer.name : order.seller.name
