import { compileTrust, type TrustProxy } from './client-address.ts'
import { readOpenFileLimit } from './fd-limit.ts'

/**
 * Public option types and their defaults. Defaults follow Pusher Channels' documented limits so
 * that code developed against this service keeps working on the hosted product.
 */

export interface RealtimeApp {
  id: string
  key: string
  secret: string
  /**
   * Allow `client-*` events on private/presence channels (Pusher: per-app setting). Default false:
   * Lotline sends none, and each one is a message a browser can push to every other subscriber.
   */
  enableClientEvents?: boolean
}

/** Runs this node as one of several sharing Redis (cluster-link.ts). */
export interface ClusterOptions {
  /** `redis://…` of the Redis every node of the cluster uses. */
  redisUrl: string
  /** Names the bus channel, so several clusters (or test runs) can share one Redis. Default `lotline:rt`. */
  prefix?: string
  /** How often a node says it is alive. Default 5000 ms. */
  heartbeatMs?: number
  /** A node silent this long is dead: its members leave. Default 15000 ms (so gone within 20 s). */
  nodeTimeoutMs?: number
}

/** pino-compatible: `logger.info({ ...fields }, 'message')`. */
export interface RealtimeLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface RealtimeServerOptions {
  /** TCP port for both WebSocket (`/app/{key}`) and HTTP API (`/apps/{id}/...`). 0 = any free port. */
  port: number
  /** Bind address. Default `0.0.0.0`. */
  host?: string
  apps: RealtimeApp[]
  logger?: RealtimeLogger
  /** Sent to clients in the handshake; also the server's idle threshold before it pings. Default 120. */
  activityTimeoutSeconds?: number
  /** After the server pings an idle socket, how long it waits before closing with 4201. Default 30. */
  pongTimeoutSeconds?: number
  /** How often the idle sweep runs. Default min(5 s, activity timeout / 2). */
  sweepIntervalMs?: number
  /** Per-socket client-event budget (token bucket refilled per second). Default 10. */
  maxClientEventsPerSecond?: number
  /** Distinct users per presence channel. Default 100 (Pusher). */
  maxPresenceMembers?: number
  /** Largest accepted inbound frame and event `data`, in bytes. Default 10 KB (Pusher). */
  maxMessageBytes?: number
  /** Concurrent sockets per app; beyond it new sockets are closed with 4100. Default unlimited. */
  maxConnectionsPerApp?: number
  /**
   * Concurrent sockets across all apps; beyond it new sockets are closed with 4100. Default 10000,
   * lowered at start to keep descriptors for the rest of the process (fd-limit.ts).
   */
  maxConnections?: number
  /** Concurrent sockets from one client address (IPv6: one /64); beyond it 4100. Default 50. */
  maxConnectionsPerAddress?: number
  /**
   * Whom to believe about the client address (client-address.ts; the API's TRUST_PROXY rule):
   * `false` (default) the peer, a number of proxies in front, or the proxies' addresses/CIDRs.
   */
  trustProxy?: TrustProxy
  /**
   * The soft limit on open files, when known; by default read from /proc/self/limits (Linux).
   * `null`: unknown, so `maxConnections` stands as configured.
   */
  openFileLimit?: number | null
  /**
   * Per-socket budget for `pusher:subscribe`, `pusher:unsubscribe` and `pusher:ping` (token
   * bucket): this many at once (a reconnect re-subscribes every channel in one burst)…
   */
  maxControlMessageBurst?: number
  /** …refilled at this rate. Past it 4301; another burst's worth refused closes with 4302. Default 10/s. */
  maxControlMessagesPerSecond?: number
  /**
   * A presence member whose last socket leaves stays listed this long; rejoining meanwhile (churn,
   * a quick reconnect) shows the room nothing. 0 = member_removed at once. Default 1000 ms.
   */
  presenceLeaveWindowMs?: number
  /** Channels one socket may be subscribed to; beyond it the subscription is refused. Default 100. */
  maxChannelsPerConnection?: number
  /**
   * Send public and private channels' sockets `pusher_internal:subscription_count` (Pusher's
   * subscription-count feature), at most once per this many ms per channel and only when the
   * count changed (subscription-counts.ts). 0 = off (default, as on Pusher until an app enables it).
   */
  subscriptionCountIntervalMs?: number
  /**
   * Only channels whose names start with one of these get counts (Lotline: `show.`, the show
   * room's viewers); default every public and private channel, as Pusher's app-wide setting.
   */
  subscriptionCountChannels?: string[]
  /** Largest HTTP API request body; larger ones get 413 (refused unread when declared). Default 1 MB. */
  maxBodyBytes?: number
  /** Time allowed for an HTTP API request body to arrive once the request is accepted. Default 10 s, at most 30 s. */
  bodyTimeoutMs?: number
  /** `auth_timestamp` tolerance for signed HTTP requests. Default 600 s (Pusher). */
  timestampToleranceSeconds?: number
  /**
   * On close(): how long the port stays open after the 4200 frames (reconnect attempts meanwhile
   * get 4100 = retry in 1 s) before remaining sockets are cut. Default 1000 ms.
   */
  shutdownGraceMs?: number
  /** A socket whose unsent buffer exceeds this is closed with 4100 (slow consumer). Default 4 MB. */
  maxBufferedBytes?: number
  /**
   * Join other nodes through Redis (cluster-link.ts): publishes, presence, channel queries and
   * user terminations then span every node. Without it the node stands alone.
   */
  cluster?: ClusterOptions
  /**
   * Told after each fan-out how long it took (the last socket's wait, to the end of the turn when
   * its writes leave) and to how many sockets:
   * the host's delivery-latency metric (GET /metrics in the app).
   */
  onFanOut?: (seconds: number, sockets: number) => void
}

export type ResolvedOptions = Required<
  Omit<
    RealtimeServerOptions,
    'logger' | 'cluster' | 'onFanOut' | 'openFileLimit' | 'subscriptionCountChannels'
  >
> & {
  subscriptionCountChannels: string[] | undefined
  openFileLimit: number | undefined
  logger: RealtimeLogger
  cluster: ClusterOptions | undefined
  onFanOut: ((seconds: number, sockets: number) => void) | undefined
}

const noop = () => {}
export const silentLogger: RealtimeLogger = { info: noop, warn: noop, error: noop }

export const MAX_BODY_TIMEOUT_MS = 30_000

function positiveInt(name: string, value: number): number {
  if (!(Number.isInteger(value) && value > 0) && value !== Number.POSITIVE_INFINITY) {
    throw new Error(`startRealtimeServer: ${name} must be a positive integer (got ${value})`)
  }
  return value
}

function nonNegativeInt(name: string, value: number): number {
  if (!(Number.isInteger(value) && value >= 0)) {
    throw new Error(
      `startRealtimeServer: ${name} must be a whole number of at least 0 (got ${value})`,
    )
  }
  return value
}

/** A bad proxy entry must stop the start, not every connection. */
function checkedTrust(trust: TrustProxy): TrustProxy {
  if (trust !== false && typeof trust !== 'number') compileTrust(trust)
  else if (typeof trust === 'number' && !(Number.isInteger(trust) && trust >= 0)) {
    throw new Error(`startRealtimeServer: trustProxy must be false, a number of proxies or a list`)
  }
  return trust
}

export function resolveOptions(options: RealtimeServerOptions): ResolvedOptions {
  if (!Array.isArray(options.apps) || options.apps.length === 0) {
    throw new Error('startRealtimeServer: at least one app {id, key, secret} is required')
  }
  for (const app of options.apps) {
    if (!app.id || !app.key || !app.secret) {
      throw new Error('startRealtimeServer: every app needs a non-empty id, key and secret')
    }
  }
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120
  if (!(activityTimeoutSeconds > 0)) {
    // pusher-js refuses a handshake whose activity_timeout is missing or zero.
    throw new Error('startRealtimeServer: activityTimeoutSeconds must be > 0')
  }
  const bodyTimeoutMs = positiveInt('bodyTimeoutMs', options.bodyTimeoutMs ?? 10_000)
  if (bodyTimeoutMs > MAX_BODY_TIMEOUT_MS) {
    throw new Error(`startRealtimeServer: bodyTimeoutMs must be at most ${MAX_BODY_TIMEOUT_MS}`)
  }
  return {
    port: options.port,
    host: options.host ?? '0.0.0.0',
    apps: options.apps,
    logger: options.logger ?? silentLogger,
    activityTimeoutSeconds,
    pongTimeoutSeconds: options.pongTimeoutSeconds ?? 30,
    sweepIntervalMs:
      options.sweepIntervalMs ?? Math.min(5000, Math.max(50, (activityTimeoutSeconds * 1000) / 2)),
    maxClientEventsPerSecond: options.maxClientEventsPerSecond ?? 10,
    maxPresenceMembers: options.maxPresenceMembers ?? 100,
    maxMessageBytes: positiveInt('maxMessageBytes', options.maxMessageBytes ?? 10 * 1024),
    maxConnectionsPerApp: positiveInt(
      'maxConnectionsPerApp',
      options.maxConnectionsPerApp ?? Number.POSITIVE_INFINITY,
    ),
    maxConnections: positiveInt('maxConnections', options.maxConnections ?? 10_000),
    maxConnectionsPerAddress: positiveInt(
      'maxConnectionsPerAddress',
      options.maxConnectionsPerAddress ?? 50,
    ),
    trustProxy: checkedTrust(options.trustProxy ?? false),
    openFileLimit:
      options.openFileLimit === undefined
        ? readOpenFileLimit()
        : (options.openFileLimit ?? undefined),
    maxControlMessageBurst: positiveInt(
      'maxControlMessageBurst',
      options.maxControlMessageBurst ?? 200,
    ),
    maxControlMessagesPerSecond: positiveInt(
      'maxControlMessagesPerSecond',
      options.maxControlMessagesPerSecond ?? 10,
    ),
    presenceLeaveWindowMs: nonNegativeInt(
      'presenceLeaveWindowMs',
      options.presenceLeaveWindowMs ?? 1000,
    ),
    maxChannelsPerConnection: positiveInt(
      'maxChannelsPerConnection',
      options.maxChannelsPerConnection ?? 100,
    ),
    subscriptionCountIntervalMs: nonNegativeInt(
      'subscriptionCountIntervalMs',
      options.subscriptionCountIntervalMs ?? 0,
    ),
    maxBodyBytes: positiveInt('maxBodyBytes', options.maxBodyBytes ?? 1024 * 1024),
    bodyTimeoutMs,
    timestampToleranceSeconds: options.timestampToleranceSeconds ?? 600,
    shutdownGraceMs: options.shutdownGraceMs ?? 1000,
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
    cluster: options.cluster,
    onFanOut: options.onFanOut,
    subscriptionCountChannels: options.subscriptionCountChannels,
  }
}
