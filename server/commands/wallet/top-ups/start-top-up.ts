import { idempotencyKeyReused } from '../../../lib/idempotent.ts'
import {
  attachPaymentIntent,
  findTopUp,
  insertOrGetTopUp,
  pendingTopUpTotal,
  type TopUpRecord,
} from '../../../repositories/top-ups.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type PaymentsDeps } from './payments.ts'
import { settleTopUpIntent } from './settle-top-up.ts'
import { checkTopUpAmount, checkTopUpRoom, isFinal, withCharge } from './top-up-rules.ts'

/**
 * Starts (or resumes) a top-up, at most once per Idempotency-Key (scope 'top-up'): the key is
 * claimed first, then the member's wallet row is locked so that two top-ups started at once are
 * checked one after the other against the cap — the settled balance PLUS the pending top-ups. The
 * top-up row's id is our idempotency key at Stripe, so double clicks, reloads and lost responses
 * all land on the same PaymentIntent; the intent is created after the commit (no network call
 * while the wallet is locked).
 */
export async function createTopUp(
  deps: PaymentsDeps,
  input: { userId: string; clientKey: string; amount: number },
): Promise<{ topUp: TopUpRecord; clientSecret: string | null }> {
  const stripe = requireStripe(deps.stripe)
  const { userId, clientKey: key, amount } = input
  checkTopUpAmount(amount)
  const once = { userId, scope: 'top-up' as const, key, parts: [amount], statusCode: 201 }
  const started = await runCommand(deps.db, { once }, async (tx) => {
    await lockWallets(tx, [userId])
    const { balance } = await walletOf(tx, userId, deps.currency)
    checkTopUpRoom(balance, await pendingTopUpTotal(tx, userId), amount)
    const topUp = await insertOrGetTopUp(tx, { ...input, currency: deps.currency })
    // A key used before this store existed may already name a top-up of another amount.
    if (topUp.amount !== amount) throw idempotencyKeyReused()
    return { topUpId: topUp.id }
  })
  let topUp = (await findTopUp(deps.db, started.body.topUpId))!
  if (topUp.paymentIntentId) {
    if (isFinal(topUp.status)) return { topUp, clientSecret: null }
    // A resumed top-up: Stripe may know more than we do (e.g. canceled there) — settle first.
    const pi = await stripe.paymentIntents.retrieve(topUp.paymentIntentId, withCharge())
    await settleTopUpIntent(deps, pi)
    topUp = (await findTopUp(deps.db, topUp.id))!
    return { topUp, clientSecret: isFinal(topUp.status) ? null : pi.client_secret }
  }
  const pi = await stripe.paymentIntents.create(
    {
      amount: topUp.amount,
      currency: topUp.currency.toLowerCase(),
      // Cards only: no redirects out of an installed PWA; 3-D Secure runs in Stripe's modal.
      allowed_payment_method_types: ['card'],
      metadata: { top_up_id: topUp.id, user_id: topUp.userId },
      description: 'Lotline wallet top-up',
    },
    { idempotencyKey: `top-up:${topUp.id}` },
  )
  await attachPaymentIntent(deps.db, topUp.id, pi.id)
  topUp = (await findTopUp(deps.db, topUp.id))!
  return { topUp, clientSecret: pi.client_secret }
}
