import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import type Stripe from 'stripe'
import { EVENTS, walletChannel } from '../../../../common/wire.ts'
import type { Queryable } from '../../../db/types.ts'
import type { Publication } from '../../../lib/publication.ts'
import { notFound } from '../../../lib/problem.ts'
import { insertNotification } from '../../../repositories/notifications.ts'
import {
  findPayout,
  markPayoutFailed,
  markPayoutPaid,
  toPayout,
  type PayoutRecord,
} from '../../../repositories/payouts.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import { isDefinitiveRefusal } from '../../../lib/stripe.ts'
import { runCommand } from '../../run-command.ts'
import { announce as announceWithdrawal } from '../withdrawals/send-refund.ts'
import { requireStripe, type PaymentsDeps } from '../top-ups/payments.ts'

/** Stripe's idempotency key of a payout's attempt: a retry of the same attempt sends it again. */
export function payoutKey(payout: { id: string; attempt: number }): string {
  return `payout:${payout.id}:${payout.attempt}`
}

/**
 * Sends a pending payout's Transfer — after the debit has committed, never inside a transaction —
 * with the idempotency key of its attempt, so a resend after a crash or a lost answer gets the
 * same Transfer and it is recorded once. Stripe's definitive refusal fails the payout and credits
 * the money back once (`payout-return:<id>:<attempt>`); an outage leaves it pending for the retry
 * job (server/jobs/retry-payouts.ts). Returns the payout as it now stands. Withdrawals call this
 * for their payout part (its row and debit written by the withdrawal).
 */
export async function sendPayout(deps: PaymentsDeps, payoutId: string): Promise<PayoutRecord> {
  const stripe = requireStripe(deps.stripe)
  const payout = await findPayout(deps.db, payoutId)
  if (!payout) throw notFound('Payout')
  if (payout.status !== 'pending') return payout
  let transfer: Stripe.Transfer
  try {
    transfer = await stripe.transfers.create(
      {
        amount: payout.amount,
        currency: payout.currency.toLowerCase(),
        destination: payout.stripeAccountId,
        metadata: { payout_id: payout.id, user_id: payout.userId },
        description: 'Lotline payout',
      },
      { idempotencyKey: payoutKey(payout) },
    )
  } catch (error) {
    if (isDefinitiveRefusal(error)) return failPayout(deps, payout, error.message)
    deps.log?.warn({ err: error, payoutId }, 'payout not sent yet; the retry job resends it')
    return payout
  }
  return recordTransfer(deps, payout, transfer)
}

/** Stripe made the Transfer: the payout is paid (a second recording finds it done). */
async function recordTransfer(deps: PaymentsDeps, payout: PayoutRecord, transfer: Stripe.Transfer) {
  if (transfer.amount !== payout.amount || transfer.destination !== payout.stripeAccountId)
    deps.log?.error({ payoutId: payout.id, transferId: transfer.id }, 'transfer does not match')
  const publishTo = { broadcaster: deps.broadcaster }
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const current = (await findPayout(tx, payout.id, true))!
    if (current.status !== 'pending' || current.attempt !== payout.attempt) return current
    await markPayoutPaid(tx, payout.id, transfer.id)
    return announce(tx, payout.id, events)
  })
  return body
}

/** Stripe refused this attempt for good: failed, the money back once, the member told. */
async function failPayout(deps: PaymentsDeps, payout: PayoutRecord, message: string) {
  const publishTo = { broadcaster: deps.broadcaster }
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    await lockWallets(tx, [payout.userId])
    const current = (await findPayout(tx, payout.id, true))!
    if (current.status !== 'pending' || current.attempt !== payout.attempt) return current
    await markPayoutFailed(tx, payout.id, message)
    await moveMoneyOnce(tx, {
      userId: payout.userId,
      kind: 'return',
      amount: payout.amount,
      onceKey: `payout-return:${payout.id}:${payout.attempt}`,
      reason: `Payout ${payout.id} failed`,
    })
    const { notification } = await insertNotification(tx, {
      userId: payout.userId,
      kind: 'payout_failed',
      lotId: null,
      data: { payoutId: payout.id, amount: payout.amount, currency: payout.currency, message },
    })
    events.notify(payout.userId, notification)
    events.walletUpdated(payout.userId, await walletOf(tx, payout.userId, deps.currency))
    return announce(tx, payout.id, events)
  })
  deps.log?.warn({ payoutId: payout.id, message }, 'payout refused by Stripe; money returned')
  return body
}

/**
 * `payout.updated` on the member's wallet channel, with the payout as it now stands; a payout
 * that is part of a withdrawal moves that withdrawal's status too (`withdrawal.updated`).
 */
export async function announce(
  tx: Queryable,
  payoutId: string,
  events: Publication,
): Promise<PayoutRecord> {
  const payout = (await findPayout(tx, payoutId))!
  events.add({
    channel: walletChannel(payout.userId),
    name: EVENTS.payoutUpdated,
    data: toPayout(payout),
    toSender: true,
  })
  if (payout.withdrawalId) await announceWithdrawal(tx, payout.withdrawalId, events)
  return payout
}
