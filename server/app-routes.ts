import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import type Stripe from 'stripe'
import { isServerPath } from '../common/wire.ts'
import type { AppDependencies } from './app.ts'
import type { Broadcaster } from './lib/broadcaster.ts'
import { firstScreenAnswerer } from './lib/first-screen-answers.ts'
import { PictureQueue } from './lib/picture-queue.ts'
import type { VapidKeys } from './lib/vapid.ts'
import metrics from './plugins/metrics.ts'
import staticFiles from './plugins/static.ts'
import addressRoutes from './routes/addresses/index.ts'
import adminRoutes from './routes/admin/index.ts'
import adminOrderRoutes from './routes/admin/orders.ts'
import adminFeeRoutes from './routes/admin/fees.ts'
import adminPayoutRoutes from './routes/admin/payouts.ts'
import adminRatingRoutes from './routes/admin/ratings.ts'
import adminWithdrawalRoutes from './routes/admin/withdrawals.ts'
import adminMailRoutes from './routes/admin/mail.ts'
import authRoutes from './routes/auth/index.ts'
import { attemptCounters, createAuthLimits } from './routes/auth/limits.ts'
import broadcastingRoutes from './routes/broadcasting/index.ts'
import configRoutes from './routes/config/index.ts'
import devMailRoutes from './routes/dev-mail/index.ts'
import endingRoutes from './routes/ending/index.ts'
import healthRoutes from './routes/health/index.ts'
import ledgerRoutes from './routes/ledger/index.ts'
import lotImageRoutes from './routes/lot-images/index.ts'
import { firstPictureFinder } from './routes/lots/first-picture.ts'
import lotRoutes from './routes/lots/index.ts'
import notificationRoutes from './routes/notifications/index.ts'
import orderRoutes from './routes/orders/index.ts'
import orderMessageRoutes from './routes/orders/messages.ts'
import payoutRoutes from './routes/payouts/index.ts'
import pushRoutes from './routes/push/index.ts'
import ratingRoutes from './routes/ratings/index.ts'
import sellerRoutes from './routes/sellers/index.ts'
import showRoutes from './routes/shows/index.ts'
import stripeWebhookRoutes from './routes/stripe/index.ts'
import topUpRoutes from './routes/top-ups/index.ts'
import walletRoutes from './routes/wallet/index.ts'
import withdrawalRoutes from './routes/withdrawals/index.ts'
import watchlistRoutes from './routes/watchlist/index.ts'
import type { MailOutbox } from './mail/outbox.ts'
import type { AlertMailer } from './mail/alerts/mailer.ts'
import alertRoutes from './routes/alerts/index.ts'
import blockRoutes from './routes/blocks/index.ts'
import adminBlockRoutes from './routes/admin/blocks.ts'
import savedSearchRoutes from './routes/saved-searches/index.ts'
import showChatRoutes from './routes/show-chat/index.ts'
import followRoutes from './routes/follows/index.ts'

/** The app's version, as the OpenAPI document states it. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

/** What buildApp (app.ts) made once and every route shares. */
export interface SharedParts {
  broadcaster: Broadcaster
  /** What the money routes need: the database, Stripe (null = card payments off), currency. */
  payments: {
    db: AppDependencies['db']
    stripe: Stripe | null
    broadcaster: Broadcaster
    currency: string
    /** Alert mails (won, sold, order moves, top-up receipts): docs/product.md. */
    alerts: AlertMailer
  }
  uploadsDir: string
  /** null when Web Push is off. */
  vapid: VapidKeys | null
  /** Where mails are written (decision 0054): the commands that cause one take it. */
  mail: MailOutbox
}

/**
 * Every route under BASE_PATH, after app.ts has registered the plugins they rely on (errors,
 * input, security headers, compression, cookies, rate limits, sessions): health and metrics, the
 * API under /api with its OpenAPI document, real-time authorization, then the built client.
 */
export async function registerRoutes(
  app: FastifyInstance,
  deps: AppDependencies,
  { broadcaster, payments, uploadsDir, vapid, mail }: SharedParts,
): Promise<void> {
  const { config, db } = deps
  // What closing an account and demo credit read (decision 0053); card refunds need Stripe.
  const money = {
    currency: config.currency,
    moneyOut: config.moneyOut,
    stripeConfigured: payments.stripe !== null,
  }
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
        mailSends: deps.mailSends,
      })
      // Local mode's mailbox; 404 in production (decision 0054).
      await scoped.register(devMailRoutes, { db, production: config.production })
      await scoped.register(
        async (api) => {
          api.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
            void reply.header('Cache-Control', 'no-store')
            return app.swagger()
          })
          await api.register(configRoutes, {
            config,
            pushPublicKey: vapid?.publicKey ?? null,
            cardPayments: payments.stripe !== null,
          })
          await api.register(authRoutes, {
            db,
            limits: createAuthLimits(config.limits, attemptCounters(deps.redis, app.log)),
            passwordHashCost: config.passwordHashCost,
            // Signing out also closes that user's real-time connections (docs/product.md §3).
            onSignOut: (userId) => broadcaster.terminateUserConnections(userId),
            money,
            mail,
          })
          await api.register(lotRoutes, {
            db,
            currency: config.currency,
            createLimit: config.limits.lotsPerMember,
            fees: config.sales.fees,
          })
          await api.register(showRoutes, {
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
          await api.register(addressRoutes, { db })
          await api.register(savedSearchRoutes, { db })
          await api.register(notificationRoutes, { db })
          await api.register(alertRoutes, { db, secret: config.sessionSecret })
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
          // Money out (decision 0053): withdrawals to cards, and their admin side.
          const moneyOut = { ...payments, moneyOut: config.moneyOut }
          await api.register(withdrawalRoutes, {
            ...moneyOut,
            limit: config.limits.moneyOutPerMember,
          })
          await api.register(adminWithdrawalRoutes, moneyOut)
          await api.register(payoutRoutes, {
            ...payments,
            moneyOut: config.moneyOut,
            appUrl: config.appUrl,
            basePath: config.basePath,
            production: config.production,
            moneyOutLimit: config.limits.moneyOutPerMember,
            readLimit: config.limits.topUpReadsPerMember,
          })
          await api.register(stripeWebhookRoutes, {
            ...payments,
            webhookSecret: config.stripe.webhookSecret,
            connectWebhookSecret: config.stripe.connectWebhookSecret,
          })
          await api.register(adminRoutes, { ...payments, money })
          await api.register(adminPayoutRoutes, { ...payments, moneyOut: config.moneyOut })
          const orders = {
            db,
            deadlines: config.sales.orderDeadlines,
            currency: config.currency,
            alerts: payments.alerts,
          }
          await api.register(orderRoutes, orders)
          await api.register(adminOrderRoutes, orders)
          await api.register(adminFeeRoutes, { db, currency: config.currency })
          await api.register(ratingRoutes, { db })
          await api.register(adminRatingRoutes, { db })
          await api.register(adminMailRoutes, { db })
          await api.register(sellerRoutes, { db })
          await api.register(blockRoutes, { db })
          await api.register(adminBlockRoutes, { db })
          // Live shows' chat and following sellers (issue 34).
          await api.register(showChatRoutes, { db })
          await api.register(followRoutes, { db })
          await api.register(orderMessageRoutes, {
            db,
            sendLimit: config.limits.orderMessagesPerMember,
          })
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
}
