import type { OrderRefusal } from '../../../common/orders/states.ts'
import { AppError, forbidden } from '../../lib/problem.ts'

/** The answer to a move the order's table refused (common/orders/states.ts). */
export function refusalError(refusal: OrderRefusal): AppError {
  switch (refusal) {
    case 'not_your_move':
      return forbidden('This is not yours to do on this order.')
    case 'wrong_state':
      return new AppError(
        409,
        'order_wrong_state',
        'This order is not at a step where that can be done.',
      )
    case 'too_early':
      return new AppError(409, 'order_too_early', 'Not yet: the time for this has not come.')
    case 'delivery_not_offered':
      return new AppError(
        409,
        'delivery_not_offered',
        'The lot did not offer this way of delivery.',
      )
  }
}
