import type { Wallet } from '../../../common/wallet.ts'
import type { Database } from '../../db/types.ts'
import { notFound } from '../../lib/problem.ts'
import { lockUser } from '../../repositories/accounts.ts'
import { insertAudit } from '../../repositories/admin.ts'
import { appendLedgerEntry } from '../../repositories/ledger.ts'
import { lockWallets, walletOf } from '../../repositories/wallets.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { checkAdjustment } from './check-adjustment.ts'

/**
 * An admin credits or debits a wallet with a reason, as an `adjustment` ledger entry (which bumps
 * the wallet's version by trigger). Money moves: the Idempotency-Key is required, so a retried
 * request applies once. The audit row (decision 0027) commits with the entry. A closed account is
 * not found: no money goes where nobody can reach it (decision 0053).
 */
export async function adjustWallet(
  deps: { db: Database; currency: string },
  input: { adminId: string; userId: string; amount: number; reason: string; key: string },
  publishTo: Audience,
): Promise<CommandResult<{ wallet: Wallet }>> {
  const { adminId, userId, amount, reason } = input
  const once = {
    userId: adminId,
    scope: 'admin-adjustment' as const,
    key: input.key,
    parts: [userId, amount, reason],
    statusCode: 201,
  }
  return runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    // The member's row first, as closing takes it: a closed account is never credited (0053).
    if (!(await lockUser(tx, userId))) throw notFound('User')
    await lockWallets(tx, [userId])
    const before = await walletOf(tx, userId, deps.currency)
    checkAdjustment(before, amount)
    await appendLedgerEntry(tx, { userId, kind: 'adjustment', amount, reason, createdBy: adminId })
    const wallet = await walletOf(tx, userId, deps.currency)
    await insertAudit(tx, {
      adminId,
      action: 'wallet.adjust',
      targetType: 'user',
      targetId: userId,
      reason,
      details: {
        amount,
        balanceBefore: before.balance,
        balanceAfter: wallet.balance,
        availableBefore: before.available,
        availableAfter: wallet.available,
      },
    })
    events.walletUpdated(userId, wallet)
    return { wallet }
  })
}
