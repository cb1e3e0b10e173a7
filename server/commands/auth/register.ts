import type { PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { AppError } from '../../lib/problem.ts'
import { startSession, type SessionStart } from '../../repositories/sessions.ts'
import { insertUser, toPublicUser } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'

const EMAIL_TAKEN = 'An account with this email already exists.'

/**
 * Sign-up: a new member with a fresh public alias and `session`, their first session, stored in
 * the same transaction; or 409 `email_taken` when any spelling of the address has an account. The password is hashed before the transaction (no connection held
 * during scrypt); the address arrives normalized (the auth routes' preValidation hook).
 */
export async function register(
  db: Database,
  input: {
    name: string
    email: string
    password: string
    session: SessionStart
    /** PASSWORD_HASH_COST (docs/configuration.md). */
    passwordHashCost: number
  },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password, input.passwordHashCost)
  const { body: user } = await runCommand(db, {}, async (tx) => {
    const created = await insertUser(tx, {
      name: input.name.trim(),
      email: input.email,
      passwordHash,
    })
    if (created) await startSession(tx, input.session, created.id)
    return created
  })
  if (!user) throw new AppError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN })
  return toPublicUser(user)
}
