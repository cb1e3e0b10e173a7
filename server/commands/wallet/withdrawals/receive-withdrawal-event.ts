import type Stripe from 'stripe'
import type { PaymentsDeps } from '../top-ups/payments.ts'

/**
 * Stripe events about withdrawals' card refunds (decision 0053): `refund.updated`,
 * `charge.refunded` and friends. True when the event was one of them and is now durable.
 */
export async function receiveWithdrawalEvent(
  _deps: PaymentsDeps,
  _event: Stripe.Event,
): Promise<boolean> {
  return false
}
