import { ENDING_SOON_NOTIFY_MS } from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { markEndingSoon } from '../../repositories/lots.ts'
import { insertEndingSoon } from '../../repositories/notifications.ts'
import { runCommand, type Audience } from '../run-command.ts'

/**
 * Tells the watchers of each open lot ending within ENDING_SOON_NOTIFY_MS, once per lot (the lot
 * is marked in the same transaction); returns the lots.
 */
export async function notifyEndingSoon(
  db: Database,
  now: Date,
  publishTo: Audience,
): Promise<string[]> {
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const lots = await markEndingSoon(tx, now, ENDING_SOON_NOTIFY_MS)
    for (const lot of lots) {
      const data = { title: lot.title, endsAt: lot.ends_at.toISOString() }
      for (const n of await insertEndingSoon(tx, lot.id, data))
        events.notify(n.userId, n.notification)
    }
    return lots.map((lot) => lot.id)
  })
  return body
}
