import type { PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { AppError } from '../../lib/problem.ts'
import { insertUser, toPublicUser } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'

const EMAIL_TAKEN = 'An account with this email already exists.'

/**
 * Sign-up: a new member with a fresh public alias, or 409 `email_taken` when any spelling of the
 * address has an account. The password is hashed before the transaction (no connection held
 * during scrypt); the address arrives normalized (the auth routes' preValidation hook).
 */
export async function register(
  db: Database,
  input: { name: string; email: string; password: string },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password)
  const { body: user } = await runCommand(db, {}, (tx) =>
    insertUser(tx, { name: input.name.trim(), email: input.email, passwordHash }),
  )
  if (!user) throw new AppError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN })
  return toPublicUser(user)
}
