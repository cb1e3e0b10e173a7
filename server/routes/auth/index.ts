import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { normalizeEmail } from '../../../common/accounts.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts'
import { findUserByEmail, toPublicUser } from '../../repositories/users.ts'
import { register } from '../../commands/auth/register.ts'
import type { AuthLimits } from './limits.ts'
import { LoginSchema, LogoutSchema, MeSchema, RegisterSchema } from './schemas.ts'

export interface AuthRoutesOptions {
  db: Database
  limits: AuthLimits
  /** Called after sign-out so the real-time layer can close that user's connections. */
  onSignOut?: (userId: string) => Promise<void> | void
}

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { db, limits, onSignOut },
) => {
  // Sign-up and sign-in see the address in its one spelling (common/accounts.ts) from here on:
  // the schema checks it, the limiter counts it, the database stores and finds it.
  app.addHook('preValidation', async (request) => {
    const body = request.body as { email?: unknown } | undefined
    if (body && typeof body.email === 'string') body.email = normalizeEmail(body.email)
  })

  app.post('/auth/register', { schema: RegisterSchema }, async (request, reply) => {
    limits.takeSignUp(request, reply)
    const user = await register(db, request.body)
    await app.startSession(reply, request, user.id)
    return reply.status(201).send({ user })
  })

  app.post('/auth/login', { schema: LoginSchema }, async (request, reply) => {
    const { email, password } = request.body
    // Counted before the scrypt, so a burst of parallel guesses cannot all pass the check.
    const succeeded = limits.beginSignIn(request, reply, email)
    const user = await findUserByEmail(db, email)
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()))
    if (!user || !valid) {
      throw new AppError(401, 'invalid_credentials', 'Email or password is not right.')
    }
    succeeded()
    await app.startSession(reply, request, user.id)
    return { user: toPublicUser(user) }
  })

  app.post('/auth/logout', { schema: LogoutSchema }, async (request, reply) => {
    const user = await request.getUser()
    await app.endSession(reply, request)
    if (user) await onSignOut?.(user.id)
    return reply.status(204).send()
  })

  app.get('/me', { schema: MeSchema }, async (request) => ({ user: await request.requireUser() }))
}

export default authRoutes
