import type { LotDetail, LotInput } from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { EVENTS, LOTS_CHANNEL } from '../../../common/wire.ts'
import { findLot, insertLot, toDetail, toSummary } from '../../repositories/lots.ts'
import { alertSavedSearches } from '../../repositories/saved-searches.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { decideNewLot } from './decide-new-lot.ts'

/** `POST /api/lots`: validated before any transaction; a retry with the same key creates once. */
export async function createLot(
  db: Database,
  input: { sellerId: string; body: LotInput; key: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<LotDetail>> {
  const row = decideNewLot(input.sellerId, input.body, new Date())
  const once = {
    userId: input.sellerId,
    scope: 'lot-create' as const,
    key: input.key,
    parts: input.body,
    statusCode: 201,
  }
  return runCommand(db, { once, publishTo }, async (tx, events) => {
    const lot = (await findLot(tx, await insertLot(tx, row)))!
    events.add({ channel: LOTS_CHANNEL, name: EVENTS.lotCreated, data: toSummary(lot) })
    // Saved searches hear of a new lot in its own transaction: an alert exists exactly when the
    // lot does, and a replayed create (same key) alerts nobody again (docs/product.md).
    const lotRef = { id: lot.id, sellerId: input.sellerId, title: lot.title }
    for (const n of await alertSavedSearches(tx, lotRef, new Date()))
      events.notify(n.userId, n.notification)
    const seller = { nextSteps: lot.next_steps }
    return toDetail(lot, { status: null, maxBid: null, watching: false, seller })
  })
}
