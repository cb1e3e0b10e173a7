import type { PublicUser } from '../../../common/accounts.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LockedLot } from '../../domain/lot.ts'

/**
 * Who may cancel, decided from the locked lot: the seller before the first bid, an admin any time
 * before the lot is over. Returns whom to tell (the leader, whose hold is released).
 */
export function decideCancel(
  lot: LockedLot | undefined,
  user: Pick<PublicUser, 'id' | 'role'>,
): { notify: { userId: string; data: { title: string } } | null } {
  if (!lot) throw notFound('Lot')
  const admin = user.role === 'admin'
  if (!admin && lot.sellerId !== user.id)
    throw forbidden('Only the seller or an admin can cancel a lot.')
  if (lot.status !== 'scheduled' && lot.status !== 'open')
    throw new AppError(
      409,
      'lot_not_cancellable',
      'This lot is over and can no longer be cancelled.',
    )
  if (!admin && lot.bidCount > 0)
    throw new AppError(409, 'lot_has_bids', 'This lot has bids; only an admin can cancel it now.')
  return { notify: lot.leaderId ? { userId: lot.leaderId, data: { title: lot.title } } : null }
}
