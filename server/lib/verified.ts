import type { PublicUser } from '../../common/accounts.ts'
import { AppError } from './problem.ts'

/**
 * Card top-ups and payouts wait for a verified address (decision 0054): real money in or out
 * needs a way to reach the member. Withdrawals back to cards are not gated: that money goes
 * back where it came from.
 */
export function requireVerifiedEmail(user: PublicUser): void {
  if (user.emailVerified) return
  throw new AppError(
    403,
    'email_not_verified',
    'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
  )
}
