import type { FastifyRequest } from 'fastify'
import type { Limit } from './attempt-limiter.ts'

/**
 * Route config for `@fastify/rate-limit` (registered in server/app.ts, counted at onRequest): at
 * most `limit.max` requests per window for one member — keyed by the signed-in user, so neither a
 * new address nor a second device starts a fresh count; a guest counts by address (and is then
 * refused by the route itself). `name` keeps each route's count apart.
 */
export function perMember(name: string, limit: Limit) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: async (request: FastifyRequest) =>
        `${name}|${(await request.getUser())?.id ?? request.ip}`,
    },
  }
}
