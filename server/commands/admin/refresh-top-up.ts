import type { AdminTopUp } from '../../../common/admin.ts'
import { notFound } from '../../lib/problem.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { findTopUp } from '../../repositories/top-ups.ts'
import { runCommand } from '../run-command.ts'
import type { PaymentsDeps } from '../wallet/top-ups/payments.ts'
import { refreshTopUp } from '../wallet/top-ups/refresh-top-up.ts'

/**
 * "Refresh from Stripe" on a top-up that needs attention: the member's own return-page refresh
 * (Stripe asked once, outside any transaction; settlement exactly once through its own
 * transaction), then the audit row with the status before and after. The refresh is not an admin
 * write of its own — settlement would have happened on the next webhook or reconciler pass — so
 * its audit row commits just after it (decision 0027).
 */
export async function adminRefreshTopUp(
  deps: PaymentsDeps,
  input: { adminId: string; topUpId: string },
): Promise<{ status: AdminTopUp['status'] }> {
  const before = await findTopUp(deps.db, input.topUpId)
  if (!before) throw notFound('Top-up')
  const { topUp } = await refreshTopUp(deps, { userId: before.userId, topUpId: before.id })
  await runCommand(deps.db, {}, (tx) =>
    insertAudit(tx, {
      adminId: input.adminId,
      action: 'top-up.refresh',
      targetType: 'top-up',
      targetId: before.id,
      reason: null,
      details: { from: before.status, to: topUp.status, amount: before.amount },
    }),
  )
  return { status: topUp.status }
}
