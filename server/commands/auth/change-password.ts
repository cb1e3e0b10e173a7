import type { Database } from '../../db/types.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { unauthenticated } from '../../lib/problem.ts'
import { endSessionsOf, lockUser, setPasswordHash } from '../../repositories/accounts.ts'
import { startSession, type SessionStart } from '../../repositories/sessions.ts'
import { findUserById } from '../../repositories/users.ts'
import { retireAuthTokens } from '../../repositories/auth-tokens.ts'
import { runCommand } from '../run-command.ts'
import { wrongPasswordError } from './decide-account.ts'

/**
 * `POST /api/me/password`: checks the current password (403 `wrong_password`), stores the new
 * one, ends EVERY session of the member and stores `session`, the fresh one for the device that
 * asked, all in one transaction under the member's row lock: that device stays signed in, all the
 * others are signed out, and no suspension or deletion can slip in before the fresh session.
 * The scrypt work runs before the transaction (no row is locked during it).
 */
export async function changePassword(
  db: Database,
  input: {
    userId: string
    currentPassword: string
    newPassword: string
    session: SessionStart
    /** PASSWORD_HASH_COST (docs/configuration.md). */
    passwordHashCost: number
  },
): Promise<{ signedOut: number }> {
  const user = await findUserById(db, input.userId)
  if (!user) throw unauthenticated()
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw wrongPasswordError()
  const newHash = await hashPassword(input.newPassword, input.passwordHashCost)
  const { body } = await runCommand(db, {}, async (tx) => {
    const locked = await lockUser(tx, input.userId)
    if (!locked) throw unauthenticated()
    // Changed by another request since the check: the password just verified is no longer it.
    if (locked.passwordHash !== user.passwordHash) throw wrongPasswordError()
    await setPasswordHash(tx, locked.id, newHash)
    // An address change asked for by someone else who had the password ends with it.
    await retireAuthTokens(tx, locked.id, 'change_email')
    const signedOut = await endSessionsOf(tx, locked.id)
    await startSession(tx, input.session, locked.id)
    return { signedOut }
  })
  return body
}
