import { randomUUID } from 'node:crypto'
import type { MoneyOutDeps } from '../wallet/top-ups/payments.ts'
import { maxWithdrawal } from '../../../common/money-out.ts'
import { formatMoney } from '../../../common/money.ts'
import { AppError } from '../../lib/problem.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { createWithdrawal, readMoneyOut } from '../wallet/withdrawals/create-withdrawal.ts'

/**
 * The first half of an admin's "send the money out, then close" (decision 0053): all of the
 * member's real money leaves by a withdrawal — back to their cards, the rest by payout — made by
 * the withdrawal command itself (its own lock, checks and exactly-once keys) and audited. Refused
 * with 409 account_has_money, the amount attached, when part of it could go nowhere: an account
 * is never closed by writing money off. Demo credit is not money and stays to be forfeited.
 * Without Stripe keys it does nothing, and the close refuses with account_has_money.
 */
export async function sendMoneyOut(
  deps: MoneyOutDeps,
  input: { adminId: string; userId: string; reason: string },
): Promise<void> {
  // Without Stripe nothing can leave: the close itself refuses with account_has_money.
  if (!deps.stripe) return
  const view = await readMoneyOut(deps, deps.db, input.userId)
  if (view.withdrawable === 0) return
  const reachable = maxWithdrawal(view)
  if (reachable < view.withdrawable) {
    const stuck = formatMoney(view.withdrawable - reachable, view.currency, 'en')
    throw new AppError(
      409,
      'account_has_money',
      `${stuck} can go neither back to a card nor by payout: the member must set up payouts first.`,
    ).withAmount(view.withdrawable)
  }
  const { withdrawal } = await createWithdrawal(deps, {
    userId: input.userId,
    clientKey: `admin-close:${randomUUID()}`,
    amount: view.withdrawable,
  })
  await insertAudit(deps.db, {
    adminId: input.adminId,
    action: 'member.close',
    targetType: 'user',
    targetId: input.userId,
    reason: input.reason,
    details: { step: 'money-out', withdrawalId: withdrawal.id, amount: withdrawal.amount },
  })
}
