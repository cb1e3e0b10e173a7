import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { normalizeEmail } from '../../../common/accounts.ts'
import type { Config } from '../../config.ts'
import {
  AttemptLimiter,
  clientAddressKey,
  type AttemptCounter,
  type Limit,
  type Take,
} from '../../lib/attempt-limiter.ts'
import { AppError } from '../../lib/problem.ts'
import { RedisAttemptLimiter, type RedisScripting } from '../../lib/redis-attempt-limiter.ts'

export interface AuthLimits {
  /**
   * Takes a sign-in attempt for this client address and account (any spelling of the address),
   * or answers 429. Call the returned function when the sign-in succeeded: only failures count.
   */
  beginSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
  ): Promise<() => Promise<void>>
  /** Takes a registration for this client address, or answers 429. */
  takeSignUp(request: FastifyRequest, reply: FastifyReply): Promise<void>
  /**
   * Takes a password reset request for this client address and this e-mail address (any
   * spelling), or answers 429 — the same whether or not the address is a member's.
   */
  takePasswordReset(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>
}

/** Makes one counter per limit: in this process, or shared through Redis (server/app.ts). */
export type CounterFactory = (name: string, limit: Limit) => AttemptCounter

const inProcess: CounterFactory = (_name, limit) => new AttemptLimiter(limit)

/** At most one warning a minute while Redis is away, not one per sign-in. */
const WARN_EVERY_MS = 60_000

/** Counters shared through Redis when the nodes have one (REDIS_URL), else this process's own. */
export function attemptCounters(
  redis: RedisScripting | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
): CounterFactory {
  if (!redis) return inProcess
  let warnedAt = -Infinity
  const onError = (error: unknown) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return
    warnedAt = Date.now()
    log.warn({ err: error }, 'Redis is not answering: sign-in limits count on this node alone')
  }
  return (name, limit) =>
    new RedisAttemptLimiter(redis, limit, `lotline:attempts:${name}:`, onError)
}

/**
 * Sign-in and registration limits (docs/security.md, decision 0016). Keys are the client address
 * as the trusted proxies report it (TRUST_PROXY) and the normalized address the login looks up,
 * so neither a forged X-Forwarded-For nor another spelling of the e-mail starts a fresh count.
 */
export function createAuthLimits(
  limits: Config['limits'],
  counter: CounterFactory = inProcess,
): AuthLimits {
  const perAccount = counter('sign-in-account', limits.signInPerAccount)
  const perAddress = counter('sign-in-address', limits.signInPerAddress)
  const signUps = counter('sign-up-address', limits.signUpPerAddress)
  const resetsPerAddress = counter('reset-address', limits.passwordResetPerAddress)
  const resetsPerAccount = counter('reset-account', limits.passwordResetPerAccount)

  return {
    async beginSignIn(request, reply, email) {
      const address = clientAddressKey(request.ip)
      const account = `${address}|${normalizeEmail(email)}`
      refuseUnless(reply, await perAddress.take(address))
      const taken = await perAccount.take(account)
      if (!taken.ok) await perAddress.refund(address)
      refuseUnless(reply, taken)
      return async () => {
        await Promise.all([perAddress.refund(address), perAccount.refund(account)])
      }
    },
    async takeSignUp(request, reply) {
      refuseUnless(reply, await signUps.take(clientAddressKey(request.ip)))
    },
    async takePasswordReset(request, reply, email) {
      const address = clientAddressKey(request.ip)
      refuseUnless(reply, await resetsPerAddress.take(address))
      // Per address mailed, from any client: nobody can fill a member's inbox from many machines.
      const taken = await resetsPerAccount.take(normalizeEmail(email))
      if (!taken.ok) await resetsPerAddress.refund(address)
      refuseUnless(reply, taken)
    },
  }
}

function refuseUnless(reply: FastifyReply, taken: Take): void {
  if (taken.ok) return
  void reply.header('Retry-After', String(taken.retryAfterSeconds))
  throw new AppError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${taken.retryAfterSeconds} seconds.`,
  )
}
