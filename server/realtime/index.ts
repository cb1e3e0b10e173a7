/**
 * Lotline's embedded Pusher-protocol service (protocol 7 over `ws`, plus the Pusher HTTP API).
 * Self-contained: imports only node built-ins, `ws` and `ioredis` (cluster mode), so it can ship on its own.
 *
 *   const rt = await startRealtimeServer({ port: 6001, apps: [{ id, key, secret }] })
 *   rt.port      // actual port (useful with port 0)
 *   rt.stats()   // { connections, channels, users, apps: {...} }
 *   await rt.close()  // clients get 4200 and reconnect immediately
 *
 * Clients: pusher-js with { wsHost, wsPort, forceTLS: false, enabledTransports: ['ws'] }.
 * Publishers: the `pusher` SDK with { host, port, useTLS: false, appId, key, secret }.
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { AppState } from './app-state.ts'
import { ClusterLink, type ClusterStatus } from './cluster-link.ts'
import { startIdleSweep } from './heartbeat.ts'
import { connectionCeiling } from './fd-limit.ts'
import { createHttpHandler } from './http-api.ts'
import { resolveOptions, type RealtimeServerOptions, type ResolvedOptions } from './options.ts'
import { Codes } from './protocol.ts'
import { createWsHandler } from './ws-handler.ts'
import { startSubscriptionCounts } from './subscription-counts.ts'

export type {
  ClusterOptions,
  RealtimeApp,
  RealtimeLogger,
  RealtimeServerOptions,
} from './options.ts'
export type { TrustProxy } from './client-address.ts'
export type { ClusterStatus } from './cluster-link.ts'
export { Codes as RealtimeCloseCodes } from './protocol.ts'

export interface RealtimeCounts {
  connections: number
  channels: number
  /** Distinct signed-in users. */
  users: number
  /** Presence members on this node's sockets (one per user and channel). */
  presenceMembers: number
  /** Events fanned out to this node's sockets since start. */
  eventsIn: number
  /** Frames written to this node's sockets since start. */
  deliveriesOut: number
  /** Sockets refused by the per-address cap since start. */
  refusedByAddressCap: number
  /** subscribe/unsubscribe/ping messages refused by a socket's budget since start. */
  messagesRefusedOverBudget: number
}

export interface RealtimeStats extends RealtimeCounts {
  apps: Record<string, RealtimeCounts>
  /** With `cluster`: this node's standing in it. The counts above are this node's own. */
  cluster?: ClusterStatus
}

export interface RealtimeServer {
  /** The bound port (resolved when `port: 0` was asked for). */
  readonly port: number
  readonly host: string
  /** Graceful: refuse new sockets, close open ones with 4200 (clients reconnect at once), free the port. */
  close(): Promise<void>
  stats(): RealtimeStats
  /** True when the listening socket answers GET /health within `timeoutMs` (for the app's health check). */
  healthy(timeoutMs?: number): Promise<boolean>
}

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const opts = keepDescriptorsForTheRest(resolveOptions(options))
  const appsByKey = new Map<string, AppState>()
  const appsById = new Map<string, AppState>()
  for (const app of opts.apps) {
    if (appsByKey.has(app.key) || appsById.has(app.id)) {
      throw new Error(`startRealtimeServer: duplicate app id or key (${app.id})`)
    }
    const state = new AppState(
      app,
      opts.maxPresenceMembers,
      opts.onFanOut,
      opts.presenceLeaveWindowMs,
    )
    appsByKey.set(app.key, state)
    appsById.set(app.id, state)
  }

  // Before listening, so no socket is ever handled outside the cluster.
  const cluster = opts.cluster ? new ClusterLink(appsById, opts.cluster, opts.logger) : undefined
  cluster?.start()

  const stats = (): RealtimeStats => {
    const out: RealtimeStats = {
      connections: 0,
      channels: 0,
      users: 0,
      presenceMembers: 0,
      eventsIn: 0,
      deliveriesOut: 0,
      refusedByAddressCap: 0,
      messagesRefusedOverBudget: 0,
      apps: {},
    }
    for (const [id, s] of appsById) {
      const entry = {
        connections: s.connections.size,
        channels: s.channels.size,
        users: s.users.size,
        presenceMembers: s.presenceMembers(),
        eventsIn: s.eventsIn,
        deliveriesOut: s.deliveriesOut,
        refusedByAddressCap: s.refusedByAddressCap,
        messagesRefusedOverBudget: s.messagesRefusedOverBudget,
      }
      out.apps[id] = entry
      out.connections += entry.connections
      out.channels += entry.channels
      out.users += entry.users
      out.presenceMembers += entry.presenceMembers
      out.eventsIn += entry.eventsIn
      out.deliveriesOut += entry.deliveriesOut
      out.refusedByAddressCap += entry.refusedByAddressCap
      out.messagesRefusedOverBudget += entry.messagesRefusedOverBudget
    }
    if (cluster) out.cluster = cluster.status()
    return out
  }

  const ws = createWsHandler(opts, appsByKey)
  // Node's own limits are minutes long; a request's headers and body must arrive within ours (the
  // body timeout, at most 30 s), checked every second. An idle keep-alive connection (the `pusher`
  // SDK's publishes) stays 72 s, not Node's 5 s, so a publisher reusing it never meets a reset.
  const server: Server = createServer(
    {
      headersTimeout: opts.bodyTimeoutMs,
      requestTimeout: opts.bodyTimeoutMs * 2,
      connectionsCheckingInterval: 1000,
      keepAliveTimeout: 72_000,
    },
    createHttpHandler(opts, appsById),
  )
  server.on('upgrade', (req, socket, head) => ws.handleUpgrade(req, socket, head))
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => answerClientError(err, socket))
  // Unparseable requests, resets mid-request, header overflows: answer what can still be answered.
  // Without a listener Node answers by itself, but a reset socket's 'error' would be ours to handle.
  function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
    socket.on('error', () => {}) // a reset while we answer must not surface as an unhandled error
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const status =
      err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (err: unknown) => {
    await cluster?.close()
    throw err
  })
  const port = (server.address() as AddressInfo).port
  // After listen, a server-level error (EMFILE on accept, ...) is logged, never thrown.
  server.on('error', (err) => opts.logger.error({ err }, 'realtime: server error'))
  const stopSweep = startIdleSweep(() => ws.allConnections(), opts)
  const stopCounts = startSubscriptionCounts(
    appsById.values(),
    opts.subscriptionCountIntervalMs,
    opts.subscriptionCountChannels,
  )
  opts.logger.info(
    { port, host: opts.host, apps: opts.apps.map((a) => a.id) },
    'realtime: listening',
  )

  let closing: Promise<void> | undefined
  async function close(): Promise<void> {
    ws.setClosing()
    stopSweep()
    stopCounts()
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
    for (const state of appsById.values()) state.dispose()
    await cluster?.close()
    opts.logger.info({ port }, 'realtime: closed')
  }

  return {
    port,
    host: opts.host,
    close: () => (closing ??= close()),
    stats,
    healthy: (timeoutMs = 2000) => answersHealth(probeHost(opts.host), port, timeoutMs),
  }
}

/**
 * Lowers `maxConnections` below the open-file limit, keeping a reserve for the API, its database
 * and its files in the same process (fd-limit.ts), and says so when the limit is too low.
 */
function keepDescriptorsForTheRest(opts: ResolvedOptions): ResolvedOptions {
  const ceiling = connectionCeiling(opts.maxConnections, opts.openFileLimit)
  if (ceiling.neededLimit === undefined) return opts
  opts.logger.warn(
    {
      openFileLimit: opts.openFileLimit,
      maxConnections: opts.maxConnections,
      effectiveMaxConnections: ceiling.maxConnections,
      reserve: ceiling.reserve,
      neededOpenFileLimit: ceiling.neededLimit,
    },
    `realtime: the open-file limit (ulimit -n ${opts.openFileLimit}) is too low for ` +
      `${opts.maxConnections} connections; accepting at most ${ceiling.maxConnections} so ` +
      `${ceiling.reserve} descriptors stay for the rest of the process. Raise it to at least ` +
      `${ceiling.neededLimit} (ulimit -n, systemd LimitNOFILE, docker --ulimit nofile)`,
  )
  return { ...opts, maxConnections: ceiling.maxConnections }
}

/** A wildcard bind address is reached through loopback. */
function probeHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1'
  if (host === '::') return '::1'
  return host
}

function answersHealth(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host, port, path: '/health', method: 'GET', timeout: timeoutMs },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
    req.end()
  })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
