import type Stripe from 'stripe'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../../db/types.ts'
import type { Broadcaster } from '../../../lib/broadcaster.ts'
import { AppError } from '../../../lib/problem.ts'

/** What the top-up commands need: the database, Stripe (absent when not configured), events. */
export interface PaymentsDeps {
  db: Database
  stripe: Stripe | null
  broadcaster: Broadcaster
  currency: string
  log?: FastifyBaseLogger
}

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) {
    throw new AppError(
      503,
      'payments_not_configured',
      'Card payments are not configured on this server.',
    )
  }
  return stripe
}
