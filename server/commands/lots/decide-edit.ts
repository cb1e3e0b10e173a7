import type { PublicUser } from '../../../common/accounts.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LockedLot } from '../../domain/lot.ts'
import {
  cleanDelivery,
  deliveryProblems,
  type LotDelivery,
  type LotDeliveryInput,
} from '../../../common/orders/delivery.ts'

export interface LotTextChange {
  title?: string | undefined
  description?: string | undefined
  nextSteps?: string | undefined
  /** Shipping and pickup, replaced whole (issue 29). */
  delivery?: LotDeliveryInput | undefined
}

/** The change as it is stored: text trimmed, the delivery cleaned. */
export interface LotEdit {
  title?: string | undefined
  description?: string | undefined
  nextSteps?: string | undefined
  delivery?: LotDelivery | undefined
}

/**
 * Whether the seller may edit the lot's text and delivery, decided from the locked lot: only its seller
 * (403 otherwise, admins included: it is the seller's listing), only while it is scheduled or
 * open, and only before the first bid (409 `lot_not_editable`: bidders bid on what they read,
 * and a hold covers the shipping they saw). A delivery offering neither way, or with a bad cost or
 * town, is 422 naming the field. Returns the change as it will be stored.
 */
export function decideEdit(
  lot: LockedLot | undefined,
  user: Pick<PublicUser, 'id'>,
  change: LotTextChange,
): LotEdit {
  if (!lot) throw notFound('Lot')
  if (lot.sellerId !== user.id) throw forbidden('Only the seller can edit a lot.')
  if (lot.status !== 'scheduled' && lot.status !== 'open')
    throw new AppError(409, 'lot_not_editable', 'This lot is over and can no longer be edited.')
  if (lot.bidCount > 0)
    throw new AppError(409, 'lot_not_editable', 'This lot has bids, so it can no longer be edited.')
  const delivery = change.delivery
  if (delivery) {
    const problems = deliveryProblems(delivery)
    if (Object.keys(problems).length > 0)
      throw new AppError(422, 'validation_failed', 'Some fields need attention.', problems)
  }
  return {
    title: change.title?.trim(),
    description: change.description?.trim(),
    nextSteps: change.nextSteps?.trim(),
    delivery: delivery && cleanDelivery(delivery),
  }
}
