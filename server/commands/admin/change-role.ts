import type { AdminMember } from '../../../common/admin.ts'
import type { Role } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import {
  adminMember,
  insertAudit,
  lockActiveAdmins,
  lockMember,
  setRole,
} from '../../repositories/admin.ts'
import { runCommand, type CommandResult } from '../run-command.ts'
import { decideRoleChange } from './decide-member-change.ts'

/**
 * An admin makes a member an admin or a member (lock order: active admins → the member). The
 * change and its audit row commit together; asking for the role a member already has changes
 * nothing and writes no audit row.
 */
export async function changeRole(
  deps: { db: Database; currency: string },
  input: { adminId: string; userId: string; role: Role; reason: string },
): Promise<CommandResult<{ member: AdminMember }>> {
  const { adminId, userId, role, reason } = input
  return runCommand(deps.db, {}, async (tx) => {
    const admins = await lockActiveAdmins(tx)
    const change = decideRoleChange(await lockMember(tx, userId), role, admins)
    if (change) {
      await setRole(tx, userId, role)
      await insertAudit(tx, {
        adminId,
        action: 'member.role',
        targetType: 'user',
        targetId: userId,
        reason,
        details: { from: change.from, to: role },
      })
    }
    return { member: (await adminMember(tx, userId, deps.currency))! }
  })
}
