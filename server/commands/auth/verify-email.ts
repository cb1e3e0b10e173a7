import type { Database } from '../../db/types.ts'
import { AppError, unauthenticated } from '../../lib/problem.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import { lockUser } from '../../repositories/accounts.ts'
import { markEmailVerified } from '../../repositories/accounts-email.ts'
import { countTokensSince, findWorkingToken, useToken } from '../../repositories/auth-tokens.ts'
import { runCommand } from '../run-command.ts'
import { sendVerification, tokenHashOf, tokenInvalidError } from './account-tokens.ts'

/** Verification links a member may be sent per hour, the one from sign-up included. */
export const VERIFICATION_MAILS_PER_HOUR = 3

/** `POST /api/auth/verify-email`: the link's address is the member's; 400 `token_invalid`. */
export async function verifyEmail(db: Database, input: { token: string }): Promise<void> {
  const tokenHash = tokenHashOf(input.token)
  await runCommand(db, {}, async (tx) => {
    const peek = await findWorkingToken(tx, tokenHash, 'verify_email')
    const user = peek && (await lockUser(tx, peek.userId))
    const used = user && (await useToken(tx, tokenHash, 'verify_email'))
    if (!user || !used) throw tokenInvalidError()
    await markEmailVerified(tx, user.id)
  })
}

/**
 * `POST /api/me/verification`: a new verification link (the earlier ones stop working), at most
 * VERIFICATION_MAILS_PER_HOUR an hour (429 `rate_limited`); nothing when already verified.
 * Counted from the tokens table under the member's lock, so every node sees the same count.
 */
export async function resendVerification(
  db: Database,
  mail: MailOutbox,
  input: { userId: string },
): Promise<{ sent: boolean }> {
  const { body } = await runCommand(db, {}, async (tx) => {
    const user = await lockUser(tx, input.userId)
    if (!user) throw unauthenticated()
    if (user.emailVerified) return { sent: false }
    const since = new Date(Date.now() - 3600_000)
    if ((await countTokensSince(tx, user.id, 'verify_email', since)) >= VERIFICATION_MAILS_PER_HOUR)
      throw new AppError(429, 'rate_limited', 'Too many links sent. Try again within the hour.')
    await sendVerification(tx, mail, user)
    return { sent: true }
  })
  return body
}
