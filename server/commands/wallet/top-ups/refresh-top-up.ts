import { notFound } from '../../../lib/problem.ts'
import { findTopUp, type TopUpRecord } from '../../../repositories/top-ups.ts'
import { requireStripe, type PaymentsDeps } from './payments.ts'
import { settleTopUpIntent } from './settle-top-up.ts'
import { isFinal, withCharge } from './top-up-rules.ts'

/**
 * A member's top-up as it stands (`GET /api/wallet/top-ups/:id`, asked by the return page): when
 * it is not final and has a PaymentIntent, Stripe is asked once and the answer settled at once
 * rather than waiting for the webhook (the same exactly-once path, settleTopUpIntent); the client
 * secret comes back only while the top-up is still open. Another member's top-up is not found.
 */
export async function refreshTopUp(
  deps: PaymentsDeps,
  input: { userId: string; topUpId: string },
): Promise<{ topUp: TopUpRecord; clientSecret: string | null }> {
  const stripe = requireStripe(deps.stripe)
  let topUp = await findTopUp(deps.db, input.topUpId)
  if (!topUp || topUp.userId !== input.userId) throw notFound('Top-up')
  let clientSecret: string | null = null
  if (topUp.paymentIntentId && !isFinal(topUp.status)) {
    const pi = await stripe.paymentIntents.retrieve(topUp.paymentIntentId, withCharge())
    await settleTopUpIntent(deps, pi)
    topUp = (await findTopUp(deps.db, topUp.id))!
    if (!isFinal(topUp.status)) clientSecret = pi.client_secret
  }
  return { topUp, clientSecret }
}
