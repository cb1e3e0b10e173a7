import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/index.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoData } from './db/seed.ts'
import { createScheduler } from './jobs/scheduler.ts'
import { startTopUpReconciler } from './jobs/reconcile-top-ups.ts'
import { createStripe } from './lib/stripe.ts'
import { startRealtimeServer } from './realtime/index.ts'

/** The built client; CLIENT_DIST_DIR lets tests serve another build (e.g. a "new version"). */
const DIST_DIR =
  process.env.CLIENT_DIST_DIR ??
  fileURLToPath(new URL('../dist/', import.meta.url)).replace(/\/$/, '')

async function main() {
  const config = loadConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const seeded = config.production ? false : await seedDemoData(db)

  // With no external Pusher-protocol service configured, run the embedded one in this process.
  const realtime = config.pusher.embedded
    ? await startRealtimeServer({
        port: config.pusher.port,
        apps: [{ id: config.pusher.appId, key: config.pusher.key, secret: config.pusher.secret }],
      })
    : undefined

  const stripe = createStripe(config.stripe)
  const app = await buildApp({
    config,
    db,
    stripe,
    distDir: DIST_DIR,
    healthChecks: realtime ? { realtime: async () => realtime.stats().connections >= 0 } : {},
  })
  if (realtime) app.log.info(`embedded real-time service on port ${realtime.port}`)
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  if (seeded)
    app.log.info('demo data seeded (admin@lotline.test, alice@, bob@, carol@ / lotline-demo)')

  await app.listen({ port: config.port, host: config.host })
  // Opens, closes and settles lots on time; all its state is in the database.
  const scheduler = createScheduler({
    db,
    broadcaster: app.broadcaster,
    currency: config.currency,
    log: app.log,
  })
  scheduler.start()
  // Credits paid top-ups whose webhook was lost (card payments only when configured).
  const reconciler = startTopUpReconciler({
    db,
    stripe,
    broadcaster: app.broadcaster,
    currency: config.currency,
    log: app.log,
  })
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
    reconciler.stop()
    await app.close()
    await realtime?.close()
    await db.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
