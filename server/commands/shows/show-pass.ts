import type { FastifyBaseLogger } from 'fastify'
import { isDatabaseUnavailable } from '../../db/errors.ts'
import type { Database } from '../../db/types.ts'
import {
  lockShow,
  moveShow,
  showsDueToAdvance,
  showsWithFinishedLots,
} from '../../repositories/shows.ts'
import { runCommand, type Audience } from '../run-command.ts'
import { announceShow } from './show-events.ts'
import { openNextIn, situationOf, tidyShow } from './show-lots.ts'

/**
 * The scheduler's part in shows, after it has closed the lots due (server/jobs/scheduler.ts): a
 * running show lot whose lot has closed is done (and auto-advance's clock starts), and a live
 * show whose auto-advance time has come opens its next lot — the same opening as the host's
 * `next`, under the same show lock, so the two can never put two lots on the block. Each show in
 * its own transaction; any number of nodes may run this. Returns the shows it changed.
 */
export async function runShowPass(
  db: Database,
  now: Date,
  publishTo: Audience,
  log?: FastifyBaseLogger,
): Promise<{ finished: string[]; advanced: string[] }> {
  /** One show's step; a failure is logged and retried on the next pass, the others go on. */
  const step = async (id: string, work: () => Promise<boolean>) => {
    try {
      return await work()
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error
      log?.error({ err: error, showId: id }, 'a show step failed; retried on the next pass')
      return false
    }
  }
  const finished: string[] = []
  for (const id of await showsWithFinishedLots(db)) {
    if (await step(id, () => finishShowLot(db, id, now, publishTo))) finished.push(id)
  }
  const advanced: string[] = []
  for (const id of await showsDueToAdvance(db, now)) {
    if (await step(id, () => advanceShow(db, id, now, publishTo))) advanced.push(id)
  }
  return { finished, advanced }
}

async function finishShowLot(db: Database, id: string, now: Date, publishTo: Audience) {
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await lockShow(tx, id)
    if (!show || !(await tidyShow(tx, show, now))) return false
    await moveShow(tx, show, {}, now)
    await announceShow(tx, events, id, { stateChanged: false, now })
    return true
  })
  return body
}

/** Opens the next lot of a live show whose auto-advance time has come (re-checked under lock). */
async function advanceShow(db: Database, id: string, now: Date, publishTo: Audience) {
  const { body } = await runCommand(db, { publishTo }, async (tx, events) => {
    const show = await lockShow(tx, id)
    if (!show) return false
    await tidyShow(tx, show, now)
    const due = show.next_lot_at !== null && show.next_lot_at.getTime() <= now.getTime()
    if (show.state !== 'live' || !due) return false
    const { situation, next } = await situationOf(tx, show)
    // A lot on the block (the host was quicker): its result starts the clock again.
    if (situation.running) await moveShow(tx, show, { nextLotAt: null }, now)
    else if (next) await openNextIn(tx, events, show, next, now)
    // The queue is empty: nothing to open; the host ends the show.
    else await moveShow(tx, show, { nextLotAt: null }, now)
    await announceShow(tx, events, id, { stateChanged: false, now })
    return next !== undefined && !situation.running
  })
  return body
}
