import type { PublicUser } from '../../../common/accounts.ts'
import { hostMove, type HostAction, type ShowDetail } from '../../../common/shows.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import type { Queryable } from '../../db/types.ts'
import type { Publication } from '../../lib/publication.ts'
import {
  findShow,
  lockLotsForShow,
  moveShow,
  type ShowLotRow,
  type ShowRow,
} from '../../repositories/shows.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { lockShowForHost, viewerPart } from './show-access.ts'
import { announceShow } from './show-events.ts'
import { advanceAt, openNextIn, situationOf, skipIn, tidyShow } from './show-lots.ts'
import { showDetail } from '../../repositories/shows-view.ts'

const REFUSALS = {
  show_ended: 'This show is over.',
  show_not_live: 'The show is not live: start or resume it first.',
  show_not_started: 'The show has not started.',
  lot_running: 'A lot is on the block: wait for its result.',
  show_queue_empty: 'No lot is left in the queue.',
  not_next_lot: 'That lot is not the next in the queue.',
} as const

/**
 * The host's moves (`POST /api/shows/:id/start|next|pause|resume|skip|end`), decided by `hostMove`
 * (common/shows.ts) under the show's row lock, in one transaction: a repeat answers the show as it
 * is, a refusal is 409 with its code, and every change is announced after the commit.
 */
export async function moveAsHost(
  deps: { db: Database; currency: string },
  input: {
    showId: string
    user: Pick<PublicUser, 'id' | 'role'>
    action: HostAction
    lotId?: string
  },
  publishTo: Audience,
): Promise<ShowDetail> {
  const { action, user } = input
  const lotId = input.lotId?.toLowerCase()
  const { body } = await runCommand(deps.db, { publishTo }, async (tx, events) => {
    const now = new Date()
    const show = await lockShowForHost(tx, input.showId, user)
    const tidied = await tidyShow(tx, show, now)
    const { situation, next, queued } = await situationOf(tx, show)
    const move = hostMove(action, situation, lotId)
    if ('refuse' in move) throw new AppError(409, move.refuse, REFUSALS[move.refuse])
    const my = await viewerPart(tx, show, user)
    if (move.do === 'already' && !tidied) {
      return { ...(await showDetail(tx, (await findShow(tx, show.id))!, null, now)), my }
    }
    const lots = { next, queued, running: situation.running }
    const host = { user, currency: deps.currency }
    const stateChanged =
      move.do === 'apply' && (await applyMove(tx, events, { show, action, lots, host, now }))
    // A repeat that only tidied the show (a lot finished, a dead lot left the queue): one more
    // version, announced like any change.
    if (move.do === 'already') await moveShow(tx, show, {}, now)
    return { ...(await announceShow(tx, events, show.id, { stateChanged, now })), my }
  })
  return body
}

/** Applies a move `hostMove` allowed; true when the show's state changed (the lists hear it). */
async function applyMove(
  tx: Queryable,
  events: Publication,
  move: {
    show: ShowRow
    action: HostAction
    lots: { next: ShowLotRow | undefined; queued: ShowLotRow[]; running: boolean }
    host: { user: Pick<PublicUser, 'id'>; currency: string }
    now: Date
  },
): Promise<boolean> {
  const { show, lots, host, now } = move
  switch (move.action) {
    case 'start':
      // Auto-advance opens the first lot N seconds after the start.
      await moveShow(
        tx,
        show,
        { state: 'live', startedAt: now, nextLotAt: advanceAt(show, now) },
        now,
      )
      return true
    case 'next':
      await openNextIn(tx, events, show, lots.next!, now)
      return false
    case 'pause':
      await moveShow(tx, show, { state: 'paused', nextLotAt: null }, now)
      return true
    case 'resume': {
      // With a lot on the block, its result starts auto-advance's clock instead.
      const clock = lots.running ? {} : { nextLotAt: advanceAt(show, now) }
      await moveShow(tx, show, { state: 'live', ...clock }, now)
      return true
    }
    case 'skip':
      await skipIn(tx, events, show, lots.next!.lot_id, host.user, host.currency)
      await moveShow(tx, show, {}, now)
      return false
    case 'end':
      // Every queued lot locked first, in id order: each cancel then locks wallets, and a bid
      // holding one of these lots while it waits for a wallet must not wait on us (lots → wallets).
      await lockLotsForShow(
        tx,
        lots.queued.map((l) => l.lot_id),
      )
      for (const lot of lots.queued)
        await skipIn(tx, events, show, lot.lot_id, host.user, host.currency)
      await moveShow(tx, show, { state: 'ended', endedAt: now, nextLotAt: null }, now)
      return true
  }
}
