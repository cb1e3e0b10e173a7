import type { FastifyBaseLogger } from 'fastify'
import { ENDING_SOON_NOTIFY_MS } from '../../common/auction.ts'
import type { Database } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { findLots, toSummary } from '../repositories/lots.ts'
import { insertEndingSoon } from '../repositories/notifications.ts'
import { Publication } from '../lib/publication.ts'
import { closeLot, type CloseOutcome } from './settle.ts'

export interface SchedulerDeps {
  db: Database
  broadcaster: Broadcaster
  currency: string
  log?: FastifyBaseLogger
  /** Safety-net tick; the next due time is also awaited with its own timer. */
  intervalMs?: number
}

export interface RunReport {
  opened: string[]
  closed: Array<{ lotId: string; outcome: CloseOutcome }>
  endingSoon: string[]
}

const CLOSE_BATCH = 100
/** setTimeout's limit is 2^31 ms; the tick covers anything further away anyway. */
const MAX_WAIT_MS = 60_000

/**
 * Opens scheduled lots, tells watchers about lots ending soon, closes and settles lots whose end
 * has passed. All state is in the database: a restart or a second node running the same jobs is
 * harmless (every transition re-checks the status under the lot's row lock).
 */
export function createScheduler(deps: SchedulerDeps) {
  const { db, broadcaster, currency, log } = deps
  let interval: ReturnType<typeof setInterval> | undefined
  let wake: ReturnType<typeof setTimeout> | undefined
  let running: Promise<RunReport> | undefined
  let stopped = true

  async function openDue(now: Date, report: RunReport) {
    const { rows } = await db.query<{ id: string }>(
      `update lots set status = 'open', version = version + 1, updated_at = $1
        where status = 'scheduled' and starts_at <= $1 returning id`,
      [now],
    )
    if (rows.length === 0) return
    const publication = new Publication()
    for (const lot of await findLots(
      db,
      rows.map((r) => r.id),
    )) {
      publication.lotUpdated(toSummary(lot, now))
      report.opened.push(lot.id)
    }
    await publication.send(broadcaster)
  }

  async function notifyEndingSoon(now: Date, report: RunReport) {
    const publication = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; title: string; ends_at: Date }>(
        `update lots set ending_soon_at = $1
          where status = 'open' and ending_soon_at is null and ends_at > $1 and ends_at <= $2
         returning id, title, ends_at`,
        [now, new Date(now.getTime() + ENDING_SOON_NOTIFY_MS)],
      )
      const pub = new Publication()
      for (const lot of rows) {
        report.endingSoon.push(lot.id)
        const sent = await insertEndingSoon(tx, lot.id, {
          title: lot.title,
          endsAt: lot.ends_at.toISOString(),
        })
        for (const n of sent) pub.notify(n.userId, n.notification)
      }
      return pub
    })
    await publication.send(broadcaster)
  }

  async function closeDue(now: Date, report: RunReport) {
    const { rows } = await db.query<{ id: string }>(
      `select id from lots where status = 'open' and ends_at <= $1 order by ends_at limit ${CLOSE_BATCH}`,
      [now],
    )
    for (const { id } of rows) {
      try {
        const { outcome, publication } = await closeLot(db, id, currency, now)
        report.closed.push({ lotId: id, outcome })
        await publication?.send(broadcaster)
      } catch (error) {
        log?.error({ err: error, lotId: id }, 'closing a lot failed; retried on the next tick')
      }
    }
  }

  /** One pass over everything due at `now`. Tests call this directly. */
  async function runDueJobs(now: Date = new Date()): Promise<RunReport> {
    const report: RunReport = { opened: [], closed: [], endingSoon: [] }
    await openDue(now, report)
    await notifyEndingSoon(now, report)
    await closeDue(now, report)
    return report
  }

  async function nextDueAt(): Promise<Date | undefined> {
    const { rows } = await db.query<{ at: Date | null }>(
      `select least(
         (select min(starts_at) from lots where status = 'scheduled'),
         (select min(ends_at) from lots where status = 'open'),
         (select min(ends_at) - make_interval(secs => $1) from lots
           where status = 'open' and ending_soon_at is null)
       ) as at`,
      [ENDING_SOON_NOTIFY_MS / 1000],
    )
    return rows[0]?.at ?? undefined
  }

  async function tick() {
    if (stopped || running) return
    running = runDueJobs()
    try {
      await running
      const at = await nextDueAt()
      if (at && !stopped) {
        clearTimeout(wake)
        const wait = Math.min(Math.max(at.getTime() - Date.now() + 5, 0), MAX_WAIT_MS)
        wake = setTimeout(() => void tick(), wait)
      }
    } catch (error) {
      log?.error({ err: error }, 'scheduler pass failed')
    } finally {
      running = undefined
    }
  }

  return {
    runDueJobs,
    start() {
      if (!stopped) return
      stopped = false
      interval = setInterval(() => void tick(), deps.intervalMs ?? 1_000)
      void tick()
    },
    async stop() {
      stopped = true
      clearInterval(interval)
      clearTimeout(wake)
      await running?.catch(() => undefined)
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
