import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import { findLot } from '../../repositories/lots.ts'
import { unwatch, watch } from '../../repositories/watchlist.ts'
import { runCommand, type CommandResult } from '../run-command.ts'

/**
 * Watching is idempotent both ways: watching twice watches once, unwatching nothing is fine. With
 * an Idempotency-Key (the offline queue sends one) a repeat is answered from the store and changes
 * nothing, so a late replay of an old "watch" cannot undo a later "unwatch" (decision 0011).
 */
export async function setWatching(
  db: Database,
  input: { userId: string; lotId: string; watching: boolean; key: string | undefined },
): Promise<CommandResult<{ lotId: string; watching: boolean }>> {
  const { userId, lotId, watching } = input
  const once = { userId, scope: 'watch' as const, key: input.key, parts: [lotId, watching] }
  return runCommand(db, { once }, async (tx) => {
    if (watching) {
      if (!(await findLot(tx, lotId))) throw notFound('Lot')
      await watch(tx, userId, lotId)
    } else {
      await unwatch(tx, userId, lotId)
    }
    return { lotId, watching }
  })
}
