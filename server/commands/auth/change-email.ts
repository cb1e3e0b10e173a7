import type { PublicUser } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { AppError, unauthenticated } from '../../lib/problem.ts'
import { mailLink } from '../../mail/links.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import { emailChangeMail, emailChangeNoticeMail } from '../../mail/templates/account.ts'
import { lockUser } from '../../repositories/accounts.ts'
import { emailTaken, setEmail } from '../../repositories/accounts-email.ts'
import { countTokensSince, findWorkingToken, useToken } from '../../repositories/auth-tokens.ts'
import { findUserById, toPublicUser } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'
import { issueToken, tokenHashOf, tokenInvalidError } from './account-tokens.ts'
import { wrongPasswordError } from './decide-account.ts'

const EMAIL_TAKEN = 'An account with this email already exists.'
/** Change requests per member per hour: each mails an address the member typed. */
export const EMAIL_CHANGES_PER_HOUR = 3

export const emailTakenError = () =>
  new AppError(409, 'email_taken', EMAIL_TAKEN, { newEmail: EMAIL_TAKEN })

/**
 * `POST /api/me/email`: checks the password (403 `wrong_password`) and that no account uses the
 * address (409 `email_taken`), then mails a confirmation link to the new address and a notice to
 * the current one. The address changes only when the link is opened (docs/product.md).
 */
export async function requestEmailChange(
  db: Database,
  mail: MailOutbox,
  input: { userId: string; newEmail: string; password: string },
): Promise<void> {
  const current = await findUserById(db, input.userId)
  if (!current) throw unauthenticated()
  if (!(await verifyPassword(input.password, current.passwordHash))) throw wrongPasswordError()
  await runCommand(db, {}, async (tx) => {
    const user = await lockUser(tx, input.userId)
    if (!user) throw unauthenticated()
    if (user.passwordHash !== current.passwordHash) throw wrongPasswordError()
    if (await emailTaken(tx, input.newEmail, null)) throw emailTakenError()
    const since = new Date(Date.now() - 3600_000)
    if ((await countTokensSince(tx, user.id, 'change_email', since)) >= EMAIL_CHANGES_PER_HOUR)
      throw new AppError(429, 'rate_limited', 'Too many changes asked. Try again within the hour.')
    const token = await issueToken(tx, {
      userId: user.id,
      purpose: 'change_email',
      newEmail: input.newEmail,
    })
    const to = { address: input.newEmail, name: user.name }
    const url = mailLink(mail.base, 'confirm-email', { token })
    await mail.enqueue(tx, {
      userId: user.id,
      to,
      kind: 'change_email',
      lang: user.lang,
      ...emailChangeMail(user.lang, { name: user.name, url }),
    })
    const accountUrl = mailLink(mail.base, 'account')
    await mail.enqueue(tx, {
      userId: user.id,
      to: { address: user.email, name: user.name },
      kind: 'change_email_notice',
      lang: user.lang,
      ...emailChangeNoticeMail(user.lang, {
        name: user.name,
        newEmail: input.newEmail,
        accountUrl,
      }),
    })
  })
}

/**
 * `POST /api/auth/confirm-email-change`: switches the member's address to the one the link was
 * sent to, verified; 400 `token_invalid`, or 409 `email_taken` when another account took the
 * address meanwhile (checked under the lock; the unique index backs it). Sessions stay: the
 * member proved both the password (when asking) and the new address (docs/product.md).
 */
export async function confirmEmailChange(
  db: Database,
  input: { token: string },
): Promise<PublicUser> {
  const tokenHash = tokenHashOf(input.token)
  try {
    const { body } = await runCommand(db, {}, async (tx) => {
      const peek = await findWorkingToken(tx, tokenHash, 'change_email')
      const user = peek && (await lockUser(tx, peek.userId))
      const used = user && (await useToken(tx, tokenHash, 'change_email'))
      if (!user || !used?.newEmail) throw tokenInvalidError()
      if (await emailTaken(tx, used.newEmail, user.id)) throw emailTakenError()
      await setEmail(tx, user.id, used.newEmail)
      return toPublicUser((await findUserById(tx, user.id))!)
    })
    return body
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailTakenError()
    throw error
  }
}
