import type { AdminMember } from '../../../common/admin.ts'
import type { Database } from '../../db/types.ts'
import type { Broadcaster } from '../../lib/broadcaster.ts'
import { adminMember, insertAudit, lockMember, setSuspended } from '../../repositories/admin.ts'
import { deleteSessionsOfUser } from '../../repositories/sessions.ts'
import { runCommand, type CommandResult } from '../run-command.ts'
import { decideSuspension } from './decide-member-change.ts'

/**
 * Suspends or restores a member. Suspending ends every session of theirs in the same transaction
 * (so every later request of theirs is signed out) and, after the commit, closes their real-time
 * connections; sign-in is refused while suspended. Holds they have stay as they are (decision
 * 0027). Asking for the state a member is already in changes nothing and writes no audit row.
 */
export async function setSuspension(
  deps: { db: Database; currency: string; broadcaster: Broadcaster },
  input: { adminId: string; userId: string; suspended: boolean; reason: string },
): Promise<CommandResult<{ member: AdminMember }>> {
  const { adminId, userId, suspended, reason } = input
  let ended = false
  const result = await runCommand(deps.db, {}, async (tx) => {
    const change = decideSuspension(await lockMember(tx, userId), suspended, adminId)
    if (change) {
      await setSuspended(tx, userId, suspended)
      const sessionsEnded = suspended ? await deleteSessionsOfUser(tx, userId) : 0
      ended = suspended
      await insertAudit(tx, {
        adminId,
        action: suspended ? 'member.suspend' : 'member.unsuspend',
        targetType: 'user',
        targetId: userId,
        reason,
        details: suspended ? { sessionsEnded } : {},
      })
    }
    return { member: (await adminMember(tx, userId, deps.currency))! }
  })
  if (ended) await deps.broadcaster.terminateUserConnections(userId)
  return result
}
