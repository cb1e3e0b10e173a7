/**
 * Lotline's embedded Pusher-protocol service (protocol 7 over `ws`, plus the Pusher HTTP API).
 * Self-contained: imports only node built-ins and `ws`, so it can ship on its own.
 *
 *   const rt = await startRealtimeServer({ port: 6001, apps: [{ id, key, secret }] })
 *   rt.port      // actual port (useful with port 0)
 *   rt.stats()   // { connections, channels, users, apps: {...} }
 *   await rt.close()  // clients get 4200 and reconnect immediately
 *
 * Clients: pusher-js with { wsHost, wsPort, forceTLS: false, enabledTransports: ['ws'] }.
 * Publishers: the `pusher` SDK with { host, port, useTLS: false, appId, key, secret }.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AppState } from './app-state.js'
import { startIdleSweep } from './heartbeat.js'
import { createHttpHandler } from './http-api.js'
import { resolveOptions, type RealtimeServerOptions } from './options.js'
import { Codes } from './protocol.js'
import { createWsHandler } from './ws-handler.js'

export type { RealtimeApp, RealtimeLogger, RealtimeServerOptions } from './options.js'
export { Codes as RealtimeCloseCodes } from './protocol.js'

export interface RealtimeStats {
  connections: number
  channels: number
  /** Distinct signed-in users. */
  users: number
  apps: Record<string, { connections: number; channels: number; users: number }>
}

export interface RealtimeServer {
  /** The bound port (resolved when `port: 0` was asked for). */
  readonly port: number
  readonly host: string
  /** Graceful: refuse new sockets, close open ones with 4200 (clients reconnect at once), free the port. */
  close(): Promise<void>
  stats(): RealtimeStats
}

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const opts = resolveOptions(options)
  const appsByKey = new Map<string, AppState>()
  const appsById = new Map<string, AppState>()
  for (const app of opts.apps) {
    if (appsByKey.has(app.key) || appsById.has(app.id)) {
      throw new Error(`startRealtimeServer: duplicate app id or key (${app.id})`)
    }
    const state = new AppState(app, opts.maxPresenceMembers)
    appsByKey.set(app.key, state)
    appsById.set(app.id, state)
  }

  const stats = (): RealtimeStats => {
    const out: RealtimeStats = { connections: 0, channels: 0, users: 0, apps: {} }
    for (const [id, s] of appsById) {
      const entry = {
        connections: s.connections.size,
        channels: s.channels.size,
        users: s.users.size,
      }
      out.apps[id] = entry
      out.connections += entry.connections
      out.channels += entry.channels
      out.users += entry.users
    }
    return out
  }

  const ws = createWsHandler(opts, appsByKey)
  const server: Server = createServer(createHttpHandler(opts, appsById, stats))
  server.on('upgrade', (req, socket, head) => ws.handleUpgrade(req, socket, head))
  // Guard against a TCP reset during upgrade killing the process with an unhandled 'error'.
  server.on('clientError', (_err, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const stopSweep = startIdleSweep(() => ws.allConnections(), opts)
  opts.logger.info(
    { port, host: opts.host, apps: opts.apps.map((a) => a.id) },
    'realtime: listening',
  )

  let closing: Promise<void> | undefined
  async function close(): Promise<void> {
    ws.setClosing()
    stopSweep()
    const conns = [...ws.allConnections()]
    for (const conn of conns) conn.close(Codes.RECONNECT_NOW, 'Server is restarting, reconnect')
    // pusher-js answers 4200 by reconnecting at once. If the port were already closed that attempt
    // would fail and pusher-js would sit in a 15 s connect timer. So keep listening for the grace
    // period and answer those attempts with 4100, which makes pusher-js retry after 1 s, by which
    // time a restarting server is usually back.
    if (conns.length > 0) await sleep(opts.shutdownGraceMs)
    for (const conn of ws.allConnections()) conn.terminate()
    for (const conn of conns) conn.ws.terminate()
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    await serverClosed
    ws.wss.close()
    opts.logger.info({ port }, 'realtime: closed')
  }

  return {
    port,
    host: opts.host,
    close: () => (closing ??= close()),
    stats,
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
