import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import type { Limit } from './lib/attempt-limiter.ts'
import { vapidProblems, type VapidKeys } from './lib/vapid.ts'
import { ANSWER_WAIT_MS } from './lib/first-screen-answers.ts'
import { DEFAULT_CURRENCY } from '../common/config.ts'

/**
 * Configuration from the environment, validated once at start. Every problem is reported together
 * with the variable's name, so a misconfigured deploy fails with one clear message.
 */
export interface Config {
  production: boolean
  port: number
  host: string
  /** Always starts and ends with '/'. */
  basePath: string
  dataDir: string
  /**
   * Lot pictures (UPLOADS_DIR, default DATA_DIR/uploads). Several nodes mount one shared directory
   * here, so every node serves every picture (decision 0034).
   */
  uploadsDir: string
  databaseUrl: string | undefined
  /**
   * Redis for what several nodes must share (docs/scaling.md): sign-in and upload limits, and the
   * real-time fan-out. Undefined: one node, everything in this process.
   */
  redisUrl: string | undefined
  /** GET /metrics needs `Authorization: Bearer <this>`; unset, only local mode serves it locally. */
  metricsToken: string | undefined
  /**
   * API_WORKERS: this many processes share PORT (and the embedded real-time service's port),
   * each a whole node (docs/scaling.md). Above 1 needs PostgreSQL and, with the embedded
   * real-time service, Redis.
   */
  apiWorkers: number
  /** REALTIME_REDIS_PREFIX: names the embedded service's Redis bus (several clusters, one Redis). */
  realtimeRedisPrefix: string | undefined
  /** How long the server waits at start for an unreachable PostgreSQL before exiting (0 = no wait). */
  databaseStartTimeoutSeconds: number
  /** A request (headers and body) must arrive whole within this, or it is answered 408. */
  requestTimeoutSeconds: number
  /** How long a page waits for its first screen's answers (decision 0039). */
  shellAnswerWaitMs: number
  appUrl: string | undefined
  currency: string
  sessionSecret: string
  logLevel: string
  /** `pretty`: one readable line per request (local mode's default); `json`: pino's lines. */
  logFormat: 'pretty' | 'json'
  /**
   * Which hops may tell the client's address (X-Forwarded-For) and scheme: false (none, the
   * default), the number of reverse proxies in front, or their addresses/CIDRs. Never "all".
   */
  trustProxy: false | number | string[]
  limits: {
    /** Failed sign-ins per client address and account. */
    signInPerAccount: Limit
    /** Failed sign-ins per client address, across accounts (password spraying). */
    signInPerAddress: Limit
    /** Registrations per client address. */
    signUpPerAddress: Limit
    /** Lots one member may list per window (each is broadcast to everyone on the lot list). */
    lotsPerMember: Limit
    /** Card top-ups one member may start per window (each creates a Stripe PaymentIntent). */
    topUpsPerMember: Limit
    /** Top-up status reads per member per window (each unsettled one asks Stripe once). */
    topUpReadsPerMember: Limit
  }
  /** Lot pictures one member may upload per window (a picture is up to 2 MB of disk). */
  uploads: { max: number; windowMinutes: number }
  /**
   * Lot pictures this process decodes at once (LOT_IMAGE_CONCURRENCY) and how many more may wait
   * (LOT_IMAGE_QUEUE); past that an upload gets 503 `pictures_busy` with Retry-After (decision 0047).
   */
  pictureWork: { running: number; waiting: number }
  pusher: {
    appId: string
    key: string
    secret: string
    /** Host the API publishes to and the browser connects to; undefined = embedded service. */
    host: string | undefined
    port: number
    scheme: 'http' | 'https'
    cluster: string
    embedded: boolean
  }
  /** Limits of the embedded real-time service (docs/security.md, "Real-time service"). */
  realtime: {
    maxConnections: number
    maxChannelsPerConnection: number
    maxMessageBytes: number
    maxBodyBytes: number
    bodyTimeoutMs: number
    maxConnectionsPerAddress: number
  }
  stripe: {
    secretKey: string | undefined
    publishableKey: string | undefined
    webhookSecret: string | undefined
    apiHost: string | undefined
    apiPort: number | undefined
    apiProtocol: 'http' | 'https' | undefined
  }
  /** Web Push (decision 0032). */
  push: {
    /** WEB_PUSH=off turns it off: no subscriptions, `push: null` in /api/config, nothing sent. */
    enabled: boolean
    /** From VAPID_*; undefined in local mode without them (a pair kept under DATA_DIR is used). */
    vapid: VapidKeys | undefined
    /** PUSH_ENDPOINT_HOSTS: push services allowed beside the public ones, as `host[:port]`. */
    endpointHosts: string[]
  }
}

export const DEV_DEFAULTS = {
  pusherAppId: 'lotline',
  pusherKey: 'lotline-key',
  pusherSecret: 'lotline-secret',
  sessionSecret: 'lotline-dev-session-secret-change-me',
} as const

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const str = (name: string) => {
    const value = env[name]?.trim()
    return value ? value : undefined
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return value
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name)
    if (raw === undefined) return fallback
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
      return fallback
    }
    return raw as T
  }

  const limit = (name: string, fallback: string): Limit => {
    const raw = str(name) ?? fallback
    const parsed = parseLimit(raw)
    if (!parsed) {
      problems.push(`${name} must look like 10/1m: attempts per 30s, 10m or 1h (got "${raw}")`)
      return parseLimit(fallback)!
    }
    return parsed
  }

  // Any spelling: "Production", " PRODUCTION " must not quietly run in local mode.
  const production = str('NODE_ENV')?.toLowerCase() === 'production'
  const basePath = normaliseBasePath(str('BASE_PATH') ?? '/')
  if (!/^\/([A-Za-z0-9._~-]+\/)*$/.test(basePath)) {
    problems.push(`BASE_PATH must be a URL path like / or /lotline/ (got "${str('BASE_PATH')}")`)
  }
  const currency = (str('CURRENCY') ?? DEFAULT_CURRENCY).toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) problems.push(`CURRENCY must be an ISO 4217 code like EUR`)

  const databaseUrl = str('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const dataDir = str('DATA_DIR') ?? './.data'
  const redisUrl = str('REDIS_URL')
  if (redisUrl && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    problems.push('REDIS_URL must start with redis:// or rediss://')
  }
  const metricsToken = str('METRICS_TOKEN')
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters')
  }
  const apiWorkers = int('API_WORKERS', 1, 1, 64)
  if (apiWorkers > 1 && !databaseUrl) {
    problems.push('API_WORKERS above 1 needs DATABASE_URL: PGlite is one process')
  }
  if (apiWorkers > 1 && !str('PUSHER_HOST') && !redisUrl) {
    problems.push(
      "API_WORKERS above 1 needs REDIS_URL: the workers' embedded real-time services share events through it",
    )
  }
  const appUrl = str('APP_URL')
  if (appUrl && !isHttpUrl(appUrl)) problems.push('APP_URL must be an http(s) URL')
  const trustProxy = parseTrustProxy(str('TRUST_PROXY'), problems)

  const pusherHost = str('PUSHER_HOST')
  const pusher = {
    appId: str('PUSHER_APP_ID') ?? DEV_DEFAULTS.pusherAppId,
    key: str('PUSHER_APP_KEY') ?? DEV_DEFAULTS.pusherKey,
    secret: str('PUSHER_APP_SECRET') ?? DEV_DEFAULTS.pusherSecret,
    host: pusherHost,
    port: int('PUSHER_PORT', 6001, 1, 65535),
    scheme: oneOf('PUSHER_SCHEME', ['http', 'https'] as const, 'http'),
    cluster: str('PUSHER_APP_CLUSTER') ?? 'mt1',
    embedded: pusherHost === undefined,
  }
  const realtime = {
    maxConnections: int('REALTIME_MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    maxChannelsPerConnection: int('REALTIME_MAX_CHANNELS_PER_CONNECTION', 100, 1, 10_000),
    maxMessageBytes: int('REALTIME_MAX_MESSAGE_BYTES', 10 * 1024, 1024, 1024 * 1024),
    maxBodyBytes: int('REALTIME_MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    bodyTimeoutMs: int('REALTIME_BODY_TIMEOUT_MS', 10_000, 100, 30_000),
    maxConnectionsPerAddress: int('REALTIME_MAX_CONNECTIONS_PER_ADDRESS', 50, 1, 1_000_000),
  }
  const stripe = {
    secretKey: str('STRIPE_SECRET_KEY'),
    publishableKey: str('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: str('STRIPE_WEBHOOK_SECRET'),
    apiHost: str('STRIPE_API_HOST'),
    apiPort: str('STRIPE_API_PORT') ? int('STRIPE_API_PORT', 443, 1, 65535) : undefined,
    apiProtocol: str('STRIPE_API_PROTOCOL')
      ? oneOf('STRIPE_API_PROTOCOL', ['http', 'https'] as const, 'https')
      : undefined,
  }
  if (Boolean(stripe.secretKey) !== Boolean(stripe.publishableKey)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together')
  }
  if (stripe.secretKey && !stripe.webhookSecret && production) {
    problems.push('STRIPE_WEBHOOK_SECRET is required in production when Stripe is configured')
  }

  const push = parsePush(str, oneOf, production, problems)

  const sessionSecret = str('SESSION_SECRET') ?? DEV_DEFAULTS.sessionSecret
  if (sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters')

  if (production) {
    const defaults: Array<[string, string, string]> = [
      ['SESSION_SECRET', sessionSecret, DEV_DEFAULTS.sessionSecret],
      ['PUSHER_APP_SECRET', pusher.secret, DEV_DEFAULTS.pusherSecret],
      ['PUSHER_APP_KEY', pusher.key, DEV_DEFAULTS.pusherKey],
    ]
    for (const [name, value, devDefault] of defaults) {
      if (value === devDefault) {
        problems.push(`${name} is the development default; production needs its own secret value`)
      }
    }
  }

  const config: Config = {
    production,
    port: int('PORT', 8000, 0, 65535),
    host: str('HOST') ?? '0.0.0.0',
    basePath,
    dataDir,
    uploadsDir: resolve(str('UPLOADS_DIR') ?? join(dataDir, 'uploads')),
    databaseUrl,
    redisUrl,
    metricsToken,
    apiWorkers,
    realtimeRedisPrefix: str('REALTIME_REDIS_PREFIX'),
    databaseStartTimeoutSeconds: int('DATABASE_START_TIMEOUT_SECONDS', 30, 0, 3600),
    requestTimeoutSeconds: int('REQUEST_TIMEOUT_SECONDS', 60, 1, 300),
    shellAnswerWaitMs: int('SHELL_ANSWER_WAIT_MS', ANSWER_WAIT_MS, 0, 10_000),
    appUrl,
    currency,
    sessionSecret,
    logLevel: str('LOG_LEVEL') ?? (production ? 'info' : 'info'),
    // Production's log is JSON whatever LOG_FORMAT says (decision 0026).
    logFormat: !production && str('LOG_FORMAT')?.toLowerCase() !== 'json' ? 'pretty' : 'json',
    trustProxy,
    limits: {
      signInPerAccount: limit('SIGNIN_LIMIT_PER_ACCOUNT', '10/1m'),
      signInPerAddress: limit('SIGNIN_LIMIT_PER_ADDRESS', '30/10m'),
      signUpPerAddress: limit('SIGNUP_LIMIT_PER_ADDRESS', '10/1h'),
      lotsPerMember: limit('LOT_CREATE_LIMIT_PER_MEMBER', '30/1h'),
      topUpsPerMember: limit('TOP_UP_LIMIT_PER_MEMBER', '20/1h'),
      topUpReadsPerMember: limit('TOP_UP_READ_LIMIT_PER_MEMBER', '120/1m'),
    },
    uploads: {
      max: int('LOT_IMAGE_UPLOAD_MAX', 20, 1, 100_000),
      windowMinutes: int('LOT_IMAGE_UPLOAD_WINDOW_MINUTES', 10, 1, 24 * 60),
    },
    pictureWork: {
      running: int('LOT_IMAGE_CONCURRENCY', 2, 1, 64),
      waiting: int('LOT_IMAGE_QUEUE', 6, 0, 1_000),
    },
    pusher,
    realtime,
    stripe,
    push,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/**
 * WEB_PUSH (on by default), the VAPID key pair and PUSH_ENDPOINT_HOSTS. Production with push on
 * needs all three VAPID_* (a generated pair would change with every deploy and every node, and the
 * push services would refuse our pushes to the subscriptions made with the old one); local mode
 * may leave them out and gets a pair kept under DATA_DIR (server/lib/vapid.ts).
 */
function parsePush(
  str: (name: string) => string | undefined,
  oneOf: <T extends string>(name: string, allowed: readonly T[], fallback: T) => T,
  production: boolean,
  problems: string[],
): Config['push'] {
  const enabled = oneOf('WEB_PUSH', ['on', 'off'] as const, 'on') === 'on'
  const names = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const
  const [publicKey, privateKey, subject] = names.map((name) => str(name))
  const endpointHosts: string[] = []
  for (const entry of (str('PUSH_ENDPOINT_HOSTS') ?? '').split(',')) {
    const host = entry.trim()
    if (!host) continue
    if (!isHostAndPort(host)) {
      problems.push(
        `PUSH_ENDPOINT_HOSTS must be host[:port] entries separated by commas, in lower case (not valid: "${host}")`,
      )
    } else endpointHosts.push(host)
  }
  if (!enabled) return { enabled, vapid: undefined, endpointHosts }
  const given = names.filter((_, i) => [publicKey, privateKey, subject][i] !== undefined)
  if (given.length === 0 && !production) return { enabled, vapid: undefined, endpointHosts }
  if (given.length < names.length) {
    const missing = names.filter((name) => !given.includes(name))
    problems.push(
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required ${production ? 'in production ' : ''}` +
        'with WEB_PUSH on (make a pair with `npx web-push generate-vapid-keys`, or set WEB_PUSH=off)',
    )
    return { enabled, vapid: undefined, endpointHosts }
  }
  const vapid = { publicKey: publicKey!, privateKey: privateKey!, subject: subject! }
  const bad = vapidProblems(vapid)
  problems.push(...bad)
  return { enabled, vapid: bad.length ? undefined : vapid, endpointHosts }
}

/** `push.example.com` or `127.0.0.1:8443`: a lower-case host name or IPv4 address, an optional port. */
function isHostAndPort(entry: string): boolean {
  const match = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/.exec(entry)
  if (!match) return false
  return match[2] === undefined || (Number(match[2]) >= 1 && Number(match[2]) <= 65535)
}

function normaliseBasePath(path: string): string {
  let result = path.startsWith('/') ? path : `/${path}`
  if (!result.endsWith('/')) result += '/'
  return result
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const

/** "10/1m" = at most 10 per minute. */
function parseLimit(raw: string): Limit | undefined {
  const match = /^(\d{1,6})\s*\/\s*(\d{1,4})\s*([smh])$/.exec(raw.trim())
  if (!match) return undefined
  const max = Number(match[1])
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS]
  return max >= 1 && windowMs > 0 ? { max, windowMs } : undefined
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: empty/false = no proxy; a number = that many proxies in front (the client is the
 * address the outermost one saw); a list = the proxies' addresses or CIDRs. `true` ("trust every
 * hop") is refused: any client could then name its own address in X-Forwarded-For and reset
 * every per-address limit (decision 0016).
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || raw.toLowerCase() === 'false' || raw === '0') return false
  if (raw.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would trust every hop, so any client could forge its address in ' +
        'X-Forwarded-For; set the number of reverse proxies in front (e.g. TRUST_PROXY=1) or ' +
        'their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    )
    return false
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops <= 10) return hops
    problems.push(`TRUST_PROXY must be a number of proxies from 0 to 10 (got "${raw}")`)
    return false
  }
  const entries = raw.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxies, or proxy addresses/CIDRs separated by ` +
        `commas (not valid: ${bad.map((entry) => `"${entry}"`).join(', ')})`,
    )
    return false
  }
  return entries
}
