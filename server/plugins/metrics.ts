import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Database } from '../db/types.ts'
import type { Broadcaster } from '../lib/broadcaster.ts'
import { AppError } from '../lib/problem.ts'
import type { RealtimeCounts } from '../realtime/index.ts'
import { mailCountsByStatus } from '../repositories/mail-outbox.ts'

/** What the embedded real-time service reports of itself (server/realtime's `stats()`). */
/** What the embedded real-time service counts of its own work (server/realtime/index.ts). */
export type RealtimeGauges = RealtimeCounts

type FanOutListener = (seconds: number, sockets: number) => void

/**
 * Carries the embedded real-time service's fan-out timings to the metrics: the service starts
 * after the app is built (server/main.ts), so it is given `emit` and the metrics `listen`.
 */
export class FanOutFeed {
  private listener: FanOutListener | undefined
  readonly emit: FanOutListener = (seconds, sockets) => this.listener?.(seconds, sockets)
  listen(listener: FanOutListener): void {
    this.listener = listener
  }
}

export interface MetricsOptions {
  db: Database
  broadcaster: Broadcaster
  /** METRICS_TOKEN: with it, a scraper sends `Authorization: Bearer <token>`. */
  token: string | undefined
  /** Without a token, production serves no metrics; local mode serves them to this machine. */
  production: boolean
  realtime?: () => RealtimeGauges | undefined
  realtimeFanOuts?: FanOutFeed | undefined
  redis?: { status: string }
  /** This node's mail worker's sends and failures since start (server/mail/worker.ts). */
  mailSends?: (() => { sent: number; failed: number } | undefined) | undefined
}

/** Seconds: a bid answers in milliseconds; anything past a second is an incident. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/**
 * `GET /metrics` in Prometheus's text format, one registry per app (docs/scaling.md,
 * "Observability"): the process (event-loop delay, memory, CPU), every route's latency (the bid's
 * is `route="/api/lots/:id/bids"`), publishing to the real-time service, the database pool, the
 * embedded real-time service's sockets, channels and signed-in users, and Redis's health. Never
 * public: a bearer token (METRICS_TOKEN), or, without one, local mode and this machine only.
 */
const metrics: FastifyPluginAsync<MetricsOptions> = async (app, options) => {
  const register = new Registry()

  const requests = new Histogram({
    name: 'lotline_http_request_duration_seconds',
    help: 'API answers by route, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url
    // Unmatched URLs (404s, scans) are one series, not one per path someone typed.
    requests.observe(
      {
        method: request.method,
        route: route ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    )
  })

  const publish = new Histogram({
    name: 'lotline_realtime_publish_seconds',
    help: 'Publishing a batch of events to the real-time service (HTTP API)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  })
  options.broadcaster.publishObserver = (seconds, ok) =>
    publish.observe({ outcome: ok ? 'ok' : 'failed' }, seconds)

  const fanOut = new Histogram({
    name: 'lotline_realtime_delivery_seconds',
    help: 'One event fanned out to this node’s sockets: the last socket’s wait',
    buckets: LATENCY_BUCKETS,
    registers: [register],
  })
  options.realtimeFanOuts?.listen((seconds) => fanOut.observe(seconds))

  gauges(register, options)

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    allowed(options, request.headers.authorization, request.socket.remoteAddress)
    void reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store')
    return Registry.merge([processRegistry(), register]).metrics()
  })
}

let processMetrics: Registry | undefined

/**
 * The process's own (event-loop delay, memory, CPU, GC): one set per process, made at the first
 * scrape — each set keeps an event-loop monitor running, and tests build hundreds of apps.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics, prefix: 'lotline_' })
  }
  return processMetrics
}

function gauges(register: Registry, options: MetricsOptions) {
  new Gauge({
    name: 'lotline_reconciliation_differences',
    help: 'Differences between Stripe and the ledger in the latest reconciliation report',
    registers: [register],
    async collect() {
      const { rows } = await options.db.query<{ n: number }>(
        `select jsonb_array_length(differences) as n from reconciliation_reports
          order by id desc limit 1`,
      )
      this.set(Number(rows[0]?.n ?? 0))
    },
  })
  const pool = options.db.poolStats?.bind(options.db)
  if (pool) {
    new Gauge({
      name: 'lotline_db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = pool()
        this.set({ state: 'total' }, stats.total)
        this.set({ state: 'idle' }, stats.idle)
        this.set({ state: 'waiting' }, stats.waiting)
      },
    })
  }
  const realtime = options.realtime
  if (realtime) {
    const gaugeNames = {
      connections: 'lotline_realtime_connections',
      channels: 'lotline_realtime_channels',
      users: 'lotline_realtime_users',
      presenceMembers: 'lotline_realtime_presence_members',
    } as const
    for (const [field, name] of Object.entries(gaugeNames)) {
      new Gauge({
        name,
        help: `Embedded real-time service on this node: ${field}`,
        registers: [register],
        collect() {
          this.set(realtime()?.[field as keyof typeof gaugeNames] ?? 0)
        },
      })
    }
    // Running totals kept by the service itself: exported as counters, set at each scrape.
    const counterNames = {
      eventsIn: 'lotline_realtime_events_in_total',
      deliveriesOut: 'lotline_realtime_deliveries_out_total',
      refusedByAddressCap: 'lotline_realtime_connections_refused_per_address_total',
      messagesRefusedOverBudget: 'lotline_realtime_control_messages_refused_total',
    } as const
    for (const [field, name] of Object.entries(counterNames)) {
      new Counter({
        name,
        help: `Embedded real-time service on this node: ${field} since start`,
        registers: [register],
        collect() {
          this.reset()
          this.inc(realtime()?.[field as keyof typeof counterNames] ?? 0)
        },
      })
    }
  }
  mailGauges(register, options)
  const redis = options.redis
  if (redis) {
    new Gauge({
      name: 'lotline_redis_up',
      help: '1 while the Redis connection is ready',
      registers: [register],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0)
      },
    })
  }
}

/** The outbox by status (every node sees the same rows) and this node's sends (decision 0054). */
function mailGauges(register: Registry, options: MetricsOptions) {
  new Gauge({
    name: 'lotline_mail_outbox',
    help: 'Mails in the outbox by status (dead: given up, listed in /admin)',
    labelNames: ['status'] as const,
    registers: [register],
    async collect() {
      const counts = await mailCountsByStatus(options.db)
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n)
    },
  })
  const sends = options.mailSends
  if (!sends) return
  new Counter({
    name: 'lotline_mail_sends_total',
    help: 'SMTP sends by this node since start, by outcome (failed: retried later or dead)',
    labelNames: ['outcome'] as const,
    registers: [register],
    collect() {
      const totals = sends() ?? { sent: 0, failed: 0 }
      this.reset()
      this.inc({ outcome: 'sent' }, totals.sent)
      this.inc({ outcome: 'failed' }, totals.failed)
    },
  })
}

function allowed(options: MetricsOptions, authorization: string | undefined, peer?: string) {
  if (options.token) {
    const expected = Buffer.from(`Bearer ${options.token}`)
    const given = Buffer.from(authorization ?? '')
    if (given.length === expected.length && timingSafeEqual(given, expected)) return
    throw new AppError(401, 'unauthenticated', 'Metrics need the bearer token (METRICS_TOKEN).')
  }
  const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1'
  if (!options.production && loopback) return
  // Not an advertised endpoint without its token: the same answer as any unknown path.
  throw new AppError(404, 'not_found', 'Not found.')
}

export default fp(metrics, { name: 'lotline-metrics' })
