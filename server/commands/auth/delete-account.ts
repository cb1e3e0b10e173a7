import type { Database } from '../../db/types.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { unauthenticated } from '../../lib/problem.ts'
import { lockUser } from '../../repositories/accounts.ts'
import type { MoneyOutSettings } from '../../repositories/money-out.ts'
import { findUserById } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'
import { closeAccountLocked } from './close-account.ts'
import { wrongPasswordError } from './decide-account.ts'

/**
 * `DELETE /api/me`: with the current password, refused (409, each reason said) while the member
 * has money held for bids, lots still running, orders not finished, money on its way out or real
 * money in the wallet (decision 0053); otherwise demo credit is forfeited, the personal data is
 * removed and every session ends, while the ledger keeps its entries under the anonymised row
 * (decision 0025). Lock order: the member's row, then their wallet (the lock a bid takes before
 * placing a hold, a credit before writing it).
 */
export async function deleteAccount(
  db: Database,
  input: { userId: string; password: string; money: MoneyOutSettings },
): Promise<void> {
  const user = await findUserById(db, input.userId)
  if (!user) throw unauthenticated()
  if (!(await verifyPassword(input.password, user.passwordHash))) throw wrongPasswordError()
  await runCommand(db, {}, async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw unauthenticated()
    await closeAccountLocked(tx, input.userId, input.money)
  })
}
