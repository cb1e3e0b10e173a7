import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import Stripe from 'stripe'
import type { WithdrawalRefundStatus } from '../../../../common/money-out.ts'
import { EVENTS, isUuid, walletChannel } from '../../../../common/wire.ts'
import type { Queryable } from '../../../db/types.ts'
import type { Publication } from '../../../lib/publication.ts'
import { insertNotification } from '../../../repositories/notifications.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import {
  findWithdrawalRefund,
  markRefundFailed,
  recordRefundAnswer,
  refreshWithdrawalStatus,
  touchRefund,
  withdrawalById,
  type WithdrawalRefundRow,
} from '../../../repositories/withdrawals.ts'
import { isDefinitiveRefusal } from '../../../lib/stripe.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type PaymentsDeps } from '../top-ups/payments.ts'

/** Stripe's idempotency key of one attempt of one refund row (decision 0053). */
export const refundKey = (row: { id: string; attempt: number }) =>
  `withdrawal-refund:${row.id}:${row.attempt}`

/**
 * Sends one pending withdrawal refund to Stripe with the key of its attempt, after the debit has
 * committed — by the withdrawal itself, the reconciler or an admin retry: a resend after a crash
 * gets the same refund back and records it once. A definitive refusal fails the row and credits
 * the money back; a network error leaves it pending for the reconciler.
 */
export async function sendWithdrawalRefund(deps: PaymentsDeps, rowId: string): Promise<void> {
  const stripe = requireStripe(deps.stripe)
  const row = await findWithdrawalRefund(deps.db, rowId)
  if (!row || row.status !== 'pending') return
  let refund: Stripe.Refund
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: row.paymentIntentId,
        amount: row.amount,
        metadata: {
          withdrawal_id: row.withdrawalId,
          withdrawal_refund_id: row.id,
          attempt: String(row.attempt),
        },
      },
      { idempotencyKey: refundKey(row) },
    )
  } catch (error) {
    if (!isDefinitiveRefusal(error)) {
      deps.log?.warn({ err: error, refundRowId: row.id }, 'withdrawal refund not sent; will retry')
      await touchRefund(deps.db, row.id)
      return
    }
    const reason = error.code ?? 'refused'
    await settleRefundRow(deps, row.id, row.attempt, {
      refundId: null,
      status: 'failed',
      failureReason: reason,
    })
    return
  }
  await settleRefundFromStripe(deps, refund)
}

/**
 * A refund as Stripe reports it now (read back from Stripe, never a webhook's copy): settles the
 * row its metadata names, if it is the row's current attempt. False when it is not ours.
 */
export async function settleRefundFromStripe(
  deps: PaymentsDeps,
  refund: Stripe.Refund,
): Promise<boolean> {
  const rowId = refund.metadata?.withdrawal_refund_id
  const attempt = Number(refund.metadata?.attempt ?? '1')
  // Not one of ours (an over-cap top-up's refund, one made in the dashboard): nothing to settle.
  if (!isUuid(rowId) || !Number.isInteger(attempt)) return false
  await settleRefundRow(deps, rowId, attempt, {
    refundId: refund.id,
    status: statusOfRefund(refund.status),
    failureReason: refund.failure_reason ?? null,
  })
  return true
}

function statusOfRefund(status: string | null): WithdrawalRefundStatus {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status
  return 'pending'
}

/**
 * Records an answer on its row under the member's wallet lock, exactly once: a failed or canceled
 * refund credits its amount back keyed `refund-return:<row>:<attempt>`, so ten redeliveries and a
 * racing read credit once. An answer about an earlier attempt, a refund of another row, or a row
 * already failed is ignored (a failed row only moves again through an admin retry).
 */
export async function settleRefundRow(
  deps: PaymentsDeps,
  rowId: string,
  attempt: number,
  answer: { refundId: string | null; status: WithdrawalRefundStatus; failureReason: string | null },
): Promise<void> {
  const owner = await findWithdrawalRefund(deps.db, rowId)
  if (!owner) return
  await runCommand(
    deps.db,
    { publishTo: { broadcaster: deps.broadcaster } },
    async (tx, events) => {
      await lockWallets(tx, [owner.userId])
      const row = (await findWithdrawalRefund(tx, rowId, true))!
      if (!isCurrent(row, attempt, answer.refundId)) return
      if (row.status === 'failed' || row.status === 'canceled') return
      const refundId = answer.refundId ?? row.refundId
      const changed =
        row.status !== answer.status ||
        row.refundId !== refundId ||
        row.failureReason !== answer.failureReason
      if (!changed) return
      if (refundId) await recordRefundAnswer(tx, row.id, { ...answer, refundId })
      else await markRefundFailed(tx, row.id, answer.failureReason ?? 'refused')
      if (answer.status === 'failed' || answer.status === 'canceled')
        await creditBack(deps, tx, row, events)
      await announce(tx, row.withdrawalId, events)
    },
  )
}

function isCurrent(row: WithdrawalRefundRow, attempt: number, refundId: string | null) {
  if (row.attempt !== attempt) return false
  return !refundId || !row.refundId || row.refundId === refundId
}

/** The failed part back in the wallet once, and its member told once (in-app and by push). */
async function creditBack(
  deps: PaymentsDeps,
  tx: Queryable,
  row: WithdrawalRefundRow,
  events: Publication,
) {
  const credited = await moveMoneyOnce(tx, {
    userId: row.userId,
    kind: 'return',
    amount: row.amount,
    onceKey: `refund-return:${row.id}:${row.attempt}`,
    reason: `Withdrawal refund ${row.id} failed`,
  })
  if (!credited) return
  events.walletUpdated(row.userId, await walletOf(tx, row.userId, deps.currency))
  const { notification } = await insertNotification(tx, {
    userId: row.userId,
    kind: 'withdrawal_failed',
    lotId: null,
    data: { withdrawalId: row.withdrawalId, amount: row.amount, currency: deps.currency },
  })
  events.notify(row.userId, notification)
}

/** The withdrawal's stored status follows its parts; its member hears `withdrawal.updated`. */
export async function announce(tx: Queryable, withdrawalId: string, events: Publication) {
  await refreshWithdrawalStatus(tx, withdrawalId)
  const withdrawal = (await withdrawalById(tx, withdrawalId))!
  const { userId, ...data } = withdrawal
  events.add({
    channel: walletChannel(userId),
    name: EVENTS.withdrawalUpdated,
    data,
    toSender: true,
  })
}
