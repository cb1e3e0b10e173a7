import type { OrderMoveType } from '../../../common/orders/states.ts'

/**
 * Who hears of an order's move by notification (and push): the side that did not make it. A move
 * the buyer makes tells the seller, the seller's shipment tells the buyer; what time or an admin
 * does (completion by itself, a resolution) tells both. The live `order.updated` event reaches
 * both sides whatever this says.
 */
export function toldOfMove(move: OrderMoveType): Array<'buyer' | 'seller'> {
  switch (move) {
    case 'ship':
      return ['buyer']
    case 'auto_complete':
    case 'resolve':
      return ['buyer', 'seller']
    default:
      return ['seller']
  }
}
