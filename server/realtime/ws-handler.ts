/**
 * WebSocket side: accepts upgrades on `/app/{key}`, validates key and protocol version, sends the
 * handshake and wires the socket to the message router and the registry.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AppState } from './app-state.js'
import { handleClientFrame } from './client-messages.js'
import { Connection } from './connection.js'
import type { ResolvedOptions } from './options.js'
import { Codes, PROTOCOL_VERSION, connectionEstablished, errorFrame } from './protocol.js'
import { newSocketId } from './signatures.js'

export interface WsHandler {
  wss: WebSocketServer
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Every live connection across apps (for the sweep and shutdown). */
  allConnections(): Iterable<Connection>
  /** Once set, new sockets get 4200 at once: we are going away, try again shortly. */
  setClosing(): void
}

export function createWsHandler(
  options: ResolvedOptions,
  appsByKey: Map<string, AppState>,
): WsHandler {
  const { logger } = options
  let closing = false
  const wss = new WebSocketServer({
    noServer: true,
    // Frames above maxMessageBytes get a pusher:error from the router; only absurd frames are
    // cut by ws itself (close 1009) before we ever buffer them.
    maxPayload: Math.max(64 * 1024, options.maxMessageBytes * 10),
    perMessageDeflate: false,
    clientTracking: false,
  })

  /** Refuse after the upgrade so the client reads a Pusher code rather than an HTTP status. */
  function refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(errorFrame(code, message))
    ws.close(code, message)
    // A peer that never acknowledges the close must not hold the fd for ws's 30 s close timeout.
    setTimeout(() => ws.terminate(), 2000).unref()
  }

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname)
    if (!match?.[1]) return refuse(ws, Codes.PATH_NOT_FOUND, 'Path not found')
    const state = appsByKey.get(decodeURIComponent(match[1]))
    if (!state) return refuse(ws, Codes.APP_NOT_FOUND, 'App key not found')
    const protocol = url.searchParams.get('protocol')
    if (protocol === null || protocol === '') {
      return refuse(ws, Codes.NO_PROTOCOL, 'No protocol version supplied')
    }
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return refuse(ws, Codes.UNSUPPORTED_PROTOCOL, `Unsupported protocol version ${protocol}`)
    }
    // While shutting down, 4200 would make a just-kicked client retry in a tight loop against us;
    // 4100 makes pusher-js wait ~1 s, by which time a restarting server is usually back.
    // (See close() in index.ts.)
    if (closing) return refuse(ws, Codes.OVER_CAPACITY, 'Server is shutting down, retry shortly')
    if (state.connections.size >= options.maxConnectionsPerApp) {
      return refuse(ws, Codes.OVER_CAPACITY, 'Over capacity, retry later')
    }

    let socketId = newSocketId()
    while (state.connections.has(socketId)) socketId = newSocketId()
    const conn = new Connection(ws, socketId, {
      onClosed: (c) => state.removeConnection(c),
      maxBufferedBytes: options.maxBufferedBytes,
      maxClientEventsPerSecond: options.maxClientEventsPerSecond,
    })
    state.addConnection(conn)
    const ctx = { state, maxMessageBytes: options.maxMessageBytes }

    ws.on('message', (data, isBinary) => {
      try {
        const buf = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data)
        handleClientFrame(ctx, conn, buf, isBinary)
      } catch (err) {
        // The router is written not to throw; this is the last line of defence for the process.
        logger.error({ err, socketId }, 'realtime: message handler failed')
        conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Internal error handling message'))
      }
    })
    ws.on('pong', () => conn.touch())
    ws.on('close', () => conn.markClosed())
    ws.on('error', (err) => {
      // ws emits 'error' for protocol violations (e.g. oversize frames) and then closes.
      logger.warn({ err: err.message, socketId }, 'realtime: socket error')
    })
    conn.send(connectionEstablished(socketId, options.activityTimeoutSeconds))
  }

  wss.on('connection', onConnection)

  return {
    wss,
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '/').split('?')[0] ?? '/'
      if (!path.startsWith('/app/')) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
    },
    *allConnections() {
      for (const state of appsByKey.values()) yield* state.connections.values()
    },
    setClosing() {
      closing = true
    },
  }
}
