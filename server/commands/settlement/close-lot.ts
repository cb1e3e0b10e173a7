import type { Database } from '../../db/types.ts'
import { biddersOn } from '../../repositories/ending.ts'
import { appendLedgerEntry } from '../../repositories/ledger.ts'
import { activeHoldsOnLot, captureHold, releaseHoldsOnLot } from '../../repositories/holds.ts'
import { findLot, lockLot, markLotClosed, toSummary } from '../../repositories/lots.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import { bumpWalletVersions, lockWallets, walletsOf } from '../../repositories/wallets.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { decideClose, type CloseOutcome } from './decide-close.ts'

export type { CloseOutcome } from './decide-close.ts'

/**
 * Closes one lot whose end has passed, in one transaction with the lot locked (lot → wallets).
 * A sale captures the winner's hold at the final price (the rest of their maximum is freed) and
 * writes `purchase` and `sale` ledger entries; any other hold on the lot is released.
 */
export async function closeLot(
  deps: { db: Database; currency: string },
  lotId: string,
  now: Date = new Date(),
  publishTo?: Audience,
): Promise<CloseOutcome> {
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const lot = await lockLot(tx, lotId)
    const decision = decideClose(lot, now, await biddersOn(tx, lotId))
    if (decision.outcome === 'skipped' || !lot) return 'skipped' as const
    const holders = (await activeHoldsOnLot(tx, lotId)).map((h) => h.user_id)
    const { sale } = decision
    const touched = [...new Set([...holders, ...(sale ? [sale.winner, sale.seller] : [])])]
    await lockWallets(tx, touched)
    if (sale) {
      const entry = { amount: sale.price, lotId, reason: lot.title }
      await captureHold(tx, lotId, sale.winner, sale.price)
      await appendLedgerEntry(tx, {
        ...entry,
        userId: sale.winner,
        kind: 'purchase',
        amount: -sale.price,
      })
      await appendLedgerEntry(tx, { ...entry, userId: sale.seller, kind: 'sale' })
    }
    // Anything else still held on this lot (none in normal operation) goes back.
    await releaseHoldsOnLot(tx, lotId)
    // Ledger entries bump versions by trigger; hold changes are bumped here.
    await bumpWalletVersions(tx, holders)
    await markLotClosed(tx, lotId, decision.outcome, now)
    const data = { title: lot.title, price: lot.currentPrice, outcome: decision.outcome }
    for (const note of decision.notify) {
      const n = await insertNotification(tx, { ...note, lotId, data })
      events.notify(n.userId, n.notification)
    }
    for (const [userId, wallet] of await walletsOf(tx, touched, deps.currency))
      events.walletUpdated(userId, wallet)
    events.lotUpdated(toSummary((await findLot(tx, lotId))!))
    return decision.outcome
  })
  return body
}
