import {
  SHOW_LOTS_MAX,
  showSoftCloseSeconds,
  validateShowLots,
  type ShowLotInput,
} from '../../../common/shows.ts'
import type { Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import { findLots, toSummary } from '../../repositories/lots.ts'
import { AppError } from '../../lib/problem.ts'
import {
  dropDeadQueuedLots,
  joinLots,
  leaveShow,
  lockLotsForShow,
  replaceQueue,
  showLotsOf,
  type ShowRow,
} from '../../repositories/shows.ts'

/** 422 with the fields' problems, when there are any. */
export function refuseInvalid(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0)
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', errors)
}

/**
 * Replaces the show's queue (the lots still waiting) with `lots`, in that order, inside the
 * caller's transaction and under the show's lock. The lots that already left the queue (running,
 * done, skipped) keep their places before it and cannot be named again. A lot joins only if it is
 * the seller's, scheduled and in no other show (else 409 `lot_not_showable`, `errors` keyed by the
 * lot's id); a queued lot left out becomes an ordinary scheduled lot again (docs/product.md
 * "Live shows"). Nothing changes when anything is refused.
 */
export async function setQueueIn(
  tx: Queryable,
  events: Publication,
  show: ShowRow,
  input: readonly ShowLotInput[],
  now: Date,
): Promise<void> {
  refuseInvalid(validateShowLots(input))
  const lots = input.map((l) => ({ ...l, lotId: l.lotId.toLowerCase() }))
  await dropDeadQueuedLots(tx, show.id)
  const current = await showLotsOf(tx, [show.id])
  const left = new Set(current.filter((r) => r.state !== 'queued').map((r) => r.lot_id))
  if (left.size + lots.length > SHOW_LOTS_MAX) {
    refuseInvalid({ lots: `At most ${SHOW_LOTS_MAX} lots in a show, those already run included.` })
  }
  const queued = current.filter((r) => r.state === 'queued').map((r) => r.lot_id)
  const wanted = new Set(lots.map((l) => l.lotId))
  const removed = queued.filter((id) => !wanted.has(id))
  const locked = new Map(
    (await lockLotsForShow(tx, [...new Set([...wanted, ...removed])])).map((r) => [r.id, r]),
  )
  const refused: Record<string, string> = {}
  for (const { lotId } of lots) {
    const lot = locked.get(lotId)
    if (!lot || lot.seller_id !== show.seller_id) refused[lotId] = 'Is not one of your lots.'
    else if (left.has(lotId)) refused[lotId] = 'Has already run in this show.'
    else if (lot.show_id !== null && lot.show_id !== show.id) refused[lotId] = 'Is in another show.'
    else if (lot.status !== 'scheduled')
      refused[lotId] = 'Is open or over: only a scheduled lot can join.'
  }
  if (Object.keys(refused).length > 0) {
    throw new AppError(409, 'lot_not_showable', 'Some lots cannot join this show.', refused)
  }
  await leaveShow(tx, removed, show.starts_at, now)
  await replaceQueue(tx, show.id, lots)
  await joinLots(
    tx,
    show.id,
    lots.map((l) => ({ ...l, softCloseSeconds: showSoftCloseSeconds(l.mode) })),
    show.starts_at,
    now,
  )
  // Their times and soft close changed: the lots' pages and lists hear it.
  for (const lot of await findLots(tx, [...wanted, ...removed]))
    events.lotUpdated(toSummary(lot, now))
}
