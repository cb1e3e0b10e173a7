import type { PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts'
import { lockUserForSignIn } from '../../repositories/accounts.ts'
import { startSession, type SessionStart } from '../../repositories/sessions.ts'
import { findUserByEmail, toPublicUser, type UserWithHash } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'
import { decideSignIn, invalidCredentialsError } from './decide-account.ts'

/**
 * Sign-in, step one: the account for this address when the password is its own, else 401
 * `invalid_credentials`. An unknown address costs the same scrypt (no timing tells which accounts
 * exist). No transaction is open during the scrypt, so the row may change before step two.
 */
export async function verifySignIn(
  db: Database,
  input: { email: string; password: string; passwordHashCost: number },
): Promise<UserWithHash> {
  const user = await findUserByEmail(db, input.email)
  const valid = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash(input.passwordHashCost)),
  )
  if (!user || !valid) throw invalidCredentialsError()
  return user
}

/**
 * Sign-in, step two: stores the session in one transaction with the member's row share-locked and
 * checked again (`decideSignIn`): the password must still be the one verified, the account not
 * deleted nor suspended. A password change, deletion or suspension that commits first refuses the
 * sign-in; one that commits after ends its session with the others (docs/security.md).
 */
export async function signIn(
  db: Database,
  input: { verified: UserWithHash; session: SessionStart },
): Promise<PublicUser> {
  const { verified, session } = input
  const { body } = await runCommand(db, {}, async (tx) => {
    const current = await lockUserForSignIn(tx, verified.id)
    decideSignIn(current, verified.passwordHash)
    await startSession(tx, session, verified.id)
    return toPublicUser(current!.user)
  })
  return body
}
