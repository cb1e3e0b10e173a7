/**
 * The loop both outbox senders share (push, decision 0032; mail, decision 0054): a pass sends
 * everything due, batch after batch; a commit that wrote rows wakes it at once (`nudge`), a
 * timer wakes it for the next row that falls due (a retry), and a slow poll catches what another
 * node or a previous run left. A nudge during a pass asks for one more pass right after it, for
 * rows the pass did not see. `stop` waits for the pass in flight, so its outcomes are written.
 */
import type { FastifyBaseLogger } from 'fastify'
import { isDatabaseUnavailable } from '../db/errors.ts'

export interface OutboxLoopOptions {
  /** What the log calls it: "push", "mail". */
  name: string
  /** One pass: sends everything due now. */
  runOnce: () => Promise<unknown>
  /** When the next unsent row falls due, or null when none waits. */
  nextDueAt: () => Promise<Date | null>
  pollMs: number
  now: () => Date
  log?: FastifyBaseLogger | undefined
}

export function createOutboxLoop(options: OutboxLoopOptions) {
  const { name, log } = options
  let stopped = true
  let running: Promise<unknown> | undefined
  let again = false
  let poll: ReturnType<typeof setInterval> | undefined
  let wake: ReturnType<typeof setTimeout> | undefined

  async function tick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    again = false
    running = options.runOnce()
    try {
      await running
      const at = await options.nextDueAt()
      clearTimeout(wake)
      if (at && !stopped) {
        const untilDue = at.getTime() - options.now().getTime() + 5
        wake = setTimeout(() => void tick(), Math.min(Math.max(untilDue, 0), options.pollMs))
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) log?.warn(`${name} pass skipped: database unavailable`)
      else log?.error({ err: error }, `${name} pass failed`)
    } finally {
      running = undefined
    }
    if (again) void tick()
  }

  return {
    /** After a commit that wrote rows: send now rather than at the next poll. */
    nudge() {
      void tick()
    },
    start() {
      if (!stopped) return
      stopped = false
      poll = setInterval(() => void tick(), options.pollMs)
      void tick()
    },
    async stop() {
      stopped = true
      clearInterval(poll)
      clearTimeout(wake)
      await running?.catch(() => undefined)
    },
  }
}

/** Runs `handle` over `rows` with at most `concurrency` in flight, in order of claim. */
export async function inLanes<T>(
  rows: readonly T[],
  concurrency: number,
  handle: (row: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < rows.length) await handle(rows[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane))
}

/**
 * Runs batches until one claims fewer rows than a full batch, adding up their reports (every
 * field a count).
 */
export async function drainBatches<K extends string>(
  runBatch: () => Promise<Record<NoInfer<K> | 'claimed', number>>,
  batchSize: number,
  empty: () => Record<K, number>,
): Promise<Record<K, number>> {
  const total = empty()
  const keys = Object.keys(total) as K[]
  for (;;) {
    const report = await runBatch()
    for (const key of keys) total[key] += report[key]
    if (report.claimed < batchSize) return total
  }
}
