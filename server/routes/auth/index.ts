import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { normalizeEmail } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { register } from '../../commands/auth/register.ts'
import { signIn, verifySignIn } from '../../commands/auth/sign-in.ts'
import { changePassword } from '../../commands/auth/change-password.ts'
import { deleteAccount } from '../../commands/auth/delete-account.ts'
import { updateMyProfile } from '../../commands/auth/update-profile.ts'
import { forgetBrowserDevice } from '../../commands/push/subscriptions.ts'
import type { MoneyOutSettings } from '../../repositories/money-out.ts'
import { setTimeout as delay } from 'node:timers/promises'
import { pickMailLanguage } from '../../../common/auth-tokens.ts'
import { confirmPasswordReset, requestPasswordReset } from '../../commands/auth/password-reset.ts'
import { resendVerification, verifyEmail } from '../../commands/auth/verify-email.ts'
import { confirmEmailChange, requestEmailChange } from '../../commands/auth/change-email.ts'
import type { MailOutbox } from '../../mail/outbox.ts'
import type { AuthLimits } from './limits.ts'
import {
  DeleteAccountSchema,
  LoginSchema,
  LogoutSchema,
  MeSchema,
  SessionSchema,
  PasswordSchema,
  ProfileSchema,
  RegisterSchema,
  PasswordResetSchema,
  PasswordResetConfirmSchema,
  VerifyEmailSchema,
  ResendVerificationSchema,
  EmailChangeSchema,
  ConfirmEmailChangeSchema,
} from './schemas.ts'

export interface AuthRoutesOptions {
  db: Database
  limits: AuthLimits
  /** scrypt's cost for new password hashes (config.passwordHashCost). */
  passwordHashCost: number
  /**
   * Called after sign-out, a password change and a deletion, so the real-time layer can close that
   * user's connections.
   */
  onSignOut?: (userId: string) => Promise<void> | void
  /** What closing an account reads (decision 0053), and the demo credit a new member receives. */
  money: MoneyOutSettings
  /** Where account mails are written (decision 0054). */
  mail: MailOutbox
}

/**
 * The least time a password reset request takes to answer, whether or not the address is a
 * member's: the extra writes for a member hide inside it (docs/security.md).
 */
const RESET_ANSWER_MS = 300

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { db, limits, passwordHashCost, onSignOut, money, mail },
) => {
  // Sign-up and sign-in see the address in its one spelling (common/accounts.ts) from here on:
  // the schema checks it, the limiter counts it, the database stores and finds it.
  app.addHook('preValidation', async (request) => {
    const body = request.body as { email?: unknown; newEmail?: unknown } | undefined
    if (body && typeof body.email === 'string') body.email = normalizeEmail(body.email)
    if (body && typeof body.newEmail === 'string') body.newEmail = normalizeEmail(body.newEmail)
  })

  app.post('/auth/register', { schema: RegisterSchema }, async (request, reply) => {
    await limits.takeSignUp(request, reply)
    const session = app.newSession(request)
    const demoCredit = money.moneyOut.demoCredit
    const { lang: sentLang, ...body } = request.body
    const lang = pickMailLanguage(sentLang, request.headers['accept-language'])
    const user = await register(db, {
      ...body,
      session,
      passwordHashCost,
      demoCredit,
      lang,
      mail,
    })
    app.grantSession(reply, request, session)
    return reply.status(201).send({ user })
  })

  app.post('/auth/login', { schema: LoginSchema }, async (request, reply) => {
    const { email, password } = request.body
    // Counted before the scrypt, so a burst of parallel guesses cannot all pass the check.
    const succeeded = await limits.beginSignIn(request, reply, email)
    const verified = await verifySignIn(db, { email, password, passwordHashCost })
    await succeeded()
    // Stored against the row as it is at commit: a sign-in in flight never outlives a password
    // change, a deletion or a suspension (docs/security.md).
    const session = app.newSession(request)
    const user = await signIn(db, { verified, session })
    app.grantSession(reply, request, session)
    return { user }
  })

  // The same answer, after about the same time, for every address (docs/security.md).
  app.post('/auth/password-reset', { schema: PasswordResetSchema }, async (request, reply) => {
    const started = Date.now()
    await limits.takePasswordReset(request, reply, request.body.email)
    await requestPasswordReset(db, mail, { email: request.body.email })
    await delay(Math.max(0, started + RESET_ANSWER_MS - Date.now()))
    return reply.status(202).send({})
  })

  app.post(
    '/auth/password-reset/confirm',
    { schema: PasswordResetConfirmSchema },
    async (request, reply) => {
      const session = app.newSession(request)
      const user = await confirmPasswordReset(db, {
        ...request.body,
        session,
        passwordHashCost,
      })
      app.grantSession(reply, request, session)
      // Every other session ended: their real-time connections go too.
      await onSignOut?.(user.id)
      return { user }
    },
  )

  app.post('/auth/verify-email', { schema: VerifyEmailSchema }, async (request, reply) => {
    await verifyEmail(db, request.body)
    return reply.status(204).send()
  })

  app.post('/auth/confirm-email-change', { schema: ConfirmEmailChangeSchema }, async (request) => ({
    user: await confirmEmailChange(db, request.body),
  }))

  app.post('/me/verification', { schema: ResendVerificationSchema }, async (request, reply) => {
    const user = await request.requireUser()
    return reply.status(202).send(await resendVerification(db, mail, { userId: user.id }))
  })

  // The address changes only when the link mailed to the new one is opened (docs/product.md).
  app.post('/me/email', { schema: EmailChangeSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const succeeded = await limits.beginSignIn(request, reply, user.email)
    await requestEmailChange(db, mail, { userId: user.id, ...request.body })
    await succeeded()
    return reply.status(202).send({})
  })

  // No body at all (the usual sign-out) is the empty one: the schema then checks what is there.
  const logout = {
    schema: LogoutSchema,
    preValidation: async (request: FastifyRequest) => {
      request.body ??= {}
    },
  }
  app.post('/auth/logout', logout, async (request, reply) => {
    const user = await request.getUser()
    // Before the session ends: only a signed-in member may drop their own device (decision 0032).
    const pushEndpoint = request.body?.pushEndpoint
    if (user && pushEndpoint) await forgetBrowserDevice(db, user.id, pushEndpoint)
    await app.endSession(reply, request)
    if (user) await onSignOut?.(user.id)
    return reply.status(204).send()
  })

  app.get('/me', { schema: MeSchema }, async (request) => ({ user: await request.requireUser() }))
  // What the app asks on every start: a guest is an answer here (200, null), not a 401 that the
  // browser would log as a failed request on every first visit (decision 0030).
  app.get('/session', { schema: SessionSchema }, async (request) => ({
    user: await request.getUser(),
  }))

  // The member's own account (decision 0025). A password check counts against the same limits
  // as signing in to this account from this address, so neither form is a way around the other.
  app.patch('/me', { schema: ProfileSchema }, async (request) => {
    const user = await request.requireUser()
    return { user: await updateMyProfile(db, { userId: user.id, change: request.body }) }
  })

  app.post('/me/password', { schema: PasswordSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const succeeded = await limits.beginSignIn(request, reply, user.email)
    // Every session ends with the change; this device alone gets a fresh one, in the same commit.
    const session = app.newSession(request)
    await changePassword(db, {
      userId: user.id,
      ...request.body,
      session,
      passwordHashCost,
    })
    await succeeded()
    app.grantSession(reply, request, session)
    // The other devices are signed out, so their real-time connections go too; this device's
    // connection comes straight back on its fresh session.
    await onSignOut?.(user.id)
    return reply.status(204).send()
  })

  app.delete('/me', { schema: DeleteAccountSchema }, async (request, reply) => {
    const user = await request.requireUser()
    const succeeded = await limits.beginSignIn(request, reply, user.email)
    await deleteAccount(db, { userId: user.id, password: request.body.password, money })
    await succeeded()
    await app.endSession(reply, request)
    await onSignOut?.(user.id)
    return reply.status(204).send()
  })
}

export default authRoutes
