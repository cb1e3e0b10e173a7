import type { AdminMember } from '../../../common/admin.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { forbidden, notFound } from '../../lib/problem.ts'
import { lockUser } from '../../repositories/accounts.ts'
import { adminMember, insertAudit } from '../../repositories/admin.ts'
import type { MoneyOutSettings } from '../../repositories/money-out.ts'
import { closeAccountLocked } from '../auth/close-account.ts'
import { runCommand, type CommandResult } from '../run-command.ts'

/**
 * `POST /api/admin/members/:id/close`: an admin closes a member's account (decision 0053) with
 * the member's own rules — refused (409) while they have holds, lots running, orders not finished,
 * money on its way out or real money. Money can leave only by a withdrawal (refunds to cards, a
 * payout), never by being written off, so no closed account keeps money nobody can reach. Demo
 * credit is forfeited. Audited as `member.close` with the amounts, in the same transaction.
 */
export async function closeMember(
  deps: { db: Database; broadcaster: Broadcaster; money: MoneyOutSettings },
  input: { adminId: string; userId: string; reason: string },
): Promise<CommandResult<{ member: AdminMember }>> {
  const { adminId, userId, reason } = input
  if (userId === adminId) throw forbidden('Close your own account from your account page.')
  const result = await runCommand(deps.db, {}, async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound('Member')
    const closed = await closeAccountLocked(tx, userId, deps.money, adminId)
    await insertAudit(tx, {
      adminId,
      action: 'member.close',
      targetType: 'user',
      targetId: userId,
      reason,
      details: { ...closed },
    })
    return { member: (await adminMember(tx, userId, deps.money.currency))! }
  })
  await deps.broadcaster.terminateUserConnections(userId)
  return result
}
