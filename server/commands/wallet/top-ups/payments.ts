import type Stripe from 'stripe'
import type { AlertMailer } from '../../../mail/alerts/mailer.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { MoneyOutConfig } from '../../../config/money-out.ts'
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
  /** Top-up receipts by e-mail, in the credit's transaction; none when not given. */
  alerts?: AlertMailer | undefined
}

/** What the money-out commands (payouts, withdrawals, their retries) need besides: the limits. */
export interface MoneyOutDeps extends PaymentsDeps {
  moneyOut: MoneyOutConfig
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
