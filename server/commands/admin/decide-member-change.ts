import type { Role } from '../../../common/accounts.ts'
import { AppError, notFound } from '../../lib/problem.ts'

interface LockedMember {
  id: string
  role: Role
  suspended_at: Date | null
}

/**
 * Whether a role change may happen, decided from the locked member and the locked active admins
 * (pure). Null when nothing would change. The last admin who is not suspended cannot be demoted:
 * there would be nobody left to run the admin area.
 */
export function decideRoleChange(
  member: LockedMember | undefined,
  role: Role,
  activeAdmins: readonly string[],
): { from: Role } | null {
  if (!member) throw notFound('Member')
  if (member.role === role) return null
  if (role !== 'admin' && activeAdmins.includes(member.id) && activeAdmins.length <= 1)
    throw new AppError(409, 'last_admin', 'The last admin cannot be demoted.')
  return { from: member.role }
}

/**
 * Whether a suspension change may happen (pure). Null when nothing would change. An admin cannot
 * suspend themselves (nor, so, the last active admin: they are one).
 */
export function decideSuspension(
  member: LockedMember | undefined,
  suspended: boolean,
  adminId: string,
): { changes: true } | null {
  if (!member) throw notFound('Member')
  if ((member.suspended_at !== null) === suspended) return null
  if (suspended && member.id === adminId)
    throw new AppError(409, 'last_admin', 'You cannot suspend yourself.')
  return { changes: true }
}
