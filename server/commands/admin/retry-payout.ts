import type { AdminPayout } from '../../../common/money-out.ts'
import type { MoneyOutDeps } from '../wallet/top-ups/payments.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { findPayout, startNextAttempt, toAdminPayout } from '../../repositories/payouts.ts'
import { lockWallets, walletOf } from '../../repositories/wallets.ts'
import { runCommand } from '../run-command.ts'
import { debitPayout, lockedView, payoutRefusal } from '../wallet/payouts/request-payout.ts'
import { announce, sendPayout } from '../wallet/payouts/send-payout.ts'
import { requireStripe } from '../wallet/top-ups/payments.ts'

const notRetryable = () =>
  new AppError(409, 'not_retryable', 'Only a pending or failed payout can be tried again.')

/**
 * An admin tries a payout again, audited ('payout.retry'): a pending one is resent with its
 * attempt's key (what the retry job does, sooner); a failed one becomes a new attempt — its
 * money debited again under the wallet lock if the member's withdrawable money still covers it
 * (and the account is still ready), with new keys — then sent. Anything else is 409.
 */
export async function adminRetryPayout(
  deps: MoneyOutDeps,
  input: { adminId: string; payoutId: string; reason: string },
): Promise<AdminPayout> {
  requireStripe(deps.stripe)
  const before = await findPayout(deps.db, input.payoutId)
  if (!before) throw notFound('Payout')
  const audit = {
    adminId: input.adminId,
    action: 'payout.retry' as const,
    targetType: 'payout' as const,
    targetId: before.id,
    reason: input.reason,
  }
  if (before.status === 'pending') {
    const after = await sendPayout(deps, before.id)
    await runCommand(deps.db, {}, (tx) =>
      insertAudit(tx, {
        ...audit,
        details: { from: 'pending', to: after.status, attempt: after.attempt },
      }),
    )
    return toAdminPayout(after)
  }
  if (before.status !== 'failed') throw notRetryable()
  const publishTo = { broadcaster: deps.broadcaster }
  await runCommand(deps.db, { publishTo }, async (tx, events) => {
    await lockWallets(tx, [before.userId])
    const payout = (await findPayout(tx, before.id, true))!
    if (payout.status !== 'failed') throw notRetryable()
    const view = await lockedView(tx, deps, payout.userId)
    // The daily maximum and minimum held when it was asked for; what matters now is the money.
    const refusal = payoutRefusal(
      payout.amount,
      { ...view, payoutLeftToday: Infinity },
      {
        minimum: false,
      },
    )
    if (refusal) throw refusal
    const attempt = await startNextAttempt(tx, payout.id)
    await debitPayout(tx, { ...payout, attempt })
    await insertAudit(tx, { ...audit, details: { from: 'failed', attempt, amount: payout.amount } })
    events.walletUpdated(payout.userId, await walletOf(tx, payout.userId, deps.currency))
    await announce(tx, payout.id, events)
  })
  return toAdminPayout(await sendPayout(deps, before.id))
}
