/**
 * Standalone entry point (`npm run realtime`). Configuration from the same env names Laravel /
 * Pusher setups use, so the API server and this process share one .env.
 *
 *   PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET   (dev defaults: lotline / lotline-key / lotline-secret)
 *   PUSHER_PORT (6001), PUSHER_HOST bind address (else HOST, else 0.0.0.0)
 *   REALTIME_MAX_CONNECTIONS (10000), REALTIME_MAX_CHANNELS_PER_CONNECTION (100),
 *   REALTIME_MAX_MESSAGE_BYTES (10240), REALTIME_MAX_BODY_BYTES (1048576),
 *   REALTIME_BODY_TIMEOUT_MS (10000, at most 30000), REALTIME_MAX_CONNECTIONS_PER_ADDRESS (50),
 *   REALTIME_SUBSCRIPTION_COUNT_MS (3000; 0 off): pusher:subscription_count on the channels named by
 *   REALTIME_SUBSCRIPTION_COUNT_CHANNELS (name prefixes, comma-separated; `show.`; `*` for all)
 *   TRUST_PROXY: the reverse proxies in front, as for the API (false, a number, or addresses/CIDRs)
 *   REDIS_URL: join the other nodes using that Redis (docs/realtime.md, "Across nodes"); with it
 *   REALTIME_REDIS_PREFIX (lotline:rt), REALTIME_CLUSTER_HEARTBEAT_MS (5000),
 *   REALTIME_CLUSTER_NODE_TIMEOUT_MS (15000)
 *   REALTIME_WORKERS: N processes sharing the port (node:cluster), joined through REDIS_URL
 *
 * With NODE_ENV=production the dev defaults are refused: they are public, so anyone could sign
 * channel auth or publish events.
 */
import { startRealtimeServer, type RealtimeLogger, type RealtimeServerOptions } from './index.ts'
import { trustProxyFromEnv, type TrustProxy } from './client-address.ts'
import { isPrimaryProcess, superviseWorkers } from './workers.ts'

const DEV_DEFAULTS = { id: 'lotline', key: 'lotline-key', secret: 'lotline-secret' }

/** JSON lines (pino's shape), so one log pipeline reads this process and the app. */
function line(level: string, obj: object, msg: string): string {
  const fields: Record<string, unknown> = { level, time: Date.now(), msg }
  for (const [k, v] of Object.entries(obj)) {
    // Error objects stringify to {}; keep what an operator needs.
    fields[k] = v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v
  }
  return JSON.stringify(fields)
}

const logger: RealtimeLogger = {
  info: (obj, msg) => console.log(line('info', obj, msg)),
  warn: (obj, msg) => console.warn(line('warn', obj, msg)),
  error: (obj, msg) => console.error(line('error', obj, msg)),
}

/** The service's limits from env; the names match server/config.ts. */
function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<RealtimeServerOptions> {
  const limits: Partial<RealtimeServerOptions> = {}
  const names = {
    REALTIME_MAX_CONNECTIONS: 'maxConnections',
    REALTIME_MAX_CHANNELS_PER_CONNECTION: 'maxChannelsPerConnection',
    REALTIME_MAX_MESSAGE_BYTES: 'maxMessageBytes',
    REALTIME_MAX_BODY_BYTES: 'maxBodyBytes',
    REALTIME_BODY_TIMEOUT_MS: 'bodyTimeoutMs',
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: 'maxConnectionsPerAddress',
  } as const
  for (const [name, option] of Object.entries(names)) {
    const raw = env[name]?.trim()
    if (!raw) continue
    const value = Number(raw)
    if (!Number.isInteger(value) || value <= 0) fail(`realtime: ${name} must be a positive integer`)
    limits[option] = value
  }
  return limits
}

function countChannelsFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.REALTIME_SUBSCRIPTION_COUNT_CHANNELS?.trim() || 'show.'
  if (raw === '*') return undefined
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
}

function countIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.REALTIME_SUBSCRIPTION_COUNT_MS?.trim()
  if (!raw) return 3000
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 60_000) {
    fail('realtime: REALTIME_SUBSCRIPTION_COUNT_MS must be a whole number from 0 to 60000')
  }
  return value
}

/** REDIS_URL set: this process is one node of a cluster. */
function clusterFromEnv(env: NodeJS.ProcessEnv): Partial<RealtimeServerOptions> {
  const redisUrl = env.REDIS_URL?.trim()
  if (!redisUrl) return {}
  const ms = (name: string): number | undefined => {
    const raw = env[name]?.trim()
    if (!raw) return undefined
    const value = Number(raw)
    if (!Number.isInteger(value) || value <= 0) fail(`realtime: ${name} must be a positive integer`)
    return value
  }
  return {
    cluster: {
      redisUrl,
      prefix: env.REALTIME_REDIS_PREFIX?.trim() || undefined,
      heartbeatMs: ms('REALTIME_CLUSTER_HEARTBEAT_MS'),
      nodeTimeoutMs: ms('REALTIME_CLUSTER_NODE_TIMEOUT_MS'),
    },
  }
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main(): Promise<void> {
  const env = process.env
  const app = {
    id: env.PUSHER_APP_ID || DEV_DEFAULTS.id,
    key: env.PUSHER_APP_KEY || DEV_DEFAULTS.key,
    secret: env.PUSHER_APP_SECRET || DEV_DEFAULTS.secret,
  }
  // Any spelling ("Production", " PRODUCTION ") means production, as for the API (docs/security.md).
  if (env.NODE_ENV?.trim().toLowerCase() === 'production') {
    const usesDefault =
      app.id === DEV_DEFAULTS.id ||
      app.key === DEV_DEFAULTS.key ||
      app.secret === DEV_DEFAULTS.secret
    if (usesDefault) {
      fail('realtime: refusing to start in production with the development PUSHER_APP_* defaults')
    }
  }
  const port = Number(env.PUSHER_PORT || 6001)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`realtime: bad PUSHER_PORT ${env.PUSHER_PORT}`)
  const host = env.PUSHER_HOST || env.HOST || '0.0.0.0'
  let trustProxy: TrustProxy
  try {
    trustProxy = trustProxyFromEnv(env.TRUST_PROXY)
  } catch (err) {
    fail(`realtime: ${(err as Error).message}`)
  }

  const workers = Number(env.REALTIME_WORKERS?.trim() || 1)
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    fail('realtime: REALTIME_WORKERS must be an integer from 1 to 64')
  }
  if (workers > 1 && isPrimaryProcess()) {
    // Workers only share what crosses Redis: without it each would be an island.
    if (!env.REDIS_URL?.trim()) fail('realtime: REALTIME_WORKERS needs REDIS_URL')
    return superviseWorkers(workers, logger)
  }

  const server = await startRealtimeServer({
    port,
    host,
    apps: [app],
    logger,
    trustProxy,
    // The show room's viewer count (decision 0061) needs it; REALTIME_SUBSCRIPTION_COUNT_MS=0 stops it.
    subscriptionCountIntervalMs: countIntervalFromEnv(env),
    // Comma-separated channel-name prefixes; Lotline's show rooms by default, `*` for every channel.
    subscriptionCountChannels: countChannelsFromEnv(env),
    ...limitsFromEnv(env),
    ...clusterFromEnv(env),
  })
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'realtime: shutting down')
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err: String(err) }, 'realtime: error during shutdown')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((err: unknown) => fail(`realtime: failed to start: ${String(err)}`))
