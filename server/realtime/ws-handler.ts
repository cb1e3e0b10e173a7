/**
 * WebSocket side: accepts upgrades on `/app/{key}`, validates key and protocol version, sends the
 * handshake and wires the socket to the message router and the registry.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { AppState } from './app-state.ts'
import { addressSlots } from './address-slots.ts'
import { addressKey, clientAddress, compileTrust } from './client-address.ts'
import { handleClientFrame } from './client-messages.ts'
import { Connection } from './connection.ts'
import type { ResolvedOptions } from './options.ts'
import { decodeComponent, splitUrl } from './decode.ts'
import { Codes, PROTOCOL_VERSION, connectionEstablished, errorFrame } from './protocol.ts'
import { newSocketId } from './signatures.ts'

export type SocketPath = { ok: true; key: string } | { ok: false; code: number; message: string }

/**
 * `/app/{key}?protocol=7` → the app key, or the Pusher code that refuses it. Pure and total: any
 * string in, never a throw (a malformed escape in the key once ended the process).
 */
export function parseSocketPath(rawUrl: string | undefined): SocketPath {
  const { path, rawQuery } = splitUrl(rawUrl)
  const match = /^\/app\/([^/]+)\/?$/.exec(path)
  if (!match?.[1]) return { ok: false, code: Codes.PATH_NOT_FOUND, message: 'Path not found' }
  const key = decodeComponent(match[1])
  if (key === undefined) {
    return {
      ok: false,
      code: Codes.PATH_NOT_FOUND,
      message: 'Malformed percent-encoding in app key',
    }
  }
  const protocol = new URLSearchParams(rawQuery).get('protocol')
  if (protocol === null || protocol === '') {
    return { ok: false, code: Codes.NO_PROTOCOL, message: 'No protocol version supplied' }
  }
  if (protocol !== String(PROTOCOL_VERSION)) {
    return {
      ok: false,
      code: Codes.UNSUPPORTED_PROTOCOL,
      message: `Unsupported protocol version ${protocol.slice(0, 20)}`,
    }
  }
  return { ok: true, key }
}

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

  const trust = compileTrust(options.trustProxy)
  /** Open sockets per client address key (client-address.ts), across apps (and workers). */
  const slots = addressSlots()

  const totalConnections = () => {
    let n = 0
    for (const state of appsByKey.values()) n += state.connections.size
    return n
  }

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const path = parseSocketPath(req.url)
    if (!path.ok) return refuse(ws, path.code, path.message)
    const state = appsByKey.get(path.key)
    if (!state) return refuse(ws, Codes.APP_NOT_FOUND, 'App key not found')
    // While shutting down, 4200 would make a just-kicked client retry in a tight loop against us;
    // 4100 makes pusher-js wait ~1 s, by which time a restarting server is usually back.
    // (See close() in index.ts.)
    if (closing) return refuse(ws, Codes.OVER_CAPACITY, 'Server is shutting down, retry shortly')
    if (state.connections.size >= options.maxConnectionsPerApp) {
      return refuse(ws, Codes.OVER_CAPACITY, 'Over capacity, retry later')
    }
    if (totalConnections() >= options.maxConnections) {
      return refuse(ws, Codes.OVER_CAPACITY, 'Server connection limit reached, retry later')
    }
    const address = addressKey(
      clientAddress(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trust),
    )
    const took = slots.take(address, options.maxConnectionsPerAddress)
    if (took === true) return admit(ws, state, address)
    if (took === false) return refuseAddress(ws, state)
    // A worker waits for the primary's count; pusher-js sends nothing before the handshake.
    // Until admitted, a socket error must not be an unhandled 'error' event.
    ws.on('error', () => {})
    void took.then((ok) => {
      if (!ok) return refuseAddress(ws, state)
      if (ws.readyState !== ws.OPEN) return slots.give(address)
      guarded(() => admit(ws, state, address), ws, req)
    })
  }

  function refuseAddress(ws: WebSocket, state: AppState): void {
    state.refusedByAddressCap++
    refuse(ws, Codes.OVER_CAPACITY, 'Too many connections from your address, retry later')
  }

  /** Registers an accepted socket (its address slot already taken) and sends the handshake. */
  function admit(ws: WebSocket, state: AppState, address: string): void {
    let socketId = newSocketId()
    while (state.connections.has(socketId)) socketId = newSocketId()
    const conn = new Connection(ws, socketId, {
      onClosed: (c) => {
        state.removeConnection(c)
        slots.give(address)
      },
      maxBufferedBytes: options.maxBufferedBytes,
      maxClientEventsPerSecond: options.maxClientEventsPerSecond,
      controlBudget: {
        burst: options.maxControlMessageBurst,
        perSecond: options.maxControlMessagesPerSecond,
      },
    })
    state.addConnection(conn)
    const ctx = {
      state,
      maxMessageBytes: options.maxMessageBytes,
      maxChannelsPerConnection: options.maxChannelsPerConnection,
    }

    ws.on('message', (data, isBinary) => {
      // Frames still arriving after we closed the socket (ws reads until the peer's close).
      if (conn.isClosed) return
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

  /** A throw in here would otherwise escape into the http server's 'upgrade' event and end the process. */
  function guarded(run: () => void, ws: WebSocket, req: IncomingMessage): void {
    try {
      run()
    } catch (err) {
      logger.error({ err, url: req.url?.slice(0, 200) }, 'realtime: connection handler failed')
      ws.terminate()
    }
  }

  return {
    wss,
    handleUpgrade(req, socket, head) {
      // Node drops its own 'error' listener from upgraded sockets: a reset before ws takes over
      // would be an unhandled 'error' event, which ends the process.
      socket.on('error', (err) =>
        logger.warn({ err: err.message }, 'realtime: upgrade socket error'),
      )
      try {
        if (!splitUrl(req.url).path.startsWith('/app/')) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
          return
        }
        wss.handleUpgrade(req, socket, head, (ws) => guarded(() => onConnection(ws, req), ws, req))
      } catch (err) {
        logger.error({ err, url: req.url?.slice(0, 200) }, 'realtime: upgrade failed')
        socket.destroy()
      }
    },
    *allConnections() {
      for (const state of appsByKey.values()) yield* state.connections.values()
    },
    setClosing() {
      closing = true
    },
  }
}
