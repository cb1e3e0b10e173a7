import { normalizeAlias } from '../../../common/accounts.ts'
import type { BlockedBidder } from '../../../common/blocks.ts'
import type { Database } from '../../db/types.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import {
  blocksOf,
  deleteBlock,
  insertBlock,
  lockRunningLotsOf,
  memberByAlias,
} from '../../repositories/seller-blocks.ts'
import { runCommand } from '../run-command.ts'

/**
 * A seller blocks (or unblocks) a member by their public alias: from then on the member's bids on
 * every lot of the seller, running or future, are refused with `bidder_blocked`. Both ways are
 * idempotent by nature (a second block or unblock changes nothing). A block does not take away a
 * lead the member already has (docs/product.md "Seller tools"). Answers the seller's blocks.
 */
export async function setBlocked(
  db: Database,
  input: { sellerId: string; alias: string; blocked: boolean },
): Promise<BlockedBidder[]> {
  const { body } = await runCommand(db, {}, async (tx) => {
    const member = await memberByAlias(tx, normalizeAlias(input.alias))
    if (!member) throw notFound('Bidder')
    if (member.id === input.sellerId)
      throw new AppError(409, 'conflict', 'You cannot block yourself.')
    // Every running lot of the seller is locked first, so a bid in flight is decided either
    // before the block commits or after it, never past it.
    await lockRunningLotsOf(tx, input.sellerId)
    if (input.blocked) await insertBlock(tx, input.sellerId, member.id)
    else await deleteBlock(tx, input.sellerId, member.id)
    return blocksOf(tx, input.sellerId)
  })
  return body
}
