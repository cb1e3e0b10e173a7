import { fileURLToPath } from 'node:url'
import { buildApp, pushKeysOf } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DatabaseUnavailableError } from './db/errors.ts'
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts'
import { openDatabase } from './db/index.ts'
import { openWhenReachable, redactUrl } from './db/start.ts'
import { migrate } from './db/migrate.ts'
import { withStartupLock } from './db/startup-lock.ts'
import { seedDemoData } from './jobs/seed-demo-data.ts'
import { seedDemoPictures } from './jobs/demo-pictures.ts'
import { cleanStoredOriginals } from './jobs/clean-originals.ts'
import { createScheduler } from './jobs/scheduler.ts'
import { alertMailer } from './mail/alerts/mailer.ts'
import { mailOutbox } from './mail/outbox.ts'
import { createPushWorker } from './jobs/push-worker.ts'
import { smtpTransport, type MailTransport } from './mail/transport.ts'
import { createMailWorker, type MailWorker } from './mail/worker.ts'
import { demoLotsFor } from './jobs/demo-lots.ts'
import { startTopUpReconciler } from './jobs/reconcile-top-ups.ts'
import { startMoneyReconciler } from './jobs/reconcile-money.ts'
import { startPayoutRetrier } from './jobs/retry-payouts.ts'
import { createStripe } from './lib/stripe.ts'
import { openRedis } from './lib/redis.ts'
import { FanOutFeed } from './plugins/metrics.ts'
import { startRealtimeServer, type RealtimeServer } from './realtime/index.ts'
import { isPrimaryProcess, superviseWorkers } from './realtime/workers.ts'
import { SHOW_CHANNEL_PREFIX } from '../common/wire.ts'

/** The supervisor's lines, before any app (and its logger) exists in the primary. */
const workerLog = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
  error: (obj: object, msg: string) => console.error(msg, JSON.stringify(obj)),
}

/** The built client; CLIENT_DIST_DIR lets tests serve another build (e.g. a "new version"). */
const DIST_DIR =
  process.env.CLIENT_DIST_DIR ??
  fileURLToPath(new URL('../dist/', import.meta.url)).replace(/\/$/, '')

async function main() {
  const config = loadConfig()
  // Before the database opens: a second server on the same folder refuses instead of writing.
  // With API_WORKERS the primary holds it for its workers, which share the folder.
  const lock = isPrimaryProcess() ? lockDataDir(config.dataDir) : undefined
  process.once('exit', () => lock?.release())
  if (config.apiWorkers > 1 && isPrimaryProcess()) {
    // Each worker is a whole node (API, scheduler, push worker, embedded real-time service) on
    // the shared ports; PostgreSQL and Redis join them (docs/scaling.md).
    return superviseWorkers(config.apiWorkers, workerLog, 'api')
  }
  const db = await openWhenReachable(
    () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    {
      timeoutMs: config.databaseStartTimeoutSeconds * 1000,
      onRetry: (error, waitMs) =>
        console.warn(
          `PostgreSQL is not reachable yet (${(error as Error).message}); retrying in ${waitMs} ms`,
        ),
    },
  )
  const applied = await migrate(db)
  // Originals stored by earlier versions kept their EXIF: re-encoded once, before anything is
  // served (decision 0047); one node at a time, since several may share the uploads volume.
  await withStartupLock(db, () => cleanStoredOriginals(db, config.uploadsDir, workerLog))
  // Local mode only, one node at a time (several started together on one fresh database).
  const seeded = config.production
    ? false
    : await withStartupLock(db, async () => {
        const fresh = await seedDemoData(db, config.currency, config.sales.fees)
        // Every demo lot has pictures, made locally (decision 0024); idempotent, so each local
        // start fills new ones.
        await seedDemoPictures(db, config.uploadsDir)
        return fresh
      })

  let realtime: RealtimeServer | undefined
  const stripe = createStripe(config.stripe)
  const vapid = pushKeysOf(config)
  // Shared limits across API nodes (docs/scaling.md); without REDIS_URL each node counts alone.
  const redis = config.redisUrl ? openRedis(config.redisUrl, console) : undefined
  const fanOuts = new FanOutFeed()
  let mailWorker: MailWorker | undefined
  let mailTransport: MailTransport | undefined
  const app = await buildApp({
    config,
    db,
    stripe,
    vapid,
    redis,
    realtimeStats: () => realtime?.stats(),
    realtimeFanOuts: fanOuts,
    mailSends: () => mailWorker?.totals(),
    distDir: DIST_DIR,
    // Down when the service's listening socket stops answering, not merely when it exists.
    healthChecks: config.pusher.embedded
      ? { realtime: async () => (realtime ? realtime.healthy() : false) }
      : {},
  })
  // With no external Pusher-protocol service configured, run the embedded one in this process,
  // logging through the app's logger (its errors used to go nowhere).
  if (config.pusher.embedded) {
    realtime = await startRealtimeServer({
      port: config.pusher.port,
      host: config.host,
      apps: [{ id: config.pusher.appId, key: config.pusher.key, secret: config.pusher.secret }],
      logger: app.log.child({ service: 'realtime' }),
      ...config.realtime,
      // The same rule as the API's for whose address a socket is (decision 0016).
      trustProxy: config.trustProxy,
      // Every node's embedded service joins the others through the same Redis (decision 0033).
      onFanOut: fanOuts.emit,
      // Only a show room shows its viewer count; other channels' sockets would get it for nothing.
      subscriptionCountChannels: [SHOW_CHANNEL_PREFIX],
      cluster: config.redisUrl
        ? { redisUrl: config.redisUrl, prefix: config.realtimeRedisPrefix }
        : undefined,
    })
    app.log.info(`embedded real-time service on ${config.host}:${realtime.port}`)
  }
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  if (seeded)
    app.log.info('demo data seeded (admin@lotline.test, alice@, bob@, carol@ / lotline-demo)')

  await app.listen({ port: config.port, host: config.host })
  // Opens, closes and settles lots on time; all its state is in the database.
  // Alert mails the jobs write (docs/product.md "What Lotline tells you").
  const alerts = alertMailer(config, mailOutbox(config))
  const scheduler = createScheduler({
    db,
    broadcaster: app.broadcaster,
    currency: config.currency,
    log: app.log,
    orderDeadlines: config.sales.orderDeadlines,
    fees: config.sales.fees,
    alerts,
    // Local mode keeps a few demo lots open at all times; production never lists anything itself.
    demoLots: demoLotsFor(config.production, {
      db,
      broadcaster: app.broadcaster,
      uploadsDir: config.uploadsDir,
    }),
  })
  scheduler.start()
  // Sends the push outbox (decision 0032): woken by each commit that wrote notifications, and by
  // its poll for what a restart or another node left. With push off it drops what is left.
  const pushWorker = createPushWorker({ db, vapid, currency: config.currency, log: app.log })
  app.broadcaster.onNotified(() => pushWorker.nudge())
  pushWorker.start()
  if (!vapid) app.log.info('Web Push is off (WEB_PUSH=off)')
  // Sends the mail outbox over SMTP_URL (decision 0054); every node runs one.
  if (config.mail.mode === 'smtp' && config.mail.smtpUrl) {
    mailTransport = smtpTransport(config.mail.smtpUrl)
    mailWorker = createMailWorker({
      db,
      transport: mailTransport,
      from: config.mail.from,
      log: app.log,
    })
    // A commit that notified members may have written their alert mails too: send them now;
    // other mail (a password reset) waits for the next poll, 5 s at most.
    const worker = mailWorker
    app.broadcaster.onNotified(() => worker.nudge())
    mailWorker.start()
  } else if (config.mail.mode === 'outbox') {
    app.log.info(
      `mail is kept, not sent (no SMTP_URL): read it at http://localhost:${config.port}${config.basePath}dev/mail`,
    )
  } else app.log.info('e-mail is off (EMAIL=off)')
  // Credits paid top-ups whose webhook was lost (card payments only when configured).
  const paymentDeps = {
    db,
    stripe,
    broadcaster: app.broadcaster,
    currency: config.currency,
    log: app.log,
    alerts,
  }
  const reconciler = startTopUpReconciler(paymentDeps)
  // Resends payouts whose Transfer was never recorded (a crash or outage after the debit).
  const payoutRetrier = startPayoutRetrier(paymentDeps)
  // Resends withdrawal refunds left pending and compares Stripe with the ledger (decision 0053).
  const moneyReconciler = startMoneyReconciler(paymentDeps)
  if (!stripe) app.log.info('card payments are not configured (no STRIPE_* keys)')
  app.log.info(
    `Lotline (${config.production ? 'production' : 'local'} mode, ${db.kind}) on http://localhost:${config.port}${config.basePath}`,
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    await scheduler.stop()
    await pushWorker.stop()
    // Waits for the sends in flight, so each one's outcome is written before the exit.
    await mailWorker?.stop()
    mailTransport?.close()
    reconciler.stop()
    moneyReconciler.stop()
    payoutRetrier.stop()
    await app.close()
    await realtime?.close()
    redis?.disconnect()
    await db.close()
    lock?.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** One clear sentence for an operator instead of a stack trace, for the failures they can fix. */
function explainStartFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message
  const url = redactUrl(process.env.DATABASE_URL ?? '')
  if (error instanceof DatabaseUnavailableError) {
    const waited = process.env.DATABASE_START_TIMEOUT_SECONDS ?? '30'
    return (
      `Cannot reach the database at ${url} (waited ${waited} s): ${error.message}.\n` +
      'Check DATABASE_URL and that PostgreSQL is running; DATABASE_START_TIMEOUT_SECONDS sets the wait.'
    )
  }
  const sqlState = (error as { code?: unknown }).code
  if (process.env.DATABASE_URL && typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState)) {
    return `The database at ${url} refused to start Lotline: ${(error as Error).message} (SQLSTATE ${sqlState}).\nCheck DATABASE_URL.`
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}

main().catch((error: unknown) => {
  console.error(explainStartFailure(error))
  process.exit(1)
})
