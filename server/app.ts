import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import { constants as zlib } from 'node:zlib'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DestinationStream } from 'pino'
import type { Config } from './config.ts'
import type { Database } from './db/types.ts'
import { Broadcaster } from './lib/broadcaster.ts'
import { createStripe } from './lib/stripe.ts'
import type Stripe from 'stripe'
import rateLimit from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { FanOutFeed, RealtimeGauges } from './plugins/metrics.ts'
import { REDACT_PATHS, serializeError, serializeRequest } from './lib/log-redaction.ts'
import { logOneLinePerRequest, readableLogStream } from './lib/local-log.ts'
import { answerClientError } from './lib/client-error.ts'
import { AppError } from './lib/problem.ts'
import { publicHostName } from './lib/public-host.ts'
import errorHandler, { frameworkErrors } from './plugins/error-handler.ts'
import input, { INPUT_FORMATS } from './plugins/input.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import socketId from './plugins/socket-id.ts'
import { localVapidKeys, type VapidKeys } from './lib/vapid.ts'
import { mailOutbox } from './mail/outbox.ts'
import { alertMailer } from './mail/alerts/mailer.ts'
import { registerRoutes } from './app-routes.ts'

/** How long an idle keep-alive connection is kept (Fastify's own default). */
export const KEEP_ALIVE_MS = 72_000

export interface AppDependencies {
  config: Config
  db: Database
  /** Built client to serve; omitted in API-only tests. */
  distDir?: string
  /** Logger on (JSON lines) or off (tests). */
  logger?: boolean
  /** Where log lines go (default stdout); tests read them. */
  logStream?: DestinationStream
  healthChecks?: Record<string, () => Promise<boolean>>
  /** Publishes through the `pusher` SDK; built from config when not given. */
  broadcaster?: Broadcaster
  /** The Stripe SDK; built from config when not given (null = card payments off). */
  stripe?: Stripe | null
  /**
   * The VAPID key pair (decision 0032); from `pushKeysOf(config)` when not given, null when push
   * is off.
   */
  vapid?: VapidKeys | null
  /** Told of every route as it is added (the fuzz suite enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void
  /**
   * Redis shared by every API node (REDIS_URL, opened by main.ts): sign-in, registration, upload,
   * listing and top-up limits count across nodes. Omitted: each count is this process's own.
   */
  redis?: Redis
  /** The embedded real-time service's counts on this node, for GET /metrics. */
  realtimeStats?: () => RealtimeGauges | undefined
  /** The embedded real-time service's fan-out timings, for GET /metrics. */
  realtimeFanOuts?: FanOutFeed
  /** This node's mail worker's sends and failures since start, for GET /metrics. */
  mailSends?: () => { sent: number; failed: number } | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcaster: Broadcaster
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A plain number would make Fastify trust no hop at all (it
 * fails closed), so N proxies become "the N nearest hops": the client is the address the
 * outermost proxy saw, and whatever a client wrote further left in X-Forwarded-For is ignored.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust
  return (_address: string, hop: number) => hop < trust
}

/**
 * The VAPID key pair push runs with: VAPID_* when set (production must set them, server/config.ts),
 * else local mode's pair kept under DATA_DIR; null when WEB_PUSH=off.
 */
export function pushKeysOf(config: Config): VapidKeys | null {
  if (!config.push.enabled) return null
  return config.push.vapid ?? localVapidKeys(config.dataDir)
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps
  const vapid = deps.vapid !== undefined ? deps.vapid : pushKeysOf(config)
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest, err: serializeError },
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            ...(deps.logStream
              ? { stream: deps.logStream }
              : config.logFormat === 'pretty'
                ? { stream: readableLogStream() }
                : {}),
          },
    // Local mode: one line per request, written by `logOneLinePerRequest` (decision 0026).
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    // A request whose headers or body trickle in (or never come) holds a socket: Node's default
    // is 5 minutes, checked every 30 s; ours answers 408 after REQUEST_TIMEOUT_SECONDS, checked
    // every second (docs/security.md).
    //
    // An idle keep-alive connection stays open 72 s (what Fastify's own server keeps; Node's is
    // 5 s): a client or a proxy that reuses a connection it holds for longer than the server
    // (browsers, load balancers at 60 s) otherwise meets a reset on a request the server closed
    // under it — seen as ECONNRESET on the browser suite's API calls after a 5 s wait.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: config.requestTimeoutSeconds * 1000,
          headersTimeout: config.requestTimeoutSeconds * 1000,
          connectionsCheckingInterval: 1000,
          keepAliveTimeout: KEEP_ALIVE_MS,
        },
        handler,
      ),
    // Strict input: no silent type coercion of JSON bodies, every schema error reported.
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: true,
        formats: INPUT_FORMATS,
      },
    },
    frameworkErrors,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>()
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  if (config.logFormat === 'pretty') logOneLinePerRequest(app)

  const broadcaster = deps.broadcaster ?? new Broadcaster(config.pusher, app.log)
  app.decorate('broadcaster', broadcaster)
  const stripe = deps.stripe !== undefined ? deps.stripe : createStripe(config.stripe)
  // Where mails are written (decision 0054), and the alert mails' signer (docs/product.md).
  const mail = mailOutbox(config)
  const alerts = alertMailer(config, mail)
  const payments = { db, stripe, broadcaster, currency: config.currency, alerts }
  const uploadsDir = config.uploadsDir
  mkdirSync(uploadsDir, { recursive: true })

  await app.register(errorHandler)
  await app.register(input)
  await app.register(security)
  // The browser's WebSocket to the real-time host (the page's own host for the embedded service).
  app.csp.connect = (request) => {
    const scheme = config.pusher.scheme === 'https' ? 'wss' : 'ws'
    const host = config.pusher.host ?? publicHostName(config, request)
    const stripeApi = stripe ? ['https://api.stripe.com'] : []
    // No valid host: no real-time source at all rather than a header the client wrote.
    const realtime = host ? [`${scheme}://${host}:${config.pusher.port}`] : []
    return [...realtime, ...stripeApi]
  }
  if (stripe) {
    // Stripe.js and its frames (Payment Element, 3-D Secure), and nothing else of Stripe's.
    app.csp.script.push('https://js.stripe.com', 'https://*.js.stripe.com')
    app.csp.frame.push(
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    )
  }
  await app.register(socketId)
  // Text answers over 1 KB (API JSON, problem+json, the app shell) compressed by Accept-Encoding,
  // brotli at a fast level; the build's assets come precompressed (plugins/static.ts, decision 0029)
  // and an answer that already has a Content-Encoding is left alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
  await app.register(cookie)
  // Per-route limits that count every request (lot picture uploads, keyed per member by the route);
  // sign-in and registration count failures with their own limiter (routes/auth/limits.ts).
  // Counted at onRequest, before the body is read: a request over its limit costs no upload.
  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    // Shared by the nodes when Redis is configured. Redis down: requests pass rather than fail
    // (the size and per-lot caps still bound what an upload can store; docs/scaling.md).
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'lotline:limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  })
  await app.register(session, { config, db })

  await registerRoutes(app, deps, { broadcaster, payments, uploadsDir, vapid, mail })
  return app
}
