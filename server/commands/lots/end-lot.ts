import type { LotSummary } from '../../../common/auction.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import type { FeeRates } from '../../../common/orders/fees.ts'
import type { Database } from '../../db/types.ts'
import type { LockedLot } from '../../domain/lot.ts'
import { AppError, forbidden, notFound } from '../../lib/problem.ts'
import { findLot, lockLot, moveLotEndToNow, toSummary } from '../../repositories/lots.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { closeLotIn } from '../settlement/close-lot.ts'

/**
 * Whether the seller may end their lot now (docs/product.md "Seller tools"): only their own, only
 * while it is open, and only before the first bid — once someone bids, the lot runs to its end
 * (the rule eBay has, so nobody's winning bid is taken away by an early end).
 */
export function decideEndEarly(lot: LockedLot | undefined, user: Pick<PublicUser, 'id'>): void {
  if (!lot) throw notFound('Lot')
  if (lot.sellerId !== user.id) throw forbidden('Only the seller can end a lot early.')
  if (lot.status !== 'open') throw new AppError(409, 'lot_not_open', 'This lot is not open.')
  if (lot.bidCount > 0)
    throw new AppError(409, 'lot_has_bids', 'This lot has bids; it runs until its end.')
}

/**
 * The seller ends their open lot before any bid: its end moves to now and it closes, unsold, in
 * the same transaction through the scheduler's own close (`closeLotIn`), so the room and every
 * watcher get the same `lot.updated` as at a normal end. With an Idempotency-Key a repeat gets
 * the first answer instead of 409 lot_not_open.
 */
export async function endLotEarly(
  deps: { db: Database; currency: string; fees?: FeeRates | undefined },
  input: { lotId: string; user: Pick<PublicUser, 'id'>; key: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<LotSummary>> {
  const { lotId, user } = input
  const once = { userId: user.id, scope: 'lot-end' as const, key: input.key, parts: [lotId] }
  return runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    decideEndEarly(await lockLot(tx, lotId), user)
    const now = await moveLotEndToNow(tx, lotId)
    const outcome = await closeLotIn(tx, events, deps, lotId, now)
    if (outcome === 'skipped') throw new Error(`lot ${lotId} did not close at its early end`)
    return toSummary((await findLot(tx, lotId))!)
  })
}
