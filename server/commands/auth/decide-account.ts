import {
  DELETE_BLOCKERS,
  aliasProblem,
  normalizeAlias,
  type DeleteBlocker,
  type ProfileInput,
} from '../../../common/accounts.ts'
import type { ErrorCode } from '../../../common/errors.ts'
import { formatMoney } from '../../../common/money.ts'
import { AppError } from '../../lib/problem.ts'

const ALIAS_TAKEN = 'Another member already uses this alias.'
const WRONG_PASSWORD = 'The current password is not right.'
const INVALID_CREDENTIALS = 'Email or password is not right.'

/** The profile change to write: trimmed name, normalized alias; 422 when the alias breaks a rule. */
export function decideProfile(input: ProfileInput, current: { name: string; alias: string }) {
  const name = input.name?.trim()
  const alias = input.alias === undefined ? undefined : normalizeAlias(input.alias)
  if (input.alias !== undefined) {
    const problem = aliasProblem(input.alias)
    if (problem) throw new AppError(422, 'validation_failed', problem, { alias: problem })
  }
  return {
    name: name === current.name ? undefined : name,
    alias: alias === current.alias ? undefined : alias,
  }
}

export const aliasTakenError = () =>
  new AppError(409, 'alias_taken', ALIAS_TAKEN, { alias: ALIAS_TAKEN })

export const invalidCredentialsError = () =>
  new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS)

export const accountSuspendedError = () =>
  new AppError(403, 'account_suspended', 'This account is suspended.')

/**
 * Whether a sign-in may store its session, decided on the member's row as it is under the lock:
 * 401 `invalid_credentials` when the account is gone or its password is no longer the one just
 * verified (changed meanwhile), 403 `account_suspended` when suspended. Only someone who knows
 * the password learns that the account is suspended (decision 0027).
 */
export function decideSignIn(
  current: { user: { passwordHash: string }; deleted: boolean; suspended: boolean } | undefined,
  verifiedHash: string,
): void {
  if (!current || current.deleted || current.user.passwordHash !== verifiedHash)
    throw invalidCredentialsError()
  if (current.suspended) throw accountSuspendedError()
}

export const wrongPasswordError = () =>
  new AppError(403, 'wrong_password', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD })

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** What each reason says; `n` is a count, or an amount in minor units for the money ones. */
function blockerText(key: DeleteBlocker, n: number, currency: string): string {
  switch (key) {
    case 'holds':
      return `You have ${plural(n, 'bid')} holding money (leading, or won and not yet settled).`
    case 'lots':
      return `You have ${plural(n, 'lot')} still scheduled, open or being settled.`
    case 'orders':
      return `You have ${plural(n, 'order')} not finished yet (or with a problem open); see My orders.`
    case 'inTransit':
      return `${formatMoney(n, currency, 'en')} of yours is on its way out; wait until it has arrived.`
    case 'money':
      return `Your account still holds ${formatMoney(n, currency, 'en')}; withdraw it first.`
  }
}

function blockerCode(key: DeleteBlocker): ErrorCode {
  switch (key) {
    case 'holds':
      return 'account_has_holds'
    case 'lots':
      return 'account_has_lots'
    case 'orders':
      return 'account_has_orders'
    case 'inTransit':
      return 'money_in_transit'
    case 'money':
      return 'account_has_money'
  }
}

/**
 * Whether the account may close (decision 0053): refused with 409 while money is held for its
 * bids (`account_has_holds`), its own lots are still running (`account_has_lots`), an order is not
 * finished (`account_has_orders`), money is on its way out (`money_in_transit`) or real money is
 * still there (`account_has_money`, the problem's `amount` saying how much). The code is the first
 * reason in that order; every reason is in `errors` so the screen can say all of them.
 */
export function decideDelete(blockers: Record<DeleteBlocker, number>, currency: string): void {
  const errors: Record<string, string> = {}
  for (const key of DELETE_BLOCKERS)
    if (blockers[key] > 0) errors[key] = blockerText(key, blockers[key], currency)
  const first = DELETE_BLOCKERS.find((key) => blockers[key] > 0)
  if (!first) return
  const error = new AppError(409, blockerCode(first), Object.values(errors).join(' '), errors)
  throw blockers.money > 0 ? error.withAmount(blockers.money) : error
}
