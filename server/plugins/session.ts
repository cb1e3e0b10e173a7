import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { Database } from '../db/types.ts'
import { unauthenticated } from '../lib/problem.ts'
import { hashSessionToken, newSessionToken } from '../lib/tokens.ts'
import {
  deleteSession,
  SESSION_TTL_DAYS,
  touchSession,
  type SessionStart,
} from '../repositories/sessions.ts'
import { findUserById, toPublicUser } from '../repositories/users.ts'
import type { PublicUser } from '../../common/accounts.ts'

export const SESSION_COOKIE = 'lotline_session'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved lazily once per request. */
    getUser(): Promise<PublicUser | null>
    requireUser(): Promise<PublicUser>
    /** The keyed hash of this request's session cookie (what `sessions.token_hash` holds), if any. */
    sessionHash(): string | undefined
  }
  interface FastifyInstance {
    /**
     * A new session for this browser, not stored yet: the command that signs the member in stores
     * it in its own transaction, against the member's row as it is at commit.
     */
    newSession(request: FastifyRequest): NewSession
    /** After that command committed: the cookie that carries the session to the browser. */
    grantSession(reply: FastifyReply, request: FastifyRequest, session: NewSession): void
    endSession(reply: FastifyReply, request: FastifyRequest): Promise<void>
  }
}

/** A session as a route hands it to a command (`SessionStart`) plus the cookie's secret. */
export interface NewSession extends SessionStart {
  token: string
}

/** Server-side sessions: an opaque random cookie, a keyed hash of it in the database. */
export default fp(async function session(
  app: FastifyInstance,
  opts: { config: Config; db: Database },
) {
  const { config, db } = opts
  const cookiePath = config.basePath
  const secureCookie = (request: FastifyRequest) =>
    request.protocol === 'https' || Boolean(config.appUrl?.startsWith('https://'))
  const hash = (token: string) => hashSessionToken(token, config.sessionSecret)

  const cache = new WeakMap<FastifyRequest, Promise<PublicUser | null>>()
  // Answers that depend on who is signed in (the route asked for the session user, or the
  // response sets or clears the session): no cache, shared or the browser's, may keep them.
  const personal = new WeakSet<FastifyRequest>()
  app.addHook('onSend', async (request, reply) => {
    if (personal.has(request)) void reply.header('Cache-Control', 'no-store')
  })
  async function resolveUser(request: FastifyRequest): Promise<PublicUser | null> {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return null
    const userId = await touchSession(db, hash(token))
    if (!userId) return null
    const user = await findUserById(db, userId)
    return user ? toPublicUser(user) : null
  }

  app.decorateRequest('getUser', function (this: FastifyRequest) {
    personal.add(this)
    let pending = cache.get(this)
    if (!pending) {
      pending = resolveUser(this)
      cache.set(this, pending)
    }
    return pending
  })
  app.decorateRequest('sessionHash', function (this: FastifyRequest) {
    const token = this.cookies[SESSION_COOKIE]
    return token ? hash(token) : undefined
  })
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.getUser()
    if (!user) throw unauthenticated()
    return user
  })

  app.decorate('newSession', (request: FastifyRequest): NewSession => {
    const token = newSessionToken()
    // Rotate: whatever session the browser had before ends with it (session fixation defence).
    const previous = request.cookies[SESSION_COOKIE]
    return { token, tokenHash: hash(token), replaces: previous ? hash(previous) : undefined }
  })

  app.decorate(
    'grantSession',
    (reply: FastifyReply, request: FastifyRequest, session: NewSession) => {
      cache.delete(request)
      personal.add(request)
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie(request),
        maxAge: SESSION_TTL_DAYS * 24 * 3600,
      })
    },
  )

  app.decorate('endSession', async (reply: FastifyReply, request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE]
    if (token) await deleteSession(db, hash(token))
    cache.delete(request)
    personal.add(request)
    reply.clearCookie(SESSION_COOKIE, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie(request),
    })
  })
})
