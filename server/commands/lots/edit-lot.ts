import type { LotDetail } from '../../../common/auction.ts'
import { EVENTS, lotChannel } from '../../../common/wire.ts'
import type { Database } from '../../db/types.ts'
import { updateLotText } from '../../repositories/lots/edit.ts'
import { findLot, lockLot, toDetail, toSummary } from '../../repositories/lots.ts'
import { isWatching } from '../../repositories/watchlist.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { decideEdit, type LotTextChange } from './decide-edit.ts'

/**
 * `PATCH /api/lots/:id`: the seller's title, description and next steps, before the first bid,
 * under the lot row lock (a bid waits for it, then sees the new text). Publishes `lot.updated`
 * (lists and rooms take the new title) and `lot.edited` on the room, which refetches the detail.
 * With an Idempotency-Key a repeat (the app resends an edit whose answer was lost, decision 0049)
 * gets the first answer instead of being applied again.
 */
export async function editLot(
  db: Database,
  input: { lotId: string; userId: string; change: LotTextChange; key?: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<LotDetail>> {
  const once = {
    userId: input.userId,
    scope: 'lot-edit' as const,
    key: input.key,
    parts: [input.lotId, input.change],
  }
  return runCommand(db, { once, publishTo }, async (tx, events) => {
    const change = decideEdit(await lockLot(tx, input.lotId), { id: input.userId }, input.change)
    await updateLotText(tx, input.lotId, change)
    const lot = (await findLot(tx, input.lotId))!
    const summary = toSummary(lot)
    events.lotUpdated(summary)
    events.add({ channel: lotChannel(lot.id), name: EVENTS.lotEdited, data: summary })
    const watching = await isWatching(tx, input.userId, lot.id)
    return toDetail(lot, {
      status: null,
      maxBid: null,
      watching,
      seller: { nextSteps: lot.next_steps },
    })
  })
}
