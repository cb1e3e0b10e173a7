import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Database } from './db/types.ts'
import { Broadcaster } from './lib/broadcaster.ts'
import { createStripe } from './lib/stripe.ts'
import type Stripe from 'stripe'
import { AppError } from './lib/problem.ts'
import errorHandler from './plugins/error-handler.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import socketId from './plugins/socket-id.ts'
import staticFiles from './plugins/static.ts'
import authRoutes from './routes/auth/index.ts'
import broadcastingRoutes from './routes/broadcasting/index.ts'
import adminRoutes from './routes/admin/index.ts'
import ledgerRoutes from './routes/ledger/index.ts'
import stripeWebhookRoutes from './routes/stripe/index.ts'
import topUpRoutes from './routes/top-ups/index.ts'
import configRoutes from './routes/config/index.ts'
import healthRoutes from './routes/health/index.ts'
import lotRoutes from './routes/lots/index.ts'
import lotImageRoutes from './routes/lot-images/index.ts'
import notificationRoutes from './routes/notifications/index.ts'
import walletRoutes from './routes/wallet/index.ts'
import watchlistRoutes from './routes/watchlist/index.ts'

export interface AppDependencies {
  config: Config
  db: Database
  /** Built client to serve; omitted in API-only tests. */
  distDir?: string
  /** Logger on (JSON lines) or off (tests). */
  logger?: boolean
  healthChecks?: Record<string, () => Promise<boolean>>
  /** Publishes through the `pusher` SDK; built from config when not given. */
  broadcaster?: Broadcaster
  /** The Stripe SDK; built from config when not given (null = card payments off). */
  stripe?: Stripe | null
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcaster: Broadcaster
  }
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Strict input: no silent type coercion of JSON bodies, every schema error reported.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const broadcaster = deps.broadcaster ?? new Broadcaster(config.pusher, app.log)
  app.decorate('broadcaster', broadcaster)
  const stripe = deps.stripe !== undefined ? deps.stripe : createStripe(config.stripe)
  const payments = { db, stripe, broadcaster, currency: config.currency }
  const uploadsDir = resolve(config.dataDir, 'uploads')
  mkdirSync(uploadsDir, { recursive: true })

  await app.register(errorHandler)
  await app.register(security, { config })
  // The browser's WebSocket to the real-time host (the page's own host for the embedded service).
  app.csp.connect = (request) => {
    const scheme = config.pusher.scheme === 'https' ? 'wss' : 'ws'
    const host = config.pusher.host ?? request.hostname.replace(/:\d+$/, '')
    const stripeApi = stripe ? ['https://api.stripe.com'] : []
    return [`${scheme}://${host}:${config.pusher.port}`, ...stripeApi]
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
  await app.register(cookie)
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email
      return typeof email === 'string' ? `${request.ip}|${email.toLowerCase()}` : request.ip
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  })
  await app.register(session, { config, db })

  const prefix = config.basePath.replace(/\/$/, '')
  await app.register(
    async (scoped) => {
      await scoped.register(healthRoutes, { db, checks: deps.healthChecks ?? {} })
      await scoped.register(
        async (api) => {
          await api.register(configRoutes, { config })
          await api.register(authRoutes, {
            db,
            // Signing out also closes that user's real-time connections (DESIGN §3).
            onSignOut: (userId) => broadcaster.terminateUserConnections(userId),
          })
          await api.register(lotRoutes, { db, currency: config.currency })
          await api.register(lotImageRoutes, { db, uploadsDir })
          await api.register(watchlistRoutes, { db })
          await api.register(notificationRoutes, { db })
          await api.register(walletRoutes, { db, currency: config.currency })
          await api.register(ledgerRoutes, { db })
          await api.register(topUpRoutes, payments)
          await api.register(stripeWebhookRoutes, {
            ...payments,
            webhookSecret: config.stripe.webhookSecret,
          })
          await api.register(adminRoutes, { db, broadcaster, currency: config.currency })
        },
        { prefix: '/api' },
      )
      await scoped.register(broadcastingRoutes, { db, broadcaster, prefix: '/broadcasting' })
    },
    { prefix },
  )

  await app.register(staticFiles, { config, distDir: deps.distDir, uploadsDir })
  return app
}
