import {
  aliasProblem,
  normalizeAlias,
  type DeleteBlocker,
  type ProfileInput,
} from '../../../common/accounts.ts'
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

const BLOCKER_TEXT: Record<DeleteBlocker, (n: number) => string> = {
  holds: (n) =>
    `You have ${n} bid${n === 1 ? '' : 's'} holding money (leading, or won and not yet settled).`,
  lots: (n) => `You have ${n} lot${n === 1 ? '' : 's'} still scheduled, open or being settled.`,
}

/**
 * Whether the account may go: refused with 409 while money is held for its bids
 * (`account_has_holds`) or its own lots are still running (`account_has_lots`), each reason in
 * `errors` so the screen can say all of them.
 */
export function decideDelete(blockers: Record<DeleteBlocker, number>): void {
  const errors: Record<string, string> = {}
  for (const key of ['holds', 'lots'] as const)
    if (blockers[key] > 0) errors[key] = BLOCKER_TEXT[key](blockers[key])
  const first = Object.keys(errors)[0] as DeleteBlocker | undefined
  if (!first) return
  throw new AppError(
    409,
    first === 'holds' ? 'account_has_holds' : 'account_has_lots',
    Object.values(errors).join(' '),
    errors,
  )
}
