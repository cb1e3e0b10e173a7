import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { findUserByEmail, insertUser, toPublicUser } from '../../repositories/users.ts'
import { LoginBody, RegisterBody } from './schemas.ts'

export interface AuthRoutesOptions {
  db: Database
  /** Called after sign-out so the real-time layer can close that user's connections. */
  onSignOut?: (userId: string) => Promise<void> | void
}

const LOGIN_LIMIT = { max: 10, timeWindow: '1 minute' }

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { db, onSignOut }) => {
  app.post(
    '/auth/register',
    { schema: { body: RegisterBody }, config: { rateLimit: LOGIN_LIMIT } },
    async (request, reply) => {
      const { name, email, password } = request.body
      const passwordHash = await hashPassword(password)
      const user = await insertUser(db, { name: name.trim(), email: email.trim(), passwordHash })
      if (!user) {
        throw new AppError(409, 'email_taken', 'An account with this email already exists.', {
          email: 'An account with this email already exists.',
        })
      }
      await app.startSession(reply, request, user.id)
      return reply.status(201).send({ user: toPublicUser(user) })
    },
  )

  app.post(
    '/auth/login',
    { schema: { body: LoginBody }, config: { rateLimit: LOGIN_LIMIT } },
    async (request, reply) => {
      const { email, password } = request.body
      const user = await findUserByEmail(db, email.trim())
      const valid = await verifyPassword(
        password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      )
      if (!user || !valid) {
        throw new AppError(401, 'invalid_credentials', 'Email or password is not right.')
      }
      await app.startSession(reply, request, user.id)
      return { user: toPublicUser(user) }
    },
  )

  app.post('/auth/logout', async (request, reply) => {
    const user = await request.getUser()
    await app.endSession(reply, request)
    if (user) await onSignOut?.(user.id)
    return reply.status(204).send()
  })

  app.get('/me', async (request) => ({ user: await request.requireUser() }))
}

export default authRoutes
