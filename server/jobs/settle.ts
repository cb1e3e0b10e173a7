import type { Database } from '../db/types.ts'
import { appendLedgerEntry } from '../repositories/ledger.ts'
import { captureHold, releaseHoldsOnLot, activeHoldsOnLot } from '../repositories/holds.ts'
import { findLot, lockLot, toSummary } from '../repositories/lots.ts'
import { insertNotification } from '../repositories/notifications.ts'
import { bumpWalletVersions, lockWallets, walletsOf } from '../repositories/wallets.ts'
import { Publication } from '../lib/publication.ts'

export type CloseOutcome = 'settled' | 'unsold' | 'skipped'

/**
 * Closes one lot whose end has passed, in one transaction with the lot locked. The status check
 * under the lock makes a second run (another node, a restart, a retry) a no-op.
 * Reserve met (or none) and a leader → the winner pays the final price (`purchase`, their hold
 * captured at that price, the rest of their maximum freed) and the seller is paid (`sale`) →
 * `settled`. Otherwise → `unsold` and holds are released.
 */
export async function closeLot(
  db: Database,
  lotId: string,
  currency: string,
  now: Date = new Date(),
): Promise<{ outcome: CloseOutcome; publication: Publication | null }> {
  return db.transaction(async (tx) => {
    const lot = await lockLot(tx, lotId)
    if (!lot || lot.status !== 'open' || lot.ends_at.getTime() > now.getTime()) {
      return { outcome: 'skipped' as const, publication: null }
    }

    const holders = (await activeHoldsOnLot(tx, lotId)).map((h) => h.user_id)
    const sold =
      lot.leader_id !== null &&
      lot.current_price !== null &&
      (lot.reserve_price === null || lot.current_price >= lot.reserve_price)
    const touched = [...new Set([...holders, ...(sold ? [lot.leader_id!, lot.seller_id] : [])])]
    await lockWallets(tx, touched)

    const publication = new Publication()
    if (sold) {
      const winner = lot.leader_id!
      const price = lot.current_price!
      await captureHold(tx, lotId, winner, price)
      await appendLedgerEntry(tx, {
        userId: winner,
        kind: 'purchase',
        amount: -price,
        lotId,
        reason: lot.title,
      })
      await appendLedgerEntry(tx, {
        userId: lot.seller_id,
        kind: 'sale',
        amount: price,
        lotId,
        reason: lot.title,
      })
    }
    // Anything else still held on this lot (none in normal operation) goes back.
    await releaseHoldsOnLot(tx, lotId)
    // Ledger entries bump versions by trigger; hold changes are bumped here.
    await bumpWalletVersions(tx, holders)
    await tx.query(
      `update lots set status = $2, closed_at = $3,
              settled_at = case when $2 = 'settled' then $3::timestamptz end,
              version = version + 1, updated_at = $3
        where id = $1`,
      [lotId, sold ? 'settled' : 'unsold', now],
    )

    const data = { title: lot.title, price: lot.current_price }
    const notes = sold
      ? [
          { userId: lot.leader_id!, kind: 'won' as const },
          { userId: lot.seller_id, kind: 'lot_sold' as const },
        ]
      : [{ userId: lot.seller_id, kind: 'lot_unsold' as const }]
    for (const note of notes) {
      const n = await insertNotification(tx, { ...note, lotId, data })
      publication.notify(n.userId, n.notification)
    }
    for (const [userId, wallet] of await walletsOf(tx, touched, currency)) {
      publication.walletUpdated(userId, wallet)
    }
    publication.lotUpdated(toSummary((await findLot(tx, lotId))!))
    return { outcome: sold ? ('settled' as const) : ('unsold' as const), publication }
  })
}
