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
