import type { LotSummary } from '../../../common/auction.ts'
import type { Database } from '../../db/types.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { cancelLotIn } from '../lots/cancel-lot.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'

/**
 * An admin cancels a lot with a reason: the same cancel as the seller's (holds released once,
 * the leader told, `lot.updated` and `wallet.updated` after the commit), allowed while the lot is
 * scheduled or open even with bids, and its audit row in the same transaction. With an
 * Idempotency-Key a repeat gets the first answer (and no second audit row).
 */
export async function adminCancelLot(
  deps: { db: Database; currency: string },
  input: { adminId: string; lotId: string; reason: string; key: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<LotSummary>> {
  const { adminId, lotId, reason } = input
  const once = {
    userId: adminId,
    scope: 'lot-cancel' as const,
    key: input.key,
    parts: [lotId, 'admin', reason],
  }
  return runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    const user = { id: adminId, role: 'admin' as const }
    const { summary, released } = await cancelLotIn(tx, events, {
      lotId,
      user,
      currency: deps.currency,
      reason,
    })
    await insertAudit(tx, {
      adminId,
      action: 'lot.cancel',
      targetType: 'lot',
      targetId: lotId,
      reason,
      details: {
        title: summary.title,
        holdsReleased: released.length,
        amountReleased: released.reduce((sum, h) => sum + Number(h.amount), 0),
      },
    })
    return summary
  })
}
