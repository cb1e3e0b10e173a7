/**
 * Standalone entry point (`npm run realtime`). Configuration from the same env names Laravel /
 * Pusher setups use, so the API server and this process share one .env.
 *
 *   PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET   (dev defaults: lotline / lotline-key / lotline-secret)
 *   PUSHER_PORT (6001), PUSHER_HOST bind address (0.0.0.0)
 *
 * With NODE_ENV=production the dev defaults are refused: they are public, so anyone could sign
 * channel auth or publish events.
 */
import { startRealtimeServer, type RealtimeLogger } from './index.js'

const DEV_DEFAULTS = { id: 'lotline', key: 'lotline-key', secret: 'lotline-secret' }

const logger: RealtimeLogger = {
  info: (obj, msg) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj, msg) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
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
  if (env.NODE_ENV === 'production') {
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
  const host = env.PUSHER_HOST || '0.0.0.0'

  const server = await startRealtimeServer({ port, host, apps: [app], logger })
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
