import type { LotSummary } from '../../../common/auction.ts'
import type { PublicUser } from '../../../common/accounts.ts'
import type { Database, Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import { activeHoldsOnLot, releaseHoldsOnLot, type ActiveHold } from '../../repositories/holds.ts'
import { findLot, lockLot, markLotCancelled, toSummary } from '../../repositories/lots.ts'
import { insertNotification } from '../../repositories/notifications.ts'
import { bumpWalletVersions, lockWallets, walletsOf } from '../../repositories/wallets.ts'
import { runCommand, type Audience, type CommandResult } from '../run-command.ts'
import { decideCancel } from './decide-cancel.ts'

/**
 * Cancels a lot and releases its holds (lock order: idempotency key → lot → wallets). With an
 * Idempotency-Key a repeat gets the first answer instead of 409 lot_not_cancellable.
 */
export async function cancelLot(
  deps: { db: Database; currency: string },
  input: { lotId: string; user: PublicUser; key: string | undefined },
  publishTo: Audience,
): Promise<CommandResult<LotSummary>> {
  const { lotId, user } = input
  const once = { userId: user.id, scope: 'lot-cancel' as const, key: input.key, parts: [lotId] }
  return runCommand(deps.db, { once, publishTo }, async (tx, events) => {
    return (await cancelLotIn(tx, events, { lotId, user, currency: deps.currency })).summary
  })
}

/**
 * The cancel itself, inside the caller's transaction (the admin cancel adds its audit row to the
 * same transaction): decides, releases the active holds once, marks the lot cancelled, and
 * collects the events. Returns the holds it released.
 */
export async function cancelLotIn(
  tx: Queryable,
  events: Publication,
  input: {
    lotId: string
    user: Pick<PublicUser, 'id' | 'role'>
    currency: string
    /** The admin's reason, shown in the room and told to the seller (issue 32). */
    reason?: string | undefined
  },
): Promise<{ summary: LotSummary; released: ActiveHold[] }> {
  const { lotId, user } = input
  const reason = input.reason ?? null
  const { notify, seller } = decideCancel(await lockLot(tx, lotId), user)
  const released = await activeHoldsOnLot(tx, lotId)
  const holders = released.map((h) => h.user_id)
  if (holders.length) await lockWallets(tx, holders)
  await releaseHoldsOnLot(tx, lotId)
  await bumpWalletVersions(tx, holders)
  await markLotCancelled(tx, lotId, reason)
  // The leader learns their hold is free; the seller, when it was not their own cancel, why
  // Lotline took their lot down (in-app and push, like the leader's: docs/product.md).
  const notes = [
    notify && { ...notify, data: { ...notify.data, reason } },
    seller && { ...seller, data: { ...seller.data, reason, seller: true } },
  ]
  for (const note of notes) {
    if (!note) continue
    const n = await insertNotification(tx, { ...note, kind: 'lot_cancelled', lotId })
    events.notify(n.userId, n.notification)
  }
  for (const [userId, wallet] of await walletsOf(tx, holders, input.currency))
    events.walletUpdated(userId, wallet)
  const summary = toSummary((await findLot(tx, lotId))!)
  events.lotUpdated(summary)
  return { summary, released }
}
