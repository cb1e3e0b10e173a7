/**
 * Sends the push outbox (decision 0032). Every node may run one: rows are claimed with
 * `for update skip locked` and leased, so two workers never send the same row at once. Woken at
 * once after a commit that wrote notifications (`nudge`, from the publication), and by a slow poll
 * for what another node or a previous run of this one left (restarts, retries).
 */
import { Agent } from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import webpush, { WebPushError } from 'web-push'
import type { Database } from '../db/types.ts'
import { createOutboxLoop, drainBatches, inLanes } from '../lib/outbox-loop.ts'
import type { VapidKeys } from '../lib/vapid.ts'
import { deletePushSubscriptions } from '../repositories/push.ts'
import {
  claimDuePushes,
  deletePushes,
  nextPushDueAt,
  retryPushesLater,
  type ClaimedPush,
} from '../repositories/push-outbox.ts'
import { composePush } from './push-compose.ts'

export interface PushWorkerDeps {
  db: Database
  /** Null when push is off: whatever is still in the outbox is dropped unsent. */
  vapid: VapidKeys | null
  currency: string
  log?: FastifyBaseLogger | undefined
  /** The HTTPS agent of every push request (tests trust their stand-in's certificate with it). */
  agent?: Agent | undefined
  /** Requests in flight at once. */
  concurrency?: number
  /** Rows claimed per statement. */
  batchSize?: number
  /** Safety-net poll. */
  pollMs?: number
  /** Sends per row before it is dropped (429, 5xx, network errors). */
  maxAttempts?: number
  /** First retry's delay; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** A claimed row is retried by any node after this if its sender died. */
  leaseSeconds?: number
  requestTimeoutMs?: number
}

export interface PushRunReport {
  sent: number
  retried: number
  dropped: number
  /** Subscriptions the push service said are gone (404/410), removed. */
  gone: number
}

/** Retry-After honoured up to this (a push service asking for a day gets the row dropped). */
const RETRY_AFTER_MAX_MS = 3_600_000
/** A VAPID JWT is valid 12 h (at most 24 h, RFC 8292) and re-signed after an hour. */
const JWT_LIFETIME_S = 12 * 3600
const JWT_REUSE_MS = 3_600_000

/** Delay asked by a Retry-After header (seconds or an HTTP date), in ms, or 0. */
export function retryAfterMs(value: unknown, now: number): number {
  if (typeof value !== 'string' || value.trim() === '') return 0
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? 0 : Math.max(0, at - now)
}

export function createPushWorker(deps: PushWorkerDeps) {
  const { db, vapid, log } = deps
  const concurrency = deps.concurrency ?? 64
  const batchSize = deps.batchSize ?? 256
  const maxAttempts = deps.maxAttempts ?? 6
  const retryBaseMs = deps.retryBaseMs ?? 2_000
  const retryMaxMs = deps.retryMaxMs ?? 300_000
  const leaseSeconds = deps.leaseSeconds ?? 60
  // Keep-alive: one TLS handshake per push service, not one per push.
  const agent = deps.agent ?? new Agent({ keepAlive: true, maxSockets: concurrency })
  const jwts = new Map<string, { header: string; until: number }>()

  /** The VAPID Authorization for an audience (the endpoint's origin), signed once an hour. */
  function authorization(endpoint: string, keys: VapidKeys): string {
    const audience = new URL(endpoint).origin
    const cached = jwts.get(audience)
    if (cached && cached.until > Date.now()) return cached.header
    const exp = Math.floor(Date.now() / 1000) + JWT_LIFETIME_S
    const headers = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      exp,
    )
    const header = String(headers.Authorization)
    jwts.set(audience, { header, until: Date.now() + JWT_REUSE_MS })
    return header
  }

  type Outcome =
    | { do: 'delete' }
    | { do: 'gone' }
    | { do: 'retry'; delayMs: number }
    | { do: 'drop'; reason: string }

  async function deliver(row: ClaimedPush, now: Date): Promise<Outcome> {
    if (!vapid) return { do: 'drop', reason: 'push is off' }
    let composed: ReturnType<typeof composePush>
    try {
      composed = composePush(row, deps.currency, now)
    } catch (error) {
      // A notification we cannot put into words (say, a currency code Intl does not know) must not
      // hold up the batch, nor come back after every lease.
      return { do: 'drop', reason: `could not compose: ${(error as Error).message}` }
    }
    const ttl = Math.floor((composed.expiresAt.getTime() - now.getTime()) / 1000)
    if (ttl <= 0) return { do: 'drop', reason: 'expired' }
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(composed.payload),
        {
          TTL: ttl,
          urgency: composed.urgency,
          ...(composed.topic ? { topic: composed.topic } : {}),
          contentEncoding: 'aes128gcm',
          agent,
          timeout: deps.requestTimeoutMs ?? 10_000,
          // Signed here once per audience instead of once per push (web-push would sign every
          // call when given vapidDetails; we never set its global ones).
          headers: { Authorization: authorization(row.endpoint, vapid) },
        },
      )
      return { do: 'delete' }
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined
      if (status === 404 || status === 410) return { do: 'gone' }
      const transient = status === undefined || status === 429 || status >= 500
      if (!transient) return { do: 'drop', reason: `push service answered ${status}` }
      if (row.attempts >= maxAttempts) {
        return {
          do: 'drop',
          reason: `gave up after ${row.attempts} attempts (${status ?? 'network error'})`,
        }
      }
      const backoff = Math.min(retryBaseMs * 2 ** (row.attempts - 1), retryMaxMs)
      const asked =
        error instanceof WebPushError ? retryAfterMs(error.headers['retry-after'], Date.now()) : 0
      if (asked > RETRY_AFTER_MAX_MS)
        return { do: 'drop', reason: `Retry-After too far (${asked} ms)` }
      const delayMs = Math.max(backoff, asked)
      if (Date.now() + delayMs >= composed.expiresAt.getTime()) {
        return { do: 'drop', reason: 'would expire before the retry' }
      }
      return { do: 'retry', delayMs }
    }
  }

  /** Claims one batch and sends it; what happened to each row is written after the batch. */
  async function runBatch(): Promise<PushRunReport & { claimed: number }> {
    const rows = await claimDuePushes(db, batchSize, leaseSeconds)
    const report = { sent: 0, retried: 0, dropped: 0, gone: 0, claimed: rows.length }
    if (!rows.length) return report
    const done: number[] = []
    const gone = new Set<string>()
    const retries: Array<{ id: number; delayMs: number }> = []
    await inLanes(rows, concurrency, async (row) => {
      const outcome = await deliver(row, new Date())
      if (outcome.do === 'delete') {
        report.sent += 1
        done.push(row.id)
      } else if (outcome.do === 'gone') {
        report.gone += 1
        gone.add(row.subscriptionId)
      } else if (outcome.do === 'retry') {
        report.retried += 1
        retries.push({ id: row.id, delayMs: outcome.delayMs })
      } else {
        report.dropped += 1
        done.push(row.id)
        log?.warn({ pushId: row.id, kind: row.kind, reason: outcome.reason }, 'push dropped')
      }
    })
    await deletePushes(db, done)
    await deletePushSubscriptions(db, [...gone])
    await retryPushesLater(db, retries)
    return report
  }

  /** Sends everything due now, batch after batch. Tests drive the worker with this. */
  function runOnce(): Promise<PushRunReport> {
    return drainBatches(runBatch, batchSize, () => ({ sent: 0, retried: 0, dropped: 0, gone: 0 }))
  }

  const loop = createOutboxLoop({
    name: 'push',
    runOnce,
    nextDueAt: () => nextPushDueAt(db),
    pollMs: deps.pollMs ?? 5_000,
    now: () => new Date(),
    log,
  })

  return {
    runOnce,
    /** After a commit that wrote notifications: send now rather than at the next poll. */
    nudge: loop.nudge,
    start: loop.start,
    async stop() {
      await loop.stop()
      if (!deps.agent) agent.destroy()
    },
  }
}

export type PushWorker = ReturnType<typeof createPushWorker>
