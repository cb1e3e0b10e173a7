import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { lockRating, markRatingRemoved } from '../../repositories/ratings.ts'

/**
 * An admin removes a rating (issue 29): it stays stored but counts nowhere — not on the order, not
 * on the seller's profile — and its author cannot send it again. Audited with the reason and what
 * was removed, in the same transaction. Removing a removed rating is refused and changes nothing.
 */
export async function removeRating(
  db: Database,
  input: { adminId: string; ratingId: string; reason: string },
  now: Date,
): Promise<{ id: string; removedAt: string }> {
  return db.transaction(async (tx) => {
    const rating = await lockRating(tx, input.ratingId)
    if (!rating) throw notFound('Rating')
    if (rating.removedAt) {
      throw new AppError(409, 'rating_already_removed', 'This rating was already removed.')
    }
    await markRatingRemoved(
      tx,
      { id: rating.id, adminId: input.adminId, reason: input.reason },
      now,
    )
    await insertAudit(tx, {
      adminId: input.adminId,
      action: 'rating.remove',
      targetType: 'rating',
      targetId: rating.id,
      reason: input.reason,
      details: {
        orderId: rating.orderId,
        authorId: rating.authorId,
        subjectId: rating.subjectId,
        role: rating.role,
        score: rating.score,
        comment: rating.comment,
      },
    })
    return { id: rating.id, removedAt: now.toISOString() }
  })
}
