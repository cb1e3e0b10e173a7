import type Stripe from 'stripe'
import { sendAlertMail } from '../../../mail/alerts/mailer.ts'
import { topUpReceiptMail } from '../../../mail/templates/alerts.ts'
import { BALANCE_CAP } from '../../../../common/wallet.ts'
import type { Queryable } from '../../../db/types.ts'
import type { Publication } from '../../../lib/publication.ts'
import { EVENTS, walletChannel } from '../../../../common/wire.ts'
import { isClosed } from '../../../repositories/accounts.ts'
import { creditTopUp } from '../../../repositories/ledger.ts'
import { insertNotification } from '../../../repositories/notifications.ts'
import {
  attachPaymentIntent,
  findTopUp,
  recordRefund,
  recordTopUpCard,
  toTopUp,
  updateTopUpStatus,
  type TopUpRecord,
} from '../../../repositories/top-ups.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type PaymentsDeps } from './payments.ts'
import {
  cardOfIntent,
  decideSettlement,
  paidPastCap,
  withCharge,
  type SettleOutcome,
} from './top-up-rules.ts'

/**
 * The one path that credits a top-up — called by the webhook, by `GET /api/wallet/top-ups/:id`
 * after the return, and by the reconciler. It always re-reads the PaymentIntent from Stripe, so
 * event order does not matter, locks the top-up row, checks the intent matches it, and credits
 * through a unique key on the PaymentIntent id: whoever comes first credits, the rest find it done.
 * A payment that would take the balance over the cap is refunded instead (`refunded`, decision
 * 0017). `succeeded` and `refunded` never move.
 */
export async function settleTopUp(
  deps: PaymentsDeps,
  paymentIntentId: string,
): Promise<SettleOutcome> {
  const stripe = requireStripe(deps.stripe)
  return settleTopUpIntent(
    deps,
    await stripe.paymentIntents.retrieve(paymentIntentId, withCharge()),
  )
}

/** settleTopUp with an intent just read from Stripe (so a caller needing it reads it once). */
export async function settleTopUpIntent(
  deps: PaymentsDeps,
  pi: Stripe.PaymentIntent,
): Promise<SettleOutcome> {
  const topUpId = pi.metadata?.top_up_id
  if (!topUpId) return 'ignored'
  const publishTo = { broadcaster: deps.broadcaster }
  const { body: outcome } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const topUp = await findTopUp(tx, topUpId, true)
    const step = decideSettlement(topUp, pi)
    // The card it was paid with, for a withdrawal back to it ("Visa ·· 4242", decision 0053).
    const card = cardOfIntent(pi)
    if (card && topUp && ('paid' in step || ('done' in step && step.done === 'already_credited')))
      await recordTopUpCard(tx, topUp.id, card)
    if ('done' in step) {
      if (step.mismatch)
        deps.log?.error(
          { topUpId, paymentIntentId: pi.id },
          'PaymentIntent does not match its top-up',
        )
      return step.done
    }
    if ('paid' in step) return creditOrRefund(deps, tx, topUp!, pi.id, events)
    await updateTopUpStatus(tx, topUp!.id, step.status, step.failureMessage)
    if (step.tellFailure) {
      const { notification } = await insertNotification(tx, {
        userId: topUp!.userId,
        kind: 'top_up_failed',
        lotId: null,
        data: {
          topUpId: topUp!.id,
          amount: topUp!.amount,
          currency: topUp!.currency,
          status: step.status,
          message: step.failureMessage,
        },
      })
      events.notify(topUp!.userId, notification)
    }
    return 'updated'
  })
  if (outcome === 'refunded') await issueRefund(deps, topUpId, pi.id)
  return outcome
}

/**
 * A paid top-up, under the wallet lock: credited when the balance stays within the cap, else
 * marked `refunded` (the refund itself is issued after the commit, `issueRefund`) and the member
 * told — a notification and a `top_up.updated` event on their wallet channel. A payment for a
 * closed account is refunded likewise.
 */
async function creditOrRefund(
  deps: PaymentsDeps,
  tx: Queryable,
  topUp: TopUpRecord,
  paymentIntentId: string,
  events: Publication,
): Promise<SettleOutcome> {
  const { userId } = topUp
  await lockWallets(tx, [userId])
  await attachPaymentIntent(tx, topUp.id, paymentIntentId)
  // Paid after the member closed their account (closing holds this lock while it checks): back
  // to the card, never into an account nobody can reach (decision 0053). No one is left to tell.
  if (await isClosed(tx, userId)) {
    await updateTopUpStatus(tx, topUp.id, 'refunded', null)
    return 'refunded'
  }
  const { balance } = await walletOf(tx, userId, deps.currency)
  const data = { topUpId: topUp.id, amount: topUp.amount, currency: topUp.currency }
  if (paidPastCap(balance, topUp.amount)) {
    await updateTopUpStatus(tx, topUp.id, 'refunded', null)
    const { notification } = await insertNotification(tx, {
      userId,
      kind: 'top_up_refunded',
      lotId: null,
      data: { ...data, cap: BALANCE_CAP },
    })
    events.notify(userId, notification)
    const refunded = toTopUp((await findTopUp(tx, topUp.id))!)
    events.add({
      channel: walletChannel(userId),
      name: EVENTS.topUpUpdated,
      data: refunded,
      toSender: true,
    })
    return 'refunded'
  }
  const credited = await creditTopUp(tx, {
    userId,
    amount: topUp.amount,
    paymentIntentId,
    topUpId: topUp.id,
  })
  await updateTopUpStatus(tx, topUp.id, 'succeeded', null, credited)
  if (!credited) return 'already_credited'
  const wallet = await walletOf(tx, userId, deps.currency)
  events.walletUpdated(userId, wallet)
  const { notification } = await insertNotification(tx, {
    userId,
    kind: 'top_up_succeeded',
    lotId: null,
    data,
  })
  events.notify(userId, notification)
  const receipt = { topUpId: topUp.id, amount: topUp.amount, balance: wallet.balance }
  await sendAlertMail(tx, deps.alerts, {
    userId,
    group: 'topUp',
    kind: 'top_up_receipt',
    content: (c) => topUpReceiptMail(c, receipt),
  })
  return 'credited'
}

/**
 * Gives an over-cap payment back by card, once: Stripe's idempotency key is derived from the
 * top-up, so a redelivered webhook, the return page and the reconciler all get the same refund;
 * a failure here throws (the webhook answers 500, Stripe delivers again; the reconciler retries
 * top-ups that are `refunded` without a refund id).
 */
async function issueRefund(deps: PaymentsDeps, topUpId: string, paymentIntentId: string) {
  const topUp = await findTopUp(deps.db, topUpId)
  if (!topUp || topUp.refundId) return
  const stripe = requireStripe(deps.stripe)
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntentId,
      reason: 'requested_by_customer',
      metadata: { top_up_id: topUpId },
    },
    { idempotencyKey: `top-up-refund:${topUpId}` },
  )
  await recordRefund(deps.db, topUpId, refund.id)
  deps.log?.info({ topUpId, refundId: refund.id }, 'over-cap top-up refunded')
}
