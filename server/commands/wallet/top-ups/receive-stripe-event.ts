import type Stripe from 'stripe'
import { receivePayoutEvent } from '../payouts/receive-payout-event.ts'
import { receiveWithdrawalEvent } from '../withdrawals/receive-withdrawal-event.ts'
import { markStripeEventProcessed, recordStripeEvent } from '../../../repositories/top-ups.ts'
import type { PaymentsDeps } from './payments.ts'
import { settleTopUp } from './settle-top-up.ts'
import type { SettleOutcome } from './top-up-rules.ts'

/** The PaymentIntent events that may move a top-up; any other event is only recorded. */
const SETTLING = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
])

/**
 * A verified Stripe webhook event: recorded once (a redelivery finds its row), then, for a
 * PaymentIntent event, settled through settleTopUp — which re-reads the intent, so order and
 * redeliveries do not matter, and credits exactly once — and only then marked processed; money
 * out's events (accounts, transfers, refunds) go to their own receivers likewise. Each
 * step commits on its own (settlement in its own transaction, its Stripe reads outside any); a
 * failure to settle throws before the mark, so the webhook answers 500 and Stripe delivers again.
 * Returns the settlement's outcome, or undefined for an event that settles nothing.
 */
export async function receiveStripeEvent(
  deps: PaymentsDeps,
  event: Stripe.Event,
): Promise<SettleOutcome | undefined> {
  const object = event.data.object as { object?: string; id?: string }
  const paymentIntentId = object.object === 'payment_intent' ? (object.id ?? null) : null
  await recordStripeEvent(deps.db, { id: event.id, type: event.type, paymentIntentId })
  let outcome: SettleOutcome | undefined
  if (SETTLING.has(event.type) && paymentIntentId) {
    outcome = await settleTopUp(deps, paymentIntentId)
    deps.log?.info({ event: event.id, type: event.type, outcome }, 'stripe event settled')
  } else if (!(await receivePayoutEvent(deps, event))) {
    await receiveWithdrawalEvent(deps, event)
  }
  await markStripeEventProcessed(deps.db, event.id)
  return outcome
}
