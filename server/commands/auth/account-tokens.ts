import { isAuthTokenShape, type AuthTokenPurpose } from '../../../common/auth-tokens.ts'
import type { Queryable } from '../../db/types.ts'
import { hashAuthToken, newAuthToken } from '../../lib/auth-token.ts'
import { AppError } from '../../lib/problem.ts'
import { mailLink } from '../../mail/links.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import { verifyEmailMail } from '../../mail/templates/account.ts'
import { insertAuthToken, retireAuthTokens } from '../../repositories/auth-tokens.ts'
import type { UserWithHash } from '../../repositories/users.ts'

/** One answer for a used, expired, unknown or malformed link (decision 0054). */
export const tokenInvalidError = () =>
  new AppError(400, 'token_invalid', 'This link is used, expired or unknown. Ask for a new one.')

/** The stored hash of a token from a request; 400 `token_invalid` for a wrong shape. */
export function tokenHashOf(token: string): string {
  if (!isAuthTokenShape(token)) throw tokenInvalidError()
  return hashAuthToken(token)
}

/** A fresh token and its hash; the earlier unused ones of this purpose stop working. */
export async function issueToken(
  tx: Queryable,
  input: { userId: string; purpose: AuthTokenPurpose; newEmail?: string },
): Promise<string> {
  const token = newAuthToken()
  await retireAuthTokens(tx, input.userId, input.purpose)
  await insertAuthToken(tx, { ...input, tokenHash: hashAuthToken(token) })
  return token
}

/** Writes the address-verification mail for `user` in the caller's transaction. */
export async function sendVerification(
  tx: Queryable,
  mail: MailOutbox,
  user: Pick<UserWithHash, 'id' | 'name' | 'email' | 'lang'>,
): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: 'verify_email' })
  const url = mailLink(mail.base, 'verify-email', { token })
  await mail.enqueue(tx, {
    userId: user.id,
    to: { address: user.email, name: user.name },
    kind: 'verify_email',
    lang: user.lang,
    ...verifyEmailMail(user.lang, { name: user.name, url }),
  })
}
