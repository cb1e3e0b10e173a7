import type { OrderMoveType } from '../../../common/orders/states.ts'
import type { Queryable } from '../../db/types.ts'
import { sendAlertMail, type AlertMailer } from '../../mail/alerts/mailer.ts'
import { problemMail, shippedMail } from '../../mail/templates/alerts.ts'
import type { OrderRecord } from '../../repositories/orders.ts'

/**
 * The order moves told by e-mail (docs/product.md "What Lotline tells you"): the buyer hears that
 * the seller shipped, the seller that the buyer opened a problem. Other moves are in-app and push.
 */
export async function mailOfMove(
  tx: Queryable,
  alerts: AlertMailer | undefined,
  moved: {
    order: Pick<OrderRecord, 'id' | 'buyerId' | 'sellerId' | 'lotTitle'>
    move: OrderMoveType
    shipment?: { carrier: string; trackingNumber: string | null } | undefined
  },
): Promise<void> {
  const { order, move, shipment } = moved
  const about = { orderId: order.id, title: order.lotTitle }
  if (move === 'ship') {
    const details = {
      ...about,
      carrier: shipment?.carrier ?? null,
      tracking: shipment?.trackingNumber ?? null,
    }
    await sendAlertMail(tx, alerts, {
      userId: order.buyerId,
      group: 'orders',
      kind: 'order_shipped',
      content: (c) => shippedMail(c, details),
    })
  } else if (move === 'open_problem') {
    await sendAlertMail(tx, alerts, {
      userId: order.sellerId,
      group: 'orders',
      kind: 'order_problem',
      content: (c) => problemMail(c, about),
    })
  }
}
