import { join, resolve } from 'node:path'
import type { Limit } from './lib/attempt-limiter.ts'
import { envReader, type Env } from './config/env-reader.ts'
import { parsePush, type PushConfig } from './config/push.ts'
import { parseMail, type MailConfig } from './config/mail.ts'
import { parseMoneyOut, type MoneyOutConfig } from './config/money-out.ts'
import { parseSales, type SalesConfig } from './config/sales.ts'
import { parseTrustProxy } from './config/trust-proxy.ts'
import { ANSWER_WAIT_MS } from './lib/first-screen-answers.ts'
import { PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE } from './lib/passwords.ts'
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
    /** Password reset requests per e-mail address asked about (any client). */
    passwordResetPerAccount: Limit
    /** Password reset requests per client address, across e-mail addresses. */
    passwordResetPerAddress: Limit
    /** Lots one member may list per window (each is broadcast to everyone on the lot list). */
    lotsPerMember: Limit
    /** Card top-ups one member may start per window (each creates a Stripe PaymentIntent). */
    topUpsPerMember: Limit
    /** Top-up status reads per member per window (each unsettled one asks Stripe once). */
    topUpReadsPerMember: Limit
    /** Messages one member may send in order threads per window (each may notify and push). */
    orderMessagesPerMember: Limit
    /** Payout and withdrawal requests per member (decision 0053). */
    moneyOutPerMember: Limit
  }
  /** scrypt's cost (log2 N) for new password hashes; below 15 only outside production. */
  passwordHashCost: number
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
    /** The show room's viewer count (pusher:subscription_count), at most this often; 0 off. */
    subscriptionCountIntervalMs: number
  }
  stripe: {
    secretKey: string | undefined
    publishableKey: string | undefined
    webhookSecret: string | undefined
    /** Connect events (payout accounts) come signed with their endpoint's own secret. */
    connectWebhookSecret: string | undefined
    apiHost: string | undefined
    apiPort: number | undefined
    apiProtocol: 'http' | 'https' | undefined
  }
  /** Web Push (decision 0032). */
  push: PushConfig
  /** Fees and order deadlines (decision 0051). */
  sales: SalesConfig
  /** Payouts, withdrawals and local mode's demo credit (decision 0053). */
  moneyOut: MoneyOutConfig
  /** E-mail: SMTP, local mode's outbox at /dev/mail, or off (decision 0054). */
  mail: MailConfig
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

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const read = envReader(env, problems)
  const { str, int, oneOf, limit } = read

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
    subscriptionCountIntervalMs: int('REALTIME_SUBSCRIPTION_COUNT_MS', 3000, 0, 60_000),
  }
  const stripe = {
    secretKey: str('STRIPE_SECRET_KEY'),
    publishableKey: str('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: str('STRIPE_WEBHOOK_SECRET'),
    connectWebhookSecret: str('STRIPE_CONNECT_WEBHOOK_SECRET'),
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

  const push = parsePush(read, production, problems)
  const sales = parseSales(read, production, problems)
  const moneyOut = parseMoneyOut(
    read,
    { production, stripeConfigured: Boolean(stripe.secretKey), currency },
    problems,
  )
  const mail = parseMail(read, { production, appUrl }, problems)

  const { min, max } = PASSWORD_HASH_COST_RANGE
  const passwordHashCost = int('PASSWORD_HASH_COST', PASSWORD_HASH_COST, min, max)
  if (production && passwordHashCost < PASSWORD_HASH_COST) {
    problems.push(
      `PASSWORD_HASH_COST below ${PASSWORD_HASH_COST} is for tests; production needs at least ${PASSWORD_HASH_COST}`,
    )
  }

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
      passwordResetPerAccount: limit('PASSWORD_RESET_LIMIT_PER_ACCOUNT', '5/1h'),
      passwordResetPerAddress: limit('PASSWORD_RESET_LIMIT_PER_ADDRESS', '20/1h'),
      lotsPerMember: limit('LOT_CREATE_LIMIT_PER_MEMBER', '30/1h'),
      topUpsPerMember: limit('TOP_UP_LIMIT_PER_MEMBER', '20/1h'),
      topUpReadsPerMember: limit('TOP_UP_READ_LIMIT_PER_MEMBER', '120/1m'),
      orderMessagesPerMember: limit('ORDER_MESSAGE_LIMIT_PER_MEMBER', '20/1m'),
      moneyOutPerMember: limit('MONEY_OUT_LIMIT_PER_MEMBER', '10/1h'),
    },
    passwordHashCost,
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
    sales,
    moneyOut,
    mail,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

function normaliseBasePath(path: string): string {
  let result = path.startsWith('/') ? path : `/${path}`
  if (!result.endsWith('/')) result += '/'
  return result
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
