import type { Database } from '../../db/types.ts'
import { findLots, openDueLots, toSummary } from '../../repositories/lots.ts'
import { runCommand, type Audience } from '../run-command.ts'

/** Opens the scheduled lots whose start has come and announces each; returns their ids. */
export async function openLotsDue(db: Database, now: Date, publishTo: Audience): Promise<string[]> {
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const ids = await openDueLots(tx, now)
    const opened = await findLots(tx, ids)
    for (const lot of opened) events.lotUpdated(toSummary(lot, now))
    return opened.map((lot) => lot.id)
  })
  return body
}
