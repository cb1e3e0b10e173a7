import type { Database } from '../../db/types.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { unauthenticated } from '../../lib/problem.ts'
import { anonymiseUser, deleteBlockers, lockUser } from '../../repositories/accounts.ts'
import { findUserById } from '../../repositories/users.ts'
import { runCommand } from '../run-command.ts'
import { decideDelete, wrongPasswordError } from './decide-account.ts'

/**
 * `DELETE /api/me`: with the current password, refused while the member has money held for bids
 * or lots still running (409, each reason said); otherwise the personal data is removed and every
 * session ends, while the ledger keeps its entries under the anonymised row (decision 0025).
 * Lock order: the member's row, then their wallet (the lock a bid takes before placing a hold).
 */
export async function deleteAccount(
  db: Database,
  input: { userId: string; password: string },
): Promise<void> {
  const user = await findUserById(db, input.userId)
  if (!user) throw unauthenticated()
  if (!(await verifyPassword(input.password, user.passwordHash))) throw wrongPasswordError()
  await runCommand(db, {}, async (tx) => {
    if (!(await lockUser(tx, input.userId))) throw unauthenticated()
    decideDelete(await deleteBlockers(tx, input.userId))
    await anonymiseUser(tx, input.userId)
  })
}
