import { moveMoneyOnce } from '../../../repositories/ledger.ts'
import type { Withdrawal } from '../../../../common/money-out.ts'
import { formatMoney } from '../../../../common/money.ts'
import { AppError, notFound } from '../../../lib/problem.ts'
import { insertAudit } from '../../../repositories/admin.ts'
import { lockWallets, walletOf } from '../../../repositories/wallets.ts'
import {
  refundRowsOfWithdrawal,
  startNewRefundAttempt,
  withdrawalById,
} from '../../../repositories/withdrawals.ts'
import { runCommand } from '../../run-command.ts'
import { requireStripe } from '../top-ups/payments.ts'
import { readMoneyOut } from './create-withdrawal.ts'
import type { MoneyOutDeps } from '../top-ups/payments.ts'
import { announce, sendWithdrawalRefund } from './send-refund.ts'

/**
 * An admin's retry of a withdrawal (audited 'withdrawal.retry'): each failed or canceled refund
 * becomes a new attempt — debited again under the member's wallet lock, if what can leave still
 * allows it (else 409 insufficient_funds) — and is sent with the new attempt's key; each pending
 * one is sent again with its own key. Nothing to retry is 409 not_retryable.
 */
export async function retryWithdrawal(
  deps: MoneyOutDeps,
  input: { adminId: string; withdrawalId: string; reason: string },
): Promise<Withdrawal> {
  requireStripe(deps.stripe)
  const found = await withdrawalById(deps.db, input.withdrawalId)
  if (!found) throw notFound('Withdrawal')
  const { userId } = found
  const publishTo = { broadcaster: deps.broadcaster }
  const { body: toSend } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    await lockWallets(tx, [userId])
    const rows = await refundRowsOfWithdrawal(tx, input.withdrawalId)
    const failed = rows.filter((r) => r.status === 'failed' || r.status === 'canceled')
    const pending = rows.filter((r) => r.status === 'pending')
    if (failed.length + pending.length === 0) {
      throw new AppError(409, 'not_retryable', 'This withdrawal has nothing to retry.')
    }
    const again = failed.reduce((sum, r) => sum + r.amount, 0)
    const view = await readMoneyOut(deps, tx, userId)
    if (again > view.withdrawable) {
      throw new AppError(
        409,
        'insufficient_funds',
        `The member's wallet holds only ${formatMoney(view.withdrawable, view.currency, 'en')} that can leave.`,
      )
    }
    for (const row of failed) {
      const attempt = await startNewRefundAttempt(tx, row.id)
      await moveMoneyOnce(tx, {
        userId,
        kind: 'withdrawal',
        amount: -row.amount,
        onceKey: `refund:${row.id}:${attempt}`,
        reason: `Withdrawal ${input.withdrawalId} to a card, attempt ${attempt}`,
      })
    }
    await insertAudit(tx, {
      adminId: input.adminId,
      action: 'withdrawal.retry',
      targetType: 'withdrawal',
      targetId: input.withdrawalId,
      reason: input.reason,
      details: { userId, resent: failed.length, pending: pending.length, amount: again },
    })
    if (failed.length > 0) events.walletUpdated(userId, await walletOf(tx, userId, deps.currency))
    await announce(tx, input.withdrawalId, events)
    return [...failed, ...pending].map((r) => r.id)
  })
  for (const id of toSend) await sendWithdrawalRefund(deps, id)
  const { userId: _owner, ...withdrawal } = (await withdrawalById(deps.db, input.withdrawalId))!
  return withdrawal
}
