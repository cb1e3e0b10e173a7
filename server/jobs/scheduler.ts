import type { FastifyBaseLogger } from 'fastify'
import { ENDING_SOON_NOTIFY_MS } from '../../common/auction.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import type { Database } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { closeLot, type CloseOutcome } from '../commands/settlement/close-lot.ts'
import { notifyEndingSoon } from '../commands/settlement/notify-ending-soon.ts'
import { openLotsDue } from '../commands/settlement/open-due-lots.ts'
import { runShowPass } from '../commands/shows/show-pass.ts'
import { IDEMPOTENCY_KEY_TTL_MS, deleteIdempotencyKeysBefore } from '../repositories/idempotency.ts'
import { lotsDueToClose, nextLotEventAt } from '../repositories/lots.ts'
import { deleteExpiredSessions } from '../repositories/sessions.ts'
import { keepDemoLotsOpen, type DemoLotsDeps } from './demo-lots.ts'
import type { FeeRates } from '../../common/orders/fees.ts'
import { DEFAULT_ORDER_DEADLINES, type OrderDeadlines } from '../../common/orders/states.ts'
import { autoCompleteOrder } from '../commands/orders/move-order.ts'
import { ordersDueForCompletion } from '../repositories/orders.ts'
import type { AlertMailer } from '../mail/alerts/mailer.ts'
import { sendMessageDigests } from './message-digests.ts'
import { announceShows } from '../commands/shows-notices/announce.ts'

export interface SchedulerDeps {
  db: Database
  broadcaster: Broadcaster
  currency: string
  log?: FastifyBaseLogger
  /** Safety-net tick; the next due time is also awaited with its own timer. */
  intervalMs?: number
  /** Local mode only (`demoLotsFor`): keep a few demo lots open (decision 0026). */
  demoLots?: DemoLotsDeps | undefined
  /** ORDER_AUTO_COMPLETE_DAYS and ORDER_SHIP_BY_DAYS (decision 0051). */
  orderDeadlines?: OrderDeadlines
  /** The fees a sale takes (decision 0051); none when not given. */
  fees?: FeeRates
  /** Alert mails: won and sold at close, the hourly message digests; none when not given. */
  alerts?: AlertMailer
}

export interface RunReport {
  opened: string[]
  closed: Array<{ lotId: string; outcome: CloseOutcome }>
  endingSoon: string[]
  /** Shows whose lot on the block closed, and shows whose next lot auto-advance opened. */
  shows: { finished: string[]; advanced: string[] }
  /** Demo lots listed in this pass (local mode only). */
  demoListed?: string[]
  /** Rows the hourly sweep deleted, when it ran in this pass. */
  swept?: { sessions: number; idempotencyKeys: number }
  /** Shipped orders completed by time in this pass, when the orders pass ran. */
  ordersCompleted?: string[]
  /** Members sent a message digest in this pass, when the orders pass ran with alert mails. */
  digests?: string[]
  /** Shows whose followers were told in this pass: going live, starting soon (issue 34). */
  showNotices?: { live: string[]; soon: string[] }
}

const CLOSE_BATCH = 100
/** Expired sessions and old idempotency answers are deleted at most this often. */
const SWEEP_EVERY_MS = 3_600_000
/** Orders complete days after shipping: looking once a minute is plenty. */
const ORDERS_EVERY_MS = 60_000
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
  let lastSweepAt = -Infinity
  let lastOrdersAt = -Infinity
  const orderDeadlines = deps.orderDeadlines ?? DEFAULT_ORDER_DEADLINES

  async function closeDue(now: Date, report: RunReport) {
    for (const id of await lotsDueToClose(db, now, CLOSE_BATCH)) {
      try {
        const outcome = await closeLot(
          { db, currency, fees: deps.fees, alerts: deps.alerts },
          id,
          now,
          {
            broadcaster,
          },
        )
        report.closed.push({ lotId: id, outcome })
      } catch (error) {
        // Without a database the other lots fail the same way: leave them all to the next tick.
        if (isDatabaseUnavailable(error)) throw error
        log?.error({ err: error, lotId: id }, 'closing a lot failed; retried on the next tick')
      }
    }
  }

  /** One pass over everything due at `now`. Tests call this directly. */
  async function runDueJobs(now: Date = new Date()): Promise<RunReport> {
    const report: RunReport = {
      opened: [],
      closed: [],
      endingSoon: [],
      shows: { finished: [], advanced: [] },
    }
    report.opened.push(...(await openLotsDue(db, now, { broadcaster })))
    report.endingSoon.push(...(await notifyEndingSoon(db, now, { broadcaster })))
    await closeDue(now, report)
    // After the closes: a show lot that just closed is done, and auto-advance may open the next.
    report.shows = await runShowPass(db, now, { broadcaster }, log)
    if (deps.demoLots) report.demoListed = await keepDemoLotsOpen(deps.demoLots, now)
    // Followers of a seller whose show is near or live (issue 34).
    report.showNotices = await announceShows(db, now, { broadcaster })
    if (now.getTime() - lastOrdersAt >= ORDERS_EVERY_MS) {
      report.ordersCompleted = await completeDueOrders(now)
      if (deps.alerts) report.digests = await sendMessageDigests(db, deps.alerts, now)
      lastOrdersAt = now.getTime()
    }
    if (now.getTime() - lastSweepAt >= SWEEP_EVERY_MS) {
      report.swept = await sweep(now)
      lastSweepAt = now.getTime()
    }
    return report
  }

  /**
   * Shipped orders whose auto-completion time has passed complete and pay their sellers. Any number
   * of nodes may run this: each order's move re-checks its state under the order's lock.
   */
  async function completeDueOrders(now: Date): Promise<string[]> {
    const completed: string[] = []
    const orders = { db, deadlines: orderDeadlines, currency, broadcaster }
    for (const id of await ordersDueForCompletion(db, orderDeadlines.autoCompleteDays, now)) {
      try {
        if (await autoCompleteOrder(orders, id, now)) completed.push(id)
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error
        log?.error({ err: error, orderId: id }, 'completing an order failed; retried next pass')
      }
    }
    return completed
  }

  /** Keeps the tables that grow with every sign-in and every write bounded. */
  async function sweep(now: Date) {
    const sessions = await deleteExpiredSessions(db, now)
    const before = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)
    return { sessions, idempotencyKeys: await deleteIdempotencyKeysBefore(db, before) }
  }

  async function tick() {
    if (stopped || running) return
    running = runDueJobs()
    try {
      await running
      const at = await nextLotEventAt(db, ENDING_SOON_NOTIFY_MS)
      if (at && !stopped) {
        clearTimeout(wake)
        const wait = Math.min(Math.max(at.getTime() - Date.now() + 5, 0), MAX_WAIT_MS)
        wake = setTimeout(() => void tick(), wait)
      }
    } catch (error) {
      // During a database outage every tick fails the same way; the interval keeps ticking and the
      // first pass after the database is back does everything that fell due meanwhile.
      if (isDatabaseUnavailable(error)) log?.warn('scheduler pass skipped: database unavailable')
      else log?.error({ err: error }, 'scheduler pass failed')
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
