import { ENDED_STATUSES } from '../../../common/auction.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LotRow } from '../../repositories/lots.ts'

/** The refusal once the lot has ended (also when it ends while the new file is being written). */
export const pictureLocked = () =>
  new AppError(409, 'conflict', 'The lot has ended; its picture can no longer change.')

/** Only the seller, and only until the lot ends (checked again when the picture is set). */
export function checkPictureChange(lot: LotRow | undefined, userId: string, now: Date): LotRow {
  if (!lot) throw notFound('Lot')
  if (lot.seller_id !== userId) throw forbidden('Only the seller can change the picture.')
  if (ENDED_STATUSES.includes(lot.status) || lot.ends_at.getTime() <= now.getTime())
    throw pictureLocked()
  return lot
}
