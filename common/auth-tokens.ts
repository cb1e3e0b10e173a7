/**
 * Rules of the single-use links sent by mail (decision 0054) that the server and the app share:
 * what a token looks like, how long each kind lives, and which language a mail is written in.
 */

import { preferredLang } from './accept-language.ts'

/** What a link is for; the `auth_tokens.purpose` values. */
export type AuthTokenPurpose = 'password_reset' | 'verify_email' | 'change_email'

/** The languages mails are written in (`users.lang`). */
export type MailLanguage = 'en' | 'es'

/** 32 random bytes in base64url without padding: always 43 characters of that alphabet. */
export function authTokenPattern(): string {
  return '^[A-Za-z0-9_-]{43}$'
}

/** True for a string shaped like a token; anything else is refused before the database. */
export function isAuthTokenShape(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(authTokenPattern()).test(value)
}

/**
 * How long a link works, in minutes: a reset is short (it grants the account), a verification
 * long (people read sign-up mail late), an address change in between.
 */
export function authTokenTtlMinutes(purpose: AuthTokenPurpose): number {
  const minutes: Record<AuthTokenPurpose, number> = {
    password_reset: 30,
    verify_email: 7 * 24 * 60,
    change_email: 24 * 60,
  }
  return minutes[purpose]
}

/** When a token made at `now` stops working. */
export function authTokenExpiry(purpose: AuthTokenPurpose, now: Date): Date {
  return new Date(now.getTime() + authTokenTtlMinutes(purpose) * 60_000)
}

/** `en` or `es` when `value` is one of them, else undefined. */
export function mailLanguageOf(value: unknown): MailLanguage | undefined {
  return value === 'en' || value === 'es' ? value : undefined
}

/**
 * The language of a new member's mails: the one the app sent, else the first supported primary
 * subtag of Accept-Language (weights respected), else English.
 */
export function pickMailLanguage(sent: unknown, acceptLanguage: string | undefined): MailLanguage {
  return mailLanguageOf(sent) ?? preferredLang(acceptLanguage)
}
