import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import type { MoneyOutView } from '../../../../common/money-out.ts'
import { formatMoney } from '../../../../common/money.ts'
import type { Queryable } from '../../../db/types.ts'
import { idempotencyKeyReused } from '../../../lib/idempotent.ts'
import { AppError } from '../../../lib/problem.ts'
import { moneyOutView } from '../../../repositories/money-out.ts'
import {
  findPayoutAccount,
  insertOrGetPayout,
  type PayoutRecord,
} from '../../../repositories/payouts.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe, type MoneyOutDeps } from '../top-ups/payments.ts'
import { announce, payoutKey, sendPayout } from './send-payout.ts'

/** What payouts need besides the payments: PAYOUT_MIN, PAYOUT_DAILY_MAX (decision 0053). */
/**
 * Why a payout of `amount` cannot leave now, checked in this order (decision 0053), or null: the
 * account must be ready, the amount at least PAYOUT_MIN, within what is left of today's maximum
 * and within the withdrawable money — available minus demo credit, so held money and pending
 * proceeds never leave.
 */
export function payoutRefusal(
  amount: number,
  view: Pick<
    MoneyOutView,
    'payoutAccount' | 'payoutMin' | 'payoutLeftToday' | 'withdrawable' | 'currency'
  >,
  options: { minimum: boolean } = { minimum: true },
): AppError | null {
  const money = (minor: number) => formatMoney(minor, view.currency, 'en')
  if (view.payoutAccount.status !== 'ready')
    return new AppError(409, 'payouts_not_ready', 'Finish setting up your payout account first.')
  if (options.minimum && amount < view.payoutMin)
    return new AppError(
      422,
      'payout_below_minimum',
      `A payout must be at least ${money(view.payoutMin)}.`,
    )
  if (amount > view.payoutLeftToday)
    return new AppError(
      409,
      'payout_daily_limit',
      `At most ${money(view.payoutLeftToday)} more can be paid out in the next 24 hours.`,
    )
  if (amount > view.withdrawable)
    return new AppError(
      409,
      'insufficient_funds',
      `Only ${money(view.withdrawable)} of your available money can be paid out.`,
    )
  return null
}

/** The money-out read under the caller's wallet lock. */
export function lockedView(tx: Queryable, deps: MoneyOutDeps, userId: string) {
  const settings = { currency: deps.currency, moneyOut: deps.moneyOut, stripeConfigured: true }
  return moneyOutView(tx, userId, settings)
}

/** The payout's debit of one attempt: once, whoever writes it (`payout:<id>:<attempt>`). */
export function debitPayout(
  tx: Queryable,
  payout: Pick<PayoutRecord, 'id' | 'attempt' | 'userId' | 'amount'>,
) {
  return moveMoneyOnce(tx, {
    userId: payout.userId,
    kind: 'payout',
    amount: -payout.amount,
    onceKey: payoutKey(payout),
    reason: `Payout ${payout.id}`,
  })
}

/**
 * A member pays `amount` out to their connected account, at most once per Idempotency-Key (scope
 * 'payout'; the payouts row's own client key answers a resend after the key was swept). Under
 * the wallet lock it checks (payoutRefusal), writes the row and the debit and commits; only then
 * is the Transfer sent (sendPayout), so a crash in between leaves a pending payout the retry job
 * resends with the same Stripe key. Returns the payout as it stands after the send.
 */
export async function requestPayout(
  deps: MoneyOutDeps,
  input: { userId: string; clientKey: string; amount: number },
): Promise<{ payout: PayoutRecord; replayed: boolean }> {
  requireStripe(deps.stripe)
  const { userId, clientKey: key, amount } = input
  const once = { userId, scope: 'payout' as const, key, parts: [amount], statusCode: 201 }
  const publishTo = { broadcaster: deps.broadcaster }
  const made = await runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    await lockWallets(tx, [userId])
    const earlier = await tx.query<{ id: string; amount: string }>(
      'select id, amount from payouts where user_id = $1 and client_key = $2',
      [userId, key],
    )
    if (earlier.rows[0]) {
      // A key used before its stored answer was swept: the same payout, or a different request.
      if (Number(earlier.rows[0].amount) !== amount) throw idempotencyKeyReused()
      return { payoutId: earlier.rows[0].id }
    }
    const refusal = payoutRefusal(amount, await lockedView(tx, deps, userId))
    if (refusal) throw refusal
    const account = (await findPayoutAccount(tx, userId))!
    const { payout } = await insertOrGetPayout(tx, {
      userId,
      clientKey: key,
      amount,
      currency: deps.currency,
      account: account.stripeAccountId,
    })
    await debitPayout(tx, payout)
    events.walletUpdated(userId, await walletOf(tx, userId, deps.currency))
    await announce(tx, payout.id, events)
    return { payoutId: payout.id }
  })
  return { payout: await sendPayout(deps, made.body.payoutId), replayed: made.replayed }
}
