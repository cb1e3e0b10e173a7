import type { Database } from '../../db/types.ts'
import { hashAuthToken, newAuthToken } from '../../lib/auth-token.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { mailLink } from '../../mail/links.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import { passwordResetMail } from '../../mail/templates/account.ts'
import { endSessionsOf, lockUser, setPasswordHash } from '../../repositories/accounts.ts'
import {
  findWorkingToken,
  insertAuthToken,
  retireAuthTokens,
  useToken,
} from '../../repositories/auth-tokens.ts'
import { startSession, type SessionStart } from '../../repositories/sessions.ts'
import { findUserByEmail, findUserById, toPublicUser } from '../../repositories/users.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import { markEmailVerified } from '../../repositories/accounts-email.ts'
import { runCommand } from '../run-command.ts'
import { tokenHashOf, tokenInvalidError } from './account-tokens.ts'

/**
 * `POST /api/auth/password-reset`: when `email` is an active member's, a reset link by mail (the
 * earlier links of that member stop working); otherwise nothing. The caller answers the same
 * either way (docs/security.md). A token is made and hashed in every case, so the two paths
 * differ only by the writes.
 */
export async function requestPasswordReset(
  db: Database,
  mail: MailOutbox,
  input: { email: string },
): Promise<void> {
  const token = newAuthToken()
  const tokenHash = hashAuthToken(token)
  await runCommand(db, {}, async (tx) => {
    const found = await findUserByEmail(tx, input.email)
    if (!found) return
    const user = await lockUser(tx, found.id)
    if (!user || user.suspended) return
    await retireAuthTokens(tx, user.id, 'password_reset')
    await insertAuthToken(tx, { userId: user.id, purpose: 'password_reset', tokenHash })
    await mail.enqueue(tx, {
      userId: user.id,
      to: { address: user.email, name: user.name },
      kind: 'password_reset',
      lang: user.lang,
      ...passwordResetMail(user.lang, {
        name: user.name,
        url: mailLink(mail.base, 'reset-password', { token }),
      }),
    })
  })
}

/**
 * `POST /api/auth/password-reset/confirm`: under the member's row lock, uses the token (400
 * `token_invalid` when used, expired or unknown), sets the password, counts the address as
 * verified (the mail reached it), cancels a pending address change, ends every session and
 * stores `session` for this browser. A sign-in in flight re-checks the password under its share
 * lock and is refused (docs/security.md). The scrypt runs before the transaction.
 */
export async function confirmPasswordReset(
  db: Database,
  input: { token: string; newPassword: string; session: SessionStart; passwordHashCost: number },
): Promise<PublicUser> {
  const tokenHash = tokenHashOf(input.token)
  // Unknown links are refused before the scrypt; the real check is the locked one below.
  if (!(await findWorkingToken(db, tokenHash, 'password_reset'))) throw tokenInvalidError()
  const newHash = await hashPassword(input.newPassword, input.passwordHashCost)
  const { body } = await runCommand(db, {}, async (tx) => {
    const peek = await findWorkingToken(tx, tokenHash, 'password_reset')
    const user = peek && (await lockUser(tx, peek.userId))
    const used = user && (await useToken(tx, tokenHash, 'password_reset'))
    if (!user || !used || user.suspended) throw tokenInvalidError()
    await setPasswordHash(tx, user.id, newHash)
    await markEmailVerified(tx, user.id)
    await retireAuthTokens(tx, user.id, 'change_email')
    await endSessionsOf(tx, user.id)
    await startSession(tx, input.session, user.id)
    return toPublicUser((await findUserById(tx, user.id))!)
  })
  return body
}
