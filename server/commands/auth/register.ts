import type { PublicUser } from '../../../common/accounts.ts'
import type { MailLanguage } from '../../../common/auth-tokens.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import type { Database, Queryable } from '../../db/types.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { AppError } from '../../lib/problem.ts'
import { appendLedgerEntry } from '../../repositories/ledger.ts'
import { startSession, type SessionStart } from '../../repositories/sessions.ts'
import { insertUser, toPublicUser } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'
import { sendVerification } from './account-tokens.ts'

const EMAIL_TAKEN = 'An account with this email already exists.'
export const DEMO_CREDIT_REASON = 'Demo credit to try Lotline'

/** Local mode's credit for trying the app: its own ledger kind, never withdrawable (0053). */
async function grantDemoCredit(tx: Queryable, userId: string, amount: number): Promise<void> {
  await appendLedgerEntry(tx, { userId, kind: 'demo_credit', amount, reason: DEMO_CREDIT_REASON })
}

/**
 * Sign-up: a new member with a fresh public alias and `session`, their first session, stored in
 * the same transaction, with demo credit when this server grants it (decision 0053); or 409
 * `email_taken` when any spelling of the address has an account. The password is hashed before the transaction (no connection held
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
    /** DEMO_CREDIT: what a new member receives to try the app (local mode only; 0 = none). */
    demoCredit: number
    /** The language of the member's mails. */
    lang: MailLanguage
    /** Where the verification mail is written, in the same transaction (decision 0054). */
    mail: MailOutbox
  },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password, input.passwordHashCost)
  const { body: user } = await runCommand(db, {}, async (tx) => {
    const created = await insertUser(tx, {
      name: input.name.trim(),
      email: input.email,
      passwordHash,
      lang: input.lang,
    })
    if (created) {
      await startSession(tx, input.session, created.id)
      await sendVerification(tx, input.mail, created)
      if (input.demoCredit > 0) await grantDemoCredit(tx, created.id, input.demoCredit)
    }
    return created
  })
  if (!user) throw new AppError(409, 'email_taken', EMAIL_TAKEN, { email: EMAIL_TAKEN })
  return toPublicUser(user)
}
