/** A top-up and the PaymentIntent Stripe would send for it, for the top-up deciders' tests. */
import type Stripe from 'stripe'
import type { TopUpRecord } from '../../../server/repositories/top-ups.ts'

export const topUpAt =
  (now: Date) =>
  (patch: Partial<TopUpRecord> = {}): TopUpRecord => ({
    id: 'top-up',
    userId: 'alice',
    clientKey: 'key',
    paymentIntentId: 'pi_1',
    refundId: null,
    amount: 5_000,
    currency: 'EUR',
    status: 'created',
    failureMessage: null,
    creditedAt: null,
    createdAt: now.toISOString(),
    ...patch,
  })

export const intent = (patch: Record<string, unknown> = {}) =>
  ({
    id: 'pi_1',
    status: 'succeeded',
    amount: 5_000,
    amount_received: 5_000,
    currency: 'eur',
    metadata: { top_up_id: 'top-up', user_id: 'alice' },
    last_payment_error: null,
    ...patch,
  }) as unknown as Stripe.PaymentIntent
