import type { PublicUser } from '../../../common/accounts.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LockedLot } from '../../domain/lot.ts'

export interface LotTextChange {
  title?: string | undefined
  description?: string | undefined
  nextSteps?: string | undefined
}

/**
 * Whether the seller may edit the lot's text, decided from the locked lot: only its seller
 * (403 otherwise, admins included: it is the seller's listing), only while it is scheduled or
 * open, and only before the first bid (409 `lot_not_editable`: bidders bid on what they read).
 * Returns the change trimmed as it will be stored.
 */
export function decideEdit(
  lot: LockedLot | undefined,
  user: Pick<PublicUser, 'id'>,
  change: LotTextChange,
): LotTextChange {
  if (!lot) throw notFound('Lot')
  if (lot.sellerId !== user.id) throw forbidden('Only the seller can edit a lot.')
  if (lot.status !== 'scheduled' && lot.status !== 'open')
    throw new AppError(409, 'lot_not_editable', 'This lot is over and can no longer be edited.')
  if (lot.bidCount > 0)
    throw new AppError(409, 'lot_not_editable', 'This lot has bids, so it can no longer be edited.')
  return {
    title: change.title?.trim(),
    description: change.description?.trim(),
    nextSteps: change.nextSteps?.trim(),
  }
}
