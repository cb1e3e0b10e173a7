import type { LotDelivery } from '../../../common/orders/delivery.ts'
import type { Queryable } from '../../db/types.ts'

/**
 * The seller's changes to a lot's text and delivery (each left as it is when undefined); bumps its
 * version.
 */
export async function updateLotText(
  db: Queryable,
  lotId: string,
  change: {
    title?: string | undefined
    description?: string | undefined
    nextSteps?: string | undefined
    delivery?: LotDelivery | undefined
  },
) {
  await db.query(
    `update lots
        set title = coalesce($2, title),
            description = coalesce($3, description),
            next_steps = coalesce($4, next_steps),
            shipping_cost = case when $5 then $6 else shipping_cost end,
            pickup_town = case when $5 then $7 else pickup_town end,
            version = version + 1,
            updated_at = now()
      where id = $1`,
    [
      lotId,
      change.title ?? null,
      change.description ?? null,
      change.nextSteps ?? null,
      change.delivery !== undefined,
      change.delivery?.shipping?.cost ?? null,
      change.delivery?.pickup?.town ?? null,
    ],
  )
}
