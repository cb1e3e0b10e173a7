import type { FastifyReply, FastifyRequest } from 'fastify'
import { normalizeEmail } from '../../../common/accounts.ts'
import type { Config } from '../../config.ts'
import { AttemptLimiter, clientAddressKey, type Take } from '../../lib/attempt-limiter.ts'
import { AppError } from '../../lib/problem.ts'

export interface AuthLimits {
  /**
   * Takes a sign-in attempt for this client address and account (any spelling of the address),
   * or answers 429. Call the returned function when the sign-in succeeded: only failures count.
   */
  beginSignIn(request: FastifyRequest, reply: FastifyReply, email: string): () => void
  /** Takes a registration for this client address, or answers 429. */
  takeSignUp(request: FastifyRequest, reply: FastifyReply): void
}

/**
 * Sign-in and registration limits (docs/security.md, decision 0016). Keys are the client address
 * as the trusted proxies report it (TRUST_PROXY) and the normalized address the login looks up,
 * so neither a forged X-Forwarded-For nor another spelling of the e-mail starts a fresh count.
 */
export function createAuthLimits(limits: Config['limits']): AuthLimits {
  const perAccount = new AttemptLimiter(limits.signInPerAccount)
  const perAddress = new AttemptLimiter(limits.signInPerAddress)
  const signUps = new AttemptLimiter(limits.signUpPerAddress)

  return {
    beginSignIn(request, reply, email) {
      const address = clientAddressKey(request.ip)
      const account = `${address}|${normalizeEmail(email)}`
      refuseUnless(reply, perAddress.take(address))
      const taken = perAccount.take(account)
      if (!taken.ok) perAddress.refund(address)
      refuseUnless(reply, taken)
      return () => {
        perAddress.refund(address)
        perAccount.refund(account)
      }
    },
    takeSignUp(request, reply) {
      refuseUnless(reply, signUps.take(clientAddressKey(request.ip)))
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
