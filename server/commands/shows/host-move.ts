import type { PublicUser } from '../../../common/accounts.ts'
import { hostMove, type HostAction, type ShowDetail } from '../../../common/shows.ts'
import type { Database } from '../../db/types.ts'
import { AppError } from '../../lib/problem.ts'
import { moveShow } from '../../repositories/shows.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { lockShowForHost, viewerPart } from './show-access.ts'
import { announceShow } from './show-events.ts'
import { advanceAt, openNextIn, situationOf, skipIn, tidyShow } from './show-lots.ts'
import { findShow } from '../../repositories/shows.ts'
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
    let stateChanged = false
    if (move.do === 'apply') {
      switch (action) {
        case 'start':
          await moveShow(
            tx,
            show.id,
            { state: 'live', startedAt: now, nextLotAt: advanceAt(show, now) ?? undefined },
            now,
          )
          stateChanged = true
          break
        case 'next':
          await openNextIn(tx, events, show, next!, now)
          break
        case 'pause':
          await moveShow(tx, show.id, { state: 'paused', nextLotAt: null }, now)
          stateChanged = true
          break
        case 'resume':
          await moveShow(
            tx,
            show.id,
            { state: 'live', ...(situation.running ? {} : { nextLotAt: advanceAt(show, now) }) },
            now,
          )
          stateChanged = true
          break
        case 'skip':
          await skipIn(tx, events, show, next!.lot_id, user, deps.currency)
          await moveShow(tx, show.id, {}, now)
          break
        case 'end':
          for (const lot of queued) await skipIn(tx, events, show, lot.lot_id, user, deps.currency)
          await moveShow(tx, show.id, { state: 'ended', endedAt: now, nextLotAt: null }, now)
          stateChanged = true
          break
      }
    } else {
      // Only the tidying changed the show: one more version.
      await moveShow(tx, show.id, {}, now)
    }
    return { ...(await announceShow(tx, events, show.id, { stateChanged, now })), my }
  })
  return body
}
