import { mkdirSync, readFileSync } from 'node:fs'
import { createServer, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import Fastify, {
  LogController,
  type ConnectionError,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import { constants as zlib } from 'node:zlib'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { DestinationStream } from 'pino'
import type { Config } from './config.ts'
import type { Database } from './db/types.ts'
import { Broadcaster } from './lib/broadcaster.ts'
import { createStripe } from './lib/stripe.ts'
import type Stripe from 'stripe'
import rateLimit from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import metrics, { type FanOutFeed, type RealtimeGauges } from './plugins/metrics.ts'
import { REDACT_PATHS, serializeError, serializeRequest } from './lib/log-redaction.ts'
import { logOneLinePerRequest, readableLogStream } from './lib/local-log.ts'
import { PROBLEM_CONTENT_TYPE } from '../common/errors.ts'
import { isServerPath } from '../common/wire.ts'
import { AppError, toProblem } from './lib/problem.ts'
import { publicHostName } from './lib/public-host.ts'
import errorHandler, { frameworkErrors } from './plugins/error-handler.ts'
import input, { INPUT_FORMATS } from './plugins/input.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import socketId from './plugins/socket-id.ts'
import staticFiles from './plugins/static.ts'
import { firstPictureFinder } from './routes/lots/first-picture.ts'
import { PictureQueue } from './lib/picture-queue.ts'
import { firstScreenAnswerer } from './lib/first-screen-answers.ts'
import authRoutes from './routes/auth/index.ts'
import { attemptCounters, createAuthLimits } from './routes/auth/limits.ts'
import broadcastingRoutes from './routes/broadcasting/index.ts'
import adminRoutes from './routes/admin/index.ts'
import endingRoutes from './routes/ending/index.ts'
import ledgerRoutes from './routes/ledger/index.ts'
import stripeWebhookRoutes from './routes/stripe/index.ts'
import topUpRoutes from './routes/top-ups/index.ts'
import configRoutes from './routes/config/index.ts'
import healthRoutes from './routes/health/index.ts'
import lotRoutes from './routes/lots/index.ts'
import lotImageRoutes from './routes/lot-images/index.ts'
import notificationRoutes from './routes/notifications/index.ts'
import pushRoutes from './routes/push/index.ts'
import { localVapidKeys, type VapidKeys } from './lib/vapid.ts'
import walletRoutes from './routes/wallet/index.ts'
import watchlistRoutes from './routes/watchlist/index.ts'

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

/** The app's version, as the OpenAPI document states it. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

/**
 * What Node could not parse as HTTP never reaches a route or Fastify's error handling (a bad
 * request line, header fields over Node's limit, a bad Content-Length, a request that did not
 * arrive within REQUEST_TIMEOUT_SECONDS): it is answered here, as problem+json like every other
 * error, and the connection is closed (the stream can no longer be trusted). Given to Fastify as
 * `clientErrorHandler`.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset connection (or one already gone) has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request header fields are too large.']
        : [400, 'The request is not valid HTTP.']
  const reason = STATUS_CODES[status] ?? 'Error'
  if (socket.writable) {
    const body = JSON.stringify({ ...toProblem(status, 'bad_request', detail), title: reason })
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy()
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
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: config.requestTimeoutSeconds * 1000,
          headersTimeout: config.requestTimeoutSeconds * 1000,
          connectionsCheckingInterval: 1000,
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
  const payments = { db, stripe, broadcaster, currency: config.currency }
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

  const prefix = config.basePath.replace(/\/$/, '')
  // The OpenAPI document of every route registered from here on that the server owns (the API,
  // real-time authorization, health), built from the routes' own schemas; the app shell is not in
  // it. Served at GET /api/openapi.json (below).
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lotline API',
        version: VERSION,
        description: 'Errors are application/problem+json (RFC 9457) with a stable `code`.',
      },
    },
    transform: ({ schema, url }) => ({
      schema: isServerPath(url.slice(prefix.length + 1)) ? schema : { ...schema, hide: true },
      url,
    }),
  })
  await app.register(
    async (scoped) => {
      await scoped.register(healthRoutes, { db, checks: deps.healthChecks ?? {} })
      await scoped.register(metrics, {
        db,
        broadcaster,
        token: config.metricsToken,
        production: config.production,
        realtime: deps.realtimeStats,
        realtimeFanOuts: deps.realtimeFanOuts,
        redis: deps.redis,
      })
      await scoped.register(
        async (api) => {
          api.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
            void reply.header('Cache-Control', 'no-store')
            return app.swagger()
          })
          await api.register(configRoutes, { config, pushPublicKey: vapid?.publicKey ?? null })
          await api.register(authRoutes, {
            db,
            limits: createAuthLimits(config.limits, attemptCounters(deps.redis, app.log)),
            // Signing out also closes that user's real-time connections (docs/product.md §3).
            onSignOut: (userId) => broadcaster.terminateUserConnections(userId),
          })
          await api.register(lotRoutes, {
            db,
            currency: config.currency,
            createLimit: config.limits.lotsPerMember,
          })
          await api.register(lotImageRoutes, {
            db,
            uploadsDir,
            limit: config.uploads,
            pictureQueue: new PictureQueue(config.pictureWork),
          })
          await api.register(watchlistRoutes, { db })
          await api.register(notificationRoutes, { db })
          await api.register(pushRoutes, {
            db,
            enabled: vapid !== null,
            allowedHosts: config.push.endpointHosts,
          })
          await api.register(walletRoutes, { db, currency: config.currency })
          await api.register(ledgerRoutes, { db })
          await api.register(endingRoutes, { db })
          await api.register(topUpRoutes, {
            ...payments,
            startLimit: config.limits.topUpsPerMember,
            readLimit: config.limits.topUpReadsPerMember,
          })
          await api.register(stripeWebhookRoutes, {
            ...payments,
            webhookSecret: config.stripe.webhookSecret,
          })
          await api.register(adminRoutes, payments)
        },
        { prefix: '/api' },
      )
      await scoped.register(broadcastingRoutes, { db, broadcaster, prefix: '/broadcasting' })
    },
    { prefix },
  )

  await app.register(staticFiles, {
    config,
    distDir: deps.distDir,
    uploadsDir,
    firstPicture: firstPictureFinder(db),
    firstScreenAnswers: firstScreenAnswerer(app, config.basePath, config.shellAnswerWaitMs),
  })
  return app
}
