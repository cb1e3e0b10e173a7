import { Type } from '@fastify/type-provider-typebox'
import { VISIBLE_TEXT_FORMAT } from '../../../common/auction.ts'
import {
  ALIAS_MAX_LENGTH,
  ALIAS_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../common/accounts.ts'
import { PUSH_ENDPOINT_MAX_LENGTH } from '../../lib/push-endpoint.ts'
import { SessionResponseSchema, UserResponseSchema } from '../../schemas/accounts.ts'
import { responses } from '../../schemas/shared.ts'

const Email = Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN })
const Lang = Type.Union([Type.Literal('en'), Type.Literal('es')])

export const RegisterBody = Type.Object(
  {
    name: Type.String({
      minLength: NAME_MIN_LENGTH,
      maxLength: NAME_MAX_LENGTH,
      format: VISIBLE_TEXT_FORMAT,
    }),
    email: Email,
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    /** The app's language: the language of the member's mails (else Accept-Language). */
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
)

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
)

const Name = Type.String({
  minLength: NAME_MIN_LENGTH,
  maxLength: NAME_MAX_LENGTH,
  format: VISIBLE_TEXT_FORMAT,
})
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
const CurrentPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })

/** `PATCH /api/me`: the display name (shown as the seller of my lots) and the public alias. */
export const ProfileBody = Type.Object(
  {
    name: Type.Optional(Name),
    // The alias rules themselves (common/accounts.ts `aliasProblem`) are checked by the command.
    alias: Type.Optional(
      Type.String({ minLength: ALIAS_MIN_LENGTH, maxLength: ALIAS_MAX_LENGTH + 8 }),
    ),
    /** The language of the member's mails (the app's language switch sends it). */
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** `POST /api/me/password`. */
export const PasswordBody = Type.Object(
  { currentPassword: CurrentPassword, newPassword: NewPassword },
  { additionalProperties: false },
)

/** `DELETE /api/me`: the current password confirms it. */
export const DeleteAccountBody = Type.Object(
  { password: CurrentPassword },
  { additionalProperties: false },
)

/** `204 No Content`: signed out (with or without a session to end). No body is sent. */
const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'Signed out.' })

/** Each route's schemas: its input, and its answers (server/schemas/accounts.ts). */
export const RegisterSchema = {
  body: RegisterBody,
  response: responses({ 201: UserResponseSchema }),
}
export const LoginSchema = { body: LoginBody, response: responses({ 200: UserResponseSchema }) }
/**
 * Signing out may name this browser's push endpoint: it stops getting the member's alerts with
 * the session, whichever session subscribed it (decision 0032). No body is fine too.
 */
const LogoutBody = Type.Object(
  {
    pushEndpoint: Type.Optional(Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH })),
  },
  { additionalProperties: false },
)
export const LogoutSchema = {
  body: Type.Optional(LogoutBody),
  response: responses({ 204: NoContent }),
}
export const MeSchema = { response: responses({ 200: UserResponseSchema }) }
export const SessionSchema = { response: responses({ 200: SessionResponseSchema }) }
export const ProfileSchema = { body: ProfileBody, response: responses({ 200: UserResponseSchema }) }
export const PasswordSchema = {
  body: PasswordBody,
  response: responses({ 204: Type.Unsafe<undefined>({ type: 'null', description: 'Changed.' }) }),
}
export const DeleteAccountSchema = {
  body: DeleteAccountBody,
  response: responses({ 204: Type.Unsafe<undefined>({ type: 'null', description: 'Deleted.' }) }),
}

/**
 * A mailed link's token. Its shape is checked by the command (400 `token_invalid`, the one answer
 * for every bad link), so the schema only bounds its size.
 */
const Token = Type.String({ minLength: 1, maxLength: 200 })
const Accepted = Type.Object({}, { additionalProperties: false })
const Empty = (description: string) => Type.Unsafe<undefined>({ type: 'null', description })

/** `POST /api/auth/password-reset`: 202 `{}` whether or not the address is a member's. */
export const PasswordResetSchema = {
  body: Type.Object(
    { email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) },
    {
      additionalProperties: false,
    },
  ),
  response: responses({ 202: Accepted }),
}
/** `POST /api/auth/password-reset/confirm`: the new password; this browser is signed in. */
export const PasswordResetConfirmSchema = {
  body: Type.Object({ token: Token, newPassword: NewPassword }, { additionalProperties: false }),
  response: responses({ 200: UserResponseSchema }),
}
/** `POST /api/auth/verify-email`. */
export const VerifyEmailSchema = {
  body: Type.Object({ token: Token }, { additionalProperties: false }),
  response: responses({ 204: Empty('Verified.') }),
}
/** `POST /api/me/verification`: `sent` is false when the address was verified already. */
export const ResendVerificationSchema = {
  response: responses({
    202: Type.Object({ sent: Type.Boolean() }, { additionalProperties: false }),
  }),
}
/** `POST /api/me/email`: the new address (normalised like sign-up) and the current password. */
export const EmailChangeSchema = {
  body: Type.Object(
    { newEmail: Email, password: CurrentPassword },
    { additionalProperties: false },
  ),
  response: responses({ 202: Accepted }),
}
/** `POST /api/auth/confirm-email-change`. */
export const ConfirmEmailChangeSchema = {
  body: Type.Object({ token: Token }, { additionalProperties: false }),
  response: responses({ 200: UserResponseSchema }),
}
