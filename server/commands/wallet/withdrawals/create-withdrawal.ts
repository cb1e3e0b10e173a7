import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import {
  maxWithdrawal,
  planWithdrawal,
  type MoneyOutView,
  type Withdrawal,
} from '../../../../common/money-out.ts'
import { formatMoney } from '../../../../common/money.ts'
import type { Queryable } from '../../../db/types.ts'
import { idempotencyKeyReused } from '../../../lib/idempotent.ts'
import { AppError } from '../../../lib/problem.ts'
import { moneyOutView } from '../../../repositories/money-out.ts'
import { findPayoutAccount, insertOrGetPayout } from '../../../repositories/payouts.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import {
  insertWithdrawal,
  insertWithdrawalRefund,
  withdrawalById,
  withdrawalOfKey,
} from '../../../repositories/withdrawals.ts'
import { runCommand } from '../../run-command.ts'
import { sendPayout } from '../payouts/send-payout.ts'
import { requireStripe, type MoneyOutDeps } from '../top-ups/payments.ts'
import { announce, sendWithdrawalRefund } from './send-refund.ts'

/** What the withdrawal commands need besides payments: the money-out settings. */
/** The money-out read as the commands make it (Stripe is there: they required it). */
export function readMoneyOut(deps: MoneyOutDeps, tx: Queryable, userId: string) {
  return moneyOutView(tx, userId, {
    currency: deps.currency,
    moneyOut: deps.moneyOut,
    stripeConfigured: deps.stripe !== null,
  })
}

interface Made {
  withdrawalId: string
  refundIds: string[]
  payoutId: string | null
}

/**
 * A withdrawal (decision 0053), at most once per Idempotency-Key (scope 'withdrawal'): under the
 * member's wallet lock it reads what can leave, refuses more than that (409 insufficient_funds) or
 * a plan with anything no card nor payout can take (409 withdrawal_unreachable), writes the
 * withdrawal, one refund row per card part, the payout row for the rest, and each part's debit
 * keyed by its row and attempt. Only after the commit does Stripe hear of it, each part with its
 * own idempotency key; a part that fails comes back on its own.
 */
export async function createWithdrawal(
  deps: MoneyOutDeps,
  input: { userId: string; clientKey: string; amount: number },
): Promise<{ withdrawal: Withdrawal; replayed: boolean }> {
  requireStripe(deps.stripe)
  const { userId, clientKey, amount } = input
  const once = { userId, scope: 'withdrawal' as const, key: clientKey, parts: [amount] }
  const publishTo = { broadcaster: deps.broadcaster }
  const result = await runCommand(
    deps.db,
    { once: { ...once, statusCode: 201 }, publishTo },
    async (tx, events): Promise<Made> => {
      await lockWallets(tx, [userId])
      // A key whose stored answer was swept still names its withdrawal.
      const earlier = await withdrawalOfKey(tx, userId, clientKey)
      if (earlier) {
        if (earlier.amount !== amount) throw idempotencyKeyReused()
        return { withdrawalId: earlier.id, refundIds: [], payoutId: null }
      }
      const view = await readMoneyOut(deps, tx, userId)
      checkWithdrawal(view, amount)
      const made = await writeWithdrawal(deps, tx, { userId, clientKey, amount, view })
      events.walletUpdated(userId, await walletOf(tx, userId, deps.currency))
      await announce(tx, made.withdrawalId, events)
      return made
    },
  )
  if (!result.replayed) await sendParts(deps, result.body)
  const withdrawal = (await withdrawalById(deps.db, result.body.withdrawalId))!
  const { userId: _owner, ...shown } = withdrawal
  return { withdrawal: shown, replayed: result.replayed }
}

function checkWithdrawal(view: MoneyOutView, amount: number) {
  const format = (minor: number) => formatMoney(minor, view.currency, 'en')
  if (amount > view.withdrawable) {
    throw new AppError(
      409,
      'insufficient_funds',
      `Only ${format(view.withdrawable)} can leave this wallet now.`,
    )
  }
  if (planWithdrawal(amount, view).unreachable > 0) {
    throw new AppError(
      409,
      'withdrawal_unreachable',
      `At most ${format(maxWithdrawal(view))} can go back to your cards or by payout now.`,
    )
  }
}

async function writeWithdrawal(
  deps: MoneyOutDeps,
  tx: Queryable,
  input: { userId: string; clientKey: string; amount: number; view: MoneyOutView },
): Promise<Made> {
  const { userId, amount, view } = input
  const plan = planWithdrawal(amount, view)
  const withdrawalId = await insertWithdrawal(tx, { ...input, currency: deps.currency })
  const refundIds: string[] = []
  for (const part of plan.refunds) {
    const id = await insertWithdrawalRefund(tx, { withdrawalId, ...part })
    await moveMoneyOnce(tx, {
      userId,
      kind: 'withdrawal',
      amount: -part.amount,
      onceKey: `refund:${id}:1`,
      reason: `Withdrawal ${withdrawalId} to a card`,
    })
    refundIds.push(id)
  }
  let payoutId: string | null = null
  if (plan.payout > 0) {
    // The plan sends money by payout only to a ready account, so there is one.
    const account = await findPayoutAccount(tx, userId)
    if (!account) throw new AppError(409, 'payouts_not_ready', 'Set up payouts first.')
    const { payout } = await insertOrGetPayout(tx, {
      userId,
      clientKey: `withdrawal:${withdrawalId}`,
      withdrawalId,
      amount: plan.payout,
      currency: deps.currency,
      account: account.stripeAccountId,
    })
    payoutId = payout.id
    await moveMoneyOnce(tx, {
      userId,
      kind: 'payout',
      amount: -plan.payout,
      onceKey: `payout:${payoutId}:1`,
      reason: `Withdrawal ${withdrawalId} by payout`,
    })
  }
  return { withdrawalId, refundIds, payoutId }
}

/** Each part to Stripe; one that cannot be sent now stays pending for the reconciler. */
async function sendParts(deps: MoneyOutDeps, made: Made) {
  for (const id of made.refundIds) await sendWithdrawalRefund(deps, id)
  if (made.payoutId) {
    try {
      await sendPayout(deps, made.payoutId)
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: made.payoutId }, 'payout not sent; will retry')
    }
  }
}
