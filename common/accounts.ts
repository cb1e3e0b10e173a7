/** Account rules both the sign-up form and the API enforce. */
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 200
export const NAME_MIN_LENGTH = 1
export const NAME_MAX_LENGTH = 80
export const EMAIL_MAX_LENGTH = 254
/** Deliberately loose: the only real check of an address is mail reaching it. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'

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
