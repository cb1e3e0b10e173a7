import type Stripe from 'stripe'
import { requireStripe, type PaymentsDeps } from '../top-ups/payments.ts'
import { settleRefundFromStripe } from './send-refund.ts'

const REFUND_EVENTS = new Set([
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
])
const CHARGE_EVENTS = new Set(['charge.refunded'])

/**
 * Stripe events about withdrawals' card refunds (decision 0053): `refund.updated`,
 * `refund.failed`, `charge.refunded` and friends. The payload only names the refunds: each is read
 * back from Stripe and settled on its row exactly once (settleRefundFromStripe), so forged or
 * stale copies and redeliveries change nothing. True when the event was one of them and is now
 * durable; a failure throws, the webhook answers 500 and Stripe delivers again.
 */
export async function receiveWithdrawalEvent(
  deps: PaymentsDeps,
  event: Stripe.Event,
): Promise<boolean> {
  const ids = refundIdsOf(event)
  if (!ids) return false
  const stripe = requireStripe(deps.stripe)
  for (const id of ids) {
    const refund = await stripe.refunds.retrieve(id)
    await settleRefundFromStripe(deps, refund)
  }
  return true
}

/** The refunds an event names, or undefined when it is not about refunds. */
function refundIdsOf(event: Stripe.Event): string[] | undefined {
  const object = event.data.object as {
    id?: unknown
    object?: unknown
    refunds?: { data?: Array<{ id?: unknown }> }
  }
  if (REFUND_EVENTS.has(event.type) && object.object === 'refund' && typeof object.id === 'string')
    return [object.id]
  if (CHARGE_EVENTS.has(event.type) && object.object === 'charge') {
    return (object.refunds?.data ?? [])
      .map((r) => r.id)
      .filter((id): id is string => typeof id === 'string' && id.startsWith('re_'))
  }
  return undefined
}
