import type { LotSummary } from '../../../common/auction.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import { activeHoldsOnLot, releaseHoldsOnLot } from '../../repositories/holds.ts'
import { findLot, lockLot, toSummary } from '../../repositories/lots.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import { bumpWalletVersions, lockWallets, walletsOf } from '../../repositories/wallets.ts'
import { Publication } from '../../lib/publication.ts'

/**
 * Cancel: the seller before the first bid, an admin any time before settlement. Releases the
 * leader's hold (lock order: lot → wallets) and tells the leader.
 */
export async function cancelLot(
  db: Database,
  input: { lotId: string; user: PublicUser; currency: string },
): Promise<{ lot: LotSummary; publication: Publication }> {
  const { lotId, user } = input
  return db.transaction(async (tx) => {
    const lot = await lockLot(tx, lotId)
    if (!lot) throw notFound('Lot')
    const admin = user.role === 'admin'
    if (!admin && lot.seller_id !== user.id)
      throw forbidden('Only the seller or an admin can cancel a lot.')
    if (lot.status !== 'scheduled' && lot.status !== 'open') {
      throw new AppError(
        409,
        'lot_not_cancellable',
        'This lot is over and can no longer be cancelled.',
      )
    }
    if (!admin && lot.bid_count > 0) {
      throw new AppError(409, 'lot_has_bids', 'This lot has bids; only an admin can cancel it now.')
    }
    const holders = (await activeHoldsOnLot(tx, lotId)).map((h) => h.user_id)
    if (holders.length) await lockWallets(tx, holders)
    await releaseHoldsOnLot(tx, lotId)
    await bumpWalletVersions(tx, holders)
    await tx.query(
      `update lots set status = 'cancelled', closed_at = now(), version = version + 1, updated_at = now()
        where id = $1`,
      [lotId],
    )
    const publication = new Publication()
    if (lot.leader_id) {
      const n = await insertNotification(tx, {
        userId: lot.leader_id,
        kind: 'lot_cancelled',
        lotId,
        data: { title: lot.title },
      })
      publication.notify(n.userId, n.notification)
    }
    const wallets = await walletsOf(tx, holders, input.currency)
    for (const [userId, wallet] of wallets) publication.walletUpdated(userId, wallet)
    const summary = toSummary((await findLot(tx, lotId))!)
    publication.lotUpdated(summary)
    return { lot: summary, publication }
  })
}
