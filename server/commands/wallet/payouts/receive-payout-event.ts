import type Stripe from 'stripe'
import type { PaymentsDeps } from '../top-ups/payments.ts'

/**
 * Stripe events about payouts (decision 0053): `account.updated` (a connected account's state) and
 * the transfer events. True when the event was one of them and is now durable.
 */
export async function receivePayoutEvent(
  _deps: PaymentsDeps,
  _event: Stripe.Event,
): Promise<boolean> {
  return false
}
