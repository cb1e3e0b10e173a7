import type { DeleteBlocker } from '../../../common/accounts.ts'
import type { Queryable } from '../../db/types.ts'
import { anonymiseUser } from '../../repositories/accounts.ts'
import { appendLedgerEntry } from '../../repositories/ledger.ts'
import { moneyOutView, type MoneyOutSettings } from '../../repositories/money-out.ts'
import { lockWallets, walletOf } from '../../repositories/wallets.ts'
import { decideDelete } from './decide-account.ts'

export const DEMO_FORFEIT_REASON = 'Demo credit forfeited on closing'

/** What closing an account found and did, for the admin's audit row. */
export interface ClosedAccount {
  /** Demo credit that was still in the wallet and was forfeited (an `adjustment` debit). */
  demoCreditForfeited: number
  /** The balance before the forfeit (demo credit only, or 0). */
  balanceBefore: number
}

/**
 * Closes a member's account inside the caller's transaction, after their row is locked
 * (decision 0053): under their wallet lock — the lock every credit, bid and sale takes before it
 * changes their money — it reads what still ties them to Lotline and refuses (409) while anything
 * does; otherwise it forfeits what demo credit is left, so the closed account's balance is 0, and
 * removes the personal data. Nothing can land between the check and the deletion.
 */
export async function closeAccountLocked(
  tx: Queryable,
  userId: string,
  settings: MoneyOutSettings,
  closedBy?: string,
): Promise<ClosedAccount> {
  await lockWallets(tx, [userId])
  const view = await moneyOutView(tx, userId, settings)
  const wallet = await walletOf(tx, userId, settings.currency)
  decideDelete(
    {
      ...(await closingCounts(tx, userId)),
      inTransit: view.inTransit,
      money: view.withdrawable + wallet.pending,
    },
    settings.currency,
  )
  if (view.demoCredit > 0)
    await appendLedgerEntry(tx, {
      userId,
      kind: 'adjustment',
      amount: -view.demoCredit,
      reason: DEMO_FORFEIT_REASON,
      ...(closedBy ? { createdBy: closedBy } : {}),
    })
  await anonymiseUser(tx, userId)
  return { demoCreditForfeited: view.demoCredit, balanceBefore: wallet.balance }
}

/**
 * Active holds, own lots not over (scheduled or open: a lot that ends is settled in the same
 * transaction), and orders as buyer or seller not yet completed or refunded (a problem included).
 */
async function closingCounts(
  db: Queryable,
  userId: string,
): Promise<Pick<Record<DeleteBlocker, number>, 'holds' | 'lots' | 'orders'>> {
  const { rows } = await db.query<{ holds: number; lots: number; orders: number }>(
    `select (select count(*)::int from holds where user_id = $1 and status = 'active') as holds,
            (select count(*)::int from lots where seller_id = $1
                and status in ('scheduled', 'open')) as lots,
            (select count(*)::int from orders where (buyer_id = $1 or seller_id = $1)
                and state not in ('completed', 'refunded')) as orders`,
    [userId],
  )
  return rows[0]!
}
