import { ENDED_STATUSES, LOT_PICTURES_MAX } from '../../../common/auction.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import type { LockedLot } from '../../domain/lot.ts'

/** The refusal once bidding has begun or the lot has ended (decision 0024). */
export const pictureLocked = (lot: Pick<LockedLot, 'bidCount'>) =>
  new AppError(
    409,
    'pictures_locked',
    lot.bidCount > 0
      ? 'The lot has bids; its pictures can no longer change.'
      : 'The lot has ended; its pictures can no longer change.',
  )

/**
 * Only the seller, only before the first bid and while the lot has not ended (bidders bid on what
 * they saw). Checked before the work as a cheap refusal and again under the lot's row lock, where
 * it decides: bids take the same lock, so no bid lands between the check and the change.
 */
export function checkPictureChange(
  lot: LockedLot | undefined,
  userId: string,
  now: Date,
): LockedLot {
  if (!lot) throw notFound('Lot')
  if (lot.sellerId !== userId) throw forbidden('Only the seller can change the pictures.')
  if (
    lot.bidCount > 0 ||
    ENDED_STATUSES.includes(lot.status) ||
    lot.endsAt.getTime() <= now.getTime()
  )
    throw pictureLocked(lot)
  return lot
}

/** Adding a picture: room for one more, and not a file the lot already has. */
export function checkPictureAdd(lot: LockedLot, path: string): number {
  if (lot.pictures.length >= LOT_PICTURES_MAX)
    throw new AppError(
      409,
      'too_many_pictures',
      `A lot has at most ${LOT_PICTURES_MAX} pictures; remove one first.`,
    )
  if (lot.pictures.some((p) => p.path === path))
    throw new AppError(409, 'conflict', 'This picture is already on the lot.')
  return lot.pictures.length
}

/** A new order must name every picture of the lot exactly once (ids compared as the lot has them). */
export function checkPictureOrder(lot: LockedLot, ids: readonly string[]): string[] {
  const have = new Set(lot.pictures.map((p) => p.id))
  const wanted = ids.map((id) => id.toLowerCase())
  const ok =
    wanted.length === have.size &&
    new Set(wanted).size === wanted.length &&
    wanted.every((id) => have.has(id))
  if (!ok)
    throw new AppError(422, 'validation_failed', 'Name each of the lot’s pictures exactly once.', {
      pictureIds: 'Name each of the lot’s pictures exactly once.',
    })
  return wanted
}
