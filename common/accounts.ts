/** Account rules both the sign-up form and the API enforce. */
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 200
export const NAME_MIN_LENGTH = 1
export const NAME_MAX_LENGTH = 80
export const EMAIL_MAX_LENGTH = 254
/**
 * Deliberately loose — the only real check of an address is mail reaching it — but no white
 * space, control or invisible format character anywhere (a bidi override or a zero-width space
 * would make two addresses look alike). A Unicode pattern: compile it with the `u` flag (Ajv
 * does), or use `isEmailAddress`.
 */
export const EMAIL_PATTERN =
  '^[^\\s@\\p{Cc}\\p{Cf}]+@[^\\s@\\p{Cc}\\p{Cf}]+\\.[^\\s@\\p{Cc}\\p{Cf}]+$'
const EMAIL = new RegExp(EMAIL_PATTERN, 'u')
export const isEmailAddress = (text: string): boolean => EMAIL.test(text)

export type Role = 'member' | 'admin'

export interface PublicUser {
  id: string
  name: string
  email: string
  role: Role
  /** Public bidder alias, e.g. "Bidder 7F3A"; never the email. */
  alias: string
  createdAt: string
  /** The address was proven by a mailed link; card top-ups and payouts wait for it (0054). */
  emailVerified: boolean
}

/**
 * The one spelling of an e-mail address that identifies an account: Unicode compatibility
 * form (NFKC, so full-width "ＢＯＢ＠…" is "BOB@…"), no surrounding white space, lower case.
 * Registration stores it, sign-in looks it up, the sign-in limiter counts by it and the client
 * sends it, so every spelling of one address is one account and one limit.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase()
}

/**
 * The public bidder alias a member may choose (Account, decision 0025): 3 to 24 letters, digits,
 * spaces, `-`, `_` or `.`, starting and ending with a letter or digit, single spaces. Unique
 * whatever the case ("bidder 7f3a" is taken when "Bidder 7F3A" exists).
 */
export const ALIAS_MIN_LENGTH = 3
export const ALIAS_MAX_LENGTH = 24
export const ALIAS_PATTERN = '^[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_.-]| (?! ))*[\\p{L}\\p{N}]$'
const ALIAS = new RegExp(ALIAS_PATTERN, 'u')

/** The one spelling of a chosen alias: compatibility form (NFKC), no surrounding space. */
export function normalizeAlias(raw: string): string {
  return raw.normalize('NFKC').trim()
}

/** Why an alias (as typed) cannot be taken, or undefined when it can. */
export function aliasProblem(raw: string): string | undefined {
  const alias = normalizeAlias(raw)
  if (alias.length < ALIAS_MIN_LENGTH || alias.length > ALIAS_MAX_LENGTH)
    return `Must be ${ALIAS_MIN_LENGTH} to ${ALIAS_MAX_LENGTH} characters.`
  if (!ALIAS.test(alias))
    return 'Use letters, digits, single spaces, "-", "_" or "."; start and end with a letter or digit.'
  return undefined
}

/** A member's own changes to their profile (`PATCH /api/me`). */
export interface ProfileInput {
  /** The display name, shown as the seller on the member's lots. */
  name?: string
  alias?: string
  /** The language of the member's mails (decision 0054). */
  lang?: 'en' | 'es'
}

/**
 * Why an account cannot be closed yet, in the order they are reported: money held for bids, lots
 * still running, orders not finished (or a problem open), money on its way out, and real money
 * still in the wallet (decision 0053; demo credit alone is forfeited, never a reason).
 */
export const DELETE_BLOCKERS = ['holds', 'lots', 'orders', 'inTransit', 'money'] as const
export type DeleteBlocker = (typeof DELETE_BLOCKERS)[number]
