import type { PublicUser } from '../../../common/accounts.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LockedLot } from '../../domain/lot.ts'

type Tell = { userId: string; data: { title: string } } | null

/**
 * Who may cancel, decided from the locked lot: the seller before the first bid, an admin any time
 * before the lot is over. Returns whom to tell: the leader, whose hold is released, and the seller
 * when someone else (an admin) cancelled their lot.
 */
export function decideCancel(
  lot: LockedLot | undefined,
  user: Pick<PublicUser, 'id' | 'role'>,
): { notify: Tell; seller: Tell } {
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
  const data = { title: lot.title }
  return {
    notify: lot.leaderId ? { userId: lot.leaderId, data } : null,
    seller: lot.sellerId === user.id ? null : { userId: lot.sellerId, data },
  }
}
