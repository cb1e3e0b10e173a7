import { isLineOfText } from '../../../common/auction'
import {
  EMAIL_MAX_LENGTH,
  isEmailAddress,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../common/accounts'
import type { Translate } from '../../i18n'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

export function validateEmail(value: string, t: Translate): string | undefined {
  const v = value.trim()
  if (!v) return t('validation.required', { field: t('auth.email').toLowerCase() })
  if (v.length > EMAIL_MAX_LENGTH) return t('validation.tooLong', { count: EMAIL_MAX_LENGTH })
  if (!isEmailAddress(v)) return t('validation.email')
  return undefined
}

export function validateSignIn(
  values: { email: string; password: string },
  t: Translate,
): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {}
  const email = validateEmail(values.email, t)
  if (email) errors.email = email
  if (!values.password)
    errors.password = t('validation.required', { field: t('auth.password').toLowerCase() })
  return errors
}

/** The same rules the API enforces (common/accounts.ts). */
export function validateSignUp(
  values: { name: string; email: string; password: string },
  t: Translate,
): FieldErrors<'name' | 'email' | 'password'> {
  const errors: FieldErrors<'name' | 'email' | 'password'> = {}
  const name = values.name.trim()
  if (name.length < NAME_MIN_LENGTH || !isLineOfText(name))
    errors.name = t('validation.required', { field: t('auth.name').toLowerCase() })
  else if (name.length > NAME_MAX_LENGTH)
    errors.name = t('validation.tooLong', { count: NAME_MAX_LENGTH })
  const email = validateEmail(values.email, t)
  if (email) errors.email = email
  if (!values.password)
    errors.password = t('validation.required', { field: t('auth.password').toLowerCase() })
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = t('validation.tooShort', { count: PASSWORD_MIN_LENGTH })
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = t('validation.tooLong', { count: PASSWORD_MAX_LENGTH })
  return errors
}

/** Where to go after signing in: a same-app path from ?next=, else '/'. */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next')
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (next.startsWith('/sign-in') || next.startsWith('/sign-up')) return '/'
  return next
}
