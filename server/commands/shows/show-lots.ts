import type { PublicUser } from '../../../common/accounts.ts'
import type { HostSituation } from '../../../common/shows.ts'
import type { Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import { findLot, toSummary } from '../../repositories/lots.ts'
import {
  dropDeadQueuedLots,
  finishRunningLot,
  markSkipped,
  moveShow,
  openShowLot,
  showLotsOf,
  type ShowLotRow,
  type ShowRow,
} from '../../repositories/shows.ts'
import { cancelLotIn } from '../lots/cancel-lot.ts'

/** What the show's lots say under its lock: the host move's situation, and the queue's head. */
export async function situationOf(
  tx: Queryable,
  show: ShowRow,
): Promise<{ situation: HostSituation; next: ShowLotRow | undefined; queued: ShowLotRow[] }> {
  const rows = await showLotsOf(tx, [show.id])
  const queued = rows.filter((r) => r.state === 'queued')
  const next = queued[0]
  return {
    situation: {
      state: show.state,
      running: rows.some((r) => r.state === 'running'),
      nextLotId: next?.lot_id ?? null,
      past: new Set(rows.filter((r) => r.state !== 'queued').map((r) => r.lot_id)),
    },
    next,
    queued,
  }
}

/** When auto-advance opens the next lot after a result at `now`, or null (the host opens it). */
export const advanceAt = (show: Pick<ShowRow, 'auto_advance_seconds'>, now: Date): Date | null =>
  show.auto_advance_seconds === null
    ? null
    : new Date(now.getTime() + show.auto_advance_seconds * 1000)

/**
 * Brings the show's lots up to date under its lock, before anything is decided on them: queued
 * lots cancelled outside the show leave the queue, and a running lot whose lot is no longer open
 * (closed, ended early, cancelled) is done — starting auto-advance's clock while the show is live.
 * True when anything changed.
 */
export async function tidyShow(tx: Queryable, show: ShowRow, now: Date): Promise<boolean> {
  const dropped = await dropDeadQueuedLots(tx, show.id)
  const finished = await finishRunningLot(tx, show.id, now)
  if (finished && show.state === 'live') {
    const nextLotAt = advanceAt(show, now)
    await moveShow(tx, show, { nextLotAt }, now)
    show.next_lot_at = nextLotAt
  }
  return dropped > 0 || finished
}

/** Opens the queue's head on the block (the host's next, or auto-advance) and announces the lot. */
export async function openNextIn(
  tx: Queryable,
  events: Publication,
  show: ShowRow,
  next: ShowLotRow,
  now: Date,
): Promise<void> {
  await openShowLot(tx, next, now)
  await moveShow(tx, show, { nextLotAt: null }, now)
  events.lotUpdated(toSummary((await findLot(tx, next.lot_id))!, now))
}

/** The reason a skipped lot shows in its room and its seller is told. */
export const SKIP_REASON = 'Skipped by the host'

/**
 * Skips a queued lot: it leaves the queue and is cancelled through the ordinary cancel, so its
 * absentee holds are released and its bidders told (docs/product.md "Live shows").
 */
export async function skipIn(
  tx: Queryable,
  events: Publication,
  show: ShowRow,
  lotId: string,
  host: Pick<PublicUser, 'id'>,
  currency: string,
): Promise<void> {
  await markSkipped(tx, show.id, lotId)
  // Skipping is the host's power whatever the lot's bids: the cancel is decided as an admin's
  // (an ordinary seller could not cancel a lot with absentee bids). The seller is told only when
  // someone else (an admin) skipped their lot.
  await cancelLotIn(tx, events, {
    lotId,
    user: { id: host.id, role: 'admin' },
    currency,
    reason: SKIP_REASON,
  })
}
