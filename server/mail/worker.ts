/**
 * Sends the mail outbox (decision 0054). Every node may run one: rows are claimed with
 * `for update skip locked` and leased (`locked_until`), so two workers never send one row at once,
 * and a row whose sender died is taken again after its lease. Each send happens outside any
 * transaction; its outcome is written after it: `sent`, pending again later (exponential backoff),
 * or `dead` after the last attempt or a permanent refusal (listed in /admin).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/types.ts'
import { createOutboxLoop, drainBatches, inLanes } from '../lib/outbox-loop.ts'
import {
  claimDueMails,
  markMailFailed,
  markMailSent,
  nextMailDueAt,
  type ClaimedMail,
} from '../repositories/mail-outbox.ts'
import { isPermanentRefusal, isPlainAddress, type MailTransport } from './transport.ts'

export interface MailWorkerDeps {
  db: Database
  transport: MailTransport
  /** MAIL_FROM. */
  from: string
  log?: FastifyBaseLogger | undefined
  /** The worker's clock (tests move it); the rows' times are compared with it. */
  now?: () => Date
  /** Sends in flight at once. */
  concurrency?: number
  /** Rows claimed per statement. */
  batchSize?: number
  /** Safety-net poll. */
  pollMs?: number
  /** Attempts before a mail is dead. */
  maxAttempts?: number
  /** The first retry's delay; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** A claimed row is taken again by any node after this (longer than the SMTP timeouts). */
  leaseSeconds?: number
}

export interface MailRunReport {
  sent: number
  retried: number
  dead: number
}

/** Delay before attempt `attempt + 1`: base · 2^(attempt − 1), capped. */
export function mailBackoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), maxMs)
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown }
  const parts = [e.code, e.responseCode, e.message].filter((p) => p !== undefined && p !== '')
  return parts.length ? parts.map(String).join(' ') : String(error)
}

export function createMailWorker(deps: MailWorkerDeps) {
  const { db, transport, log } = deps
  const now = deps.now ?? (() => new Date())
  const concurrency = deps.concurrency ?? 4
  const batchSize = deps.batchSize ?? 32
  const maxAttempts = deps.maxAttempts ?? 8
  const retryBaseMs = deps.retryBaseMs ?? 30_000
  const retryMaxMs = deps.retryMaxMs ?? 3_600_000
  const leaseSeconds = deps.leaseSeconds ?? 120
  const totals = { sent: 0, failed: 0 }

  type Outcome = { do: 'sent' } | { do: 'retry'; error: string } | { do: 'dead'; error: string }

  async function deliver(mail: ClaimedMail): Promise<Outcome> {
    // Written by our own commands from checked addresses; anything else never reaches SMTP.
    if (!isPlainAddress(mail.toAddress)) return { do: 'dead', error: 'not a plain address' }
    try {
      await transport.send({
        from: deps.from,
        to: { address: mail.toAddress, name: mail.toName },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: mail.messageId,
      })
      return { do: 'sent' }
    } catch (error) {
      const reason = describe(error)
      if (isPermanentRefusal(error)) return { do: 'dead', error: reason }
      if (mail.attempt >= maxAttempts) {
        return { do: 'dead', error: `gave up after ${mail.attempt} attempts: ${reason}` }
      }
      return { do: 'retry', error: reason }
    }
  }

  /** Sends one mail and writes what happened, in its own statement. */
  async function handle(mail: ClaimedMail, report: MailRunReport) {
    const outcome = await deliver(mail)
    const at = now()
    if (outcome.do === 'sent') {
      totals.sent += 1
      report.sent += 1
      if (!(await markMailSent(db, mail, at))) {
        log?.warn({ mailId: mail.id }, 'mail sent after its lease ran out')
      }
      return
    }
    totals.failed += 1
    const retryAt =
      outcome.do === 'retry'
        ? new Date(at.getTime() + mailBackoffMs(mail.attempt, retryBaseMs, retryMaxMs))
        : null
    if (outcome.do === 'retry') report.retried += 1
    else report.dead += 1
    await markMailFailed(db, mail, { error: outcome.error, retryAt, now: at })
    const fields = { mailId: mail.id, kind: mail.kind, attempt: mail.attempt, error: outcome.error }
    if (outcome.do === 'dead') log?.error(fields, 'mail dead: listed in /admin')
    else log?.warn(fields, 'mail not sent; will retry')
  }

  async function runBatch(): Promise<MailRunReport & { claimed: number }> {
    const rows = await claimDueMails(db, { now: now(), limit: batchSize, leaseSeconds })
    const report = { sent: 0, retried: 0, dead: 0, claimed: rows.length }
    await inLanes(rows, concurrency, (mail) => handle(mail, report))
    return report
  }

  /** Sends everything due now, batch after batch. Tests drive the worker with this. */
  function runOnce(): Promise<MailRunReport> {
    return drainBatches(runBatch, batchSize, () => ({ sent: 0, retried: 0, dead: 0 }))
  }

  const loop = createOutboxLoop({
    name: 'mail',
    runOnce,
    nextDueAt: () => nextMailDueAt(db),
    pollMs: deps.pollMs ?? 5_000,
    now,
    log,
  })

  return {
    runOnce,
    /** Sends and failures since start, for GET /metrics. */
    totals: () => ({ ...totals }),
    /** After a commit that wrote mail: send now rather than at the next poll. */
    nudge: loop.nudge,
    start: loop.start,
    /** Stops polling and waits for the sends in flight, so their outcome is written. */
    stop: loop.stop,
  }
}

export type MailWorker = ReturnType<typeof createMailWorker>
