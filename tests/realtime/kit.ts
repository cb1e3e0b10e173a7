/**
 * Test helpers shared by the conformance suites: a server on a free port, the official `pusher`
 * SDK pointed at it, pusher-js clients that authorize with the SDK, and a raw protocol client.
 */
import PusherServer from 'pusher'
import Pusher from 'pusher-js'
import { WebSocket } from 'ws'
import {
  startRealtimeServer,
  type RealtimeServer,
  type RealtimeServerOptions,
} from '../../server/realtime/index.ts'

export const APP = { id: 'test-app', key: 'test-key', secret: 'test-secret' }

export interface TestServer {
  server: RealtimeServer
  port: number
  sdk: PusherServer
}

/** Set by useClusterForTestServers(): every startTestServer() is then a two-node cluster. */
let clusterRedisUrl: string | undefined

/**
 * Run the conformance suites against two nodes joined through Redis: clients connect to node A,
 * `sdk` publishes to node B, so every delivery, user send and termination crosses the bus.
 */
export function useClusterForTestServers(redisUrl: string): void {
  clusterRedisUrl = redisUrl
}

export async function startTestServer(
  overrides: Partial<RealtimeServerOptions> = {},
): Promise<TestServer> {
  const options: RealtimeServerOptions = {
    port: 0,
    host: '127.0.0.1',
    apps: [APP],
    shutdownGraceMs: 300,
    ...overrides,
  }
  if (clusterRedisUrl) return startTestCluster(options, clusterRedisUrl)
  const server = await startRealtimeServer(options)
  return { server, port: server.port, sdk: sdkFor(server.port) }
}

/** A unique bus per cluster, so parallel runs and files sharing one Redis never hear each other. */
export function testClusterPrefix(): string {
  return `lotline:test:${process.pid}:${Math.random().toString(36).slice(2, 10)}`
}

async function startTestCluster(options: RealtimeServerOptions, redisUrl: string) {
  const cluster = { redisUrl, prefix: testClusterPrefix(), heartbeatMs: 200, nodeTimeoutMs: 2000 }
  const b = await startRealtimeServer({ ...options, port: 0, cluster })
  const a = await startRealtimeServer({ ...options, cluster })
  await eventually(
    () => [a, b].every((n) => n.stats().cluster?.connected && n.stats().cluster?.nodes === 2),
    10_000,
    'both nodes joined',
  )
  const server: RealtimeServer = {
    port: a.port,
    host: a.host,
    stats: () => a.stats(),
    healthy: (ms) => a.healthy(ms),
    close: async () => {
      await Promise.all([a.close(), b.close()])
    },
  }
  // Publishes (trigger, sendToUser, terminate) go to B. Channel queries are answered by A, where
  // the clients are: B's replica lags A by a Redis round trip, which these single-node suites do
  // not wait for (cross-node queries are tested with that wait in cluster.test.ts).
  const sdk = sdkFor(b.port)
  const sdkA = sdkFor(a.port)
  sdk.get = sdkA.get.bind(sdkA)
  return { server, port: a.port, sdk }
}

export function sdkFor(port: number, secret = APP.secret): PusherServer {
  return new PusherServer({
    appId: APP.id,
    key: APP.key,
    secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  })
}

export interface ReceivedFrame {
  event: string
  channel?: string
  /** `data` after undoing Pusher's double encoding. */
  data: unknown
  user_id?: string
  raw: string
}

/** A bare protocol client on `ws`, recording every frame and the close code. */
export class RawClient {
  readonly frames: ReceivedFrame[] = []
  readonly ws: WebSocket
  closeCode: number | undefined
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: Array<() => void> = []

  constructor(url: string, wsOptions: ConstructorParameters<typeof WebSocket>[2] = {}) {
    this.ws = new WebSocket(url, wsOptions)
    this.ws.on('message', (buf: Buffer) => {
      const raw = buf.toString('utf8')
      const parsed = JSON.parse(raw) as ReceivedFrame
      let data: unknown = parsed.data
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data)
        } catch {
          // plain string data stays a string
        }
      }
      if (parsed.event === 'pusher:connection_established') {
        this.socketId = (data as { socket_id: string }).socket_id
      }
      this.frames.push({ ...parsed, data, raw })
      this.notify()
    })
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => {
        this.closeCode = code
        this.notify()
        resolve({ code, reason: reason.toString() })
      })
    })
    this.ws.on('error', () => {})
  }

  static async connect(port: number, key = APP.key, query = 'protocol=7&client=js&version=8.6.0') {
    const client = new RawClient(`ws://127.0.0.1:${port}/app/${key}?${query}`)
    await client.next((f) => f.event === 'pusher:connection_established')
    return client
  }

  /** Set from the handshake (frames consumed by next() are gone from `frames`). */
  socketId = ''

  private notify(): void {
    const w = this.waiters
    this.waiters = []
    for (const fn of w) fn()
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  /** Resolve with the first frame (already received or future) matching `pred`. */
  next(pred: (f: ReceivedFrame) => boolean, timeoutMs = 3000): Promise<ReceivedFrame> {
    return new Promise((resolve, reject) => {
      let seen = 0
      const timer = setTimeout(
        () => reject(new Error(`timed out; frames: ${this.frames.map((f) => f.raw).join('\n')}`)),
        timeoutMs,
      )
      const check = () => {
        for (; seen < this.frames.length; seen++) {
          const f = this.frames[seen]
          if (f && pred(f)) {
            clearTimeout(timer)
            this.frames.splice(seen, 1)
            resolve(f)
            return
          }
        }
        this.waiters.push(check)
      }
      check()
    })
  }

  /** Send then wait for the reply matching `pred`. */
  async request(frame: unknown, pred: (f: ReceivedFrame) => boolean): Promise<ReceivedFrame> {
    const p = this.next(pred)
    this.send(frame)
    return p
  }

  /**
   * Assert that nothing matching `pred` arrived by the time a frame matching `control` does. The
   * control is an event this client does get, caused after the one it must not get: frames reach
   * one socket in the order the server sent them, so once the control is here the unwanted frame
   * would have been too — and a client that hears nothing at all fails instead of passing.
   */
  async noneBefore(
    pred: (f: ReceivedFrame) => boolean,
    control: (f: ReceivedFrame) => boolean,
    timeoutMs?: number,
  ): Promise<void> {
    await this.next(control, timeoutMs)
    const hit = this.frames.find(pred)
    if (hit) throw new Error(`unexpected frame ${hit.raw}`)
  }

  close(): void {
    this.ws.close()
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const isEvent = (event: string, channel?: string) => (f: ReceivedFrame) =>
  f.event === event && (channel === undefined || f.channel === channel)

/** Subscribe a raw client, signing with the official SDK when the channel needs it. */
export async function rawSubscribe(
  client: RawClient,
  sdk: PusherServer,
  channel: string,
  presence?: { user_id: string; user_info?: Record<string, unknown> },
): Promise<ReceivedFrame> {
  const needsAuth = /^(private-|presence-)/.test(channel)
  const auth = needsAuth ? sdk.authorizeChannel(client.socketId, channel, presence) : undefined
  return client.request(
    {
      event: 'pusher:subscribe',
      data: { channel, auth: auth?.auth ?? '', channel_data: auth?.channel_data },
    },
    (f) =>
      f.channel === channel &&
      (f.event === 'pusher_internal:subscription_succeeded' ||
        f.event === 'pusher:subscription_error'),
  )
}

/** pusher-js (its Node build) configured for this server, authorizing via the `pusher` SDK. */
export function pusherJsClient(
  port: number,
  opts: {
    sdk: PusherServer
    presence?: { user_id: string; user_info?: Record<string, unknown> }
    user?: { id: string; user_info?: Record<string, unknown> }
    key?: string
  },
): Pusher {
  return new Pusher(opts.key ?? APP.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        try {
          const data = channelName.startsWith('presence-') ? opts.presence : undefined
          callback(null, opts.sdk.authorizeChannel(socketId, channelName, data))
        } catch (err) {
          callback(err as Error, null)
        }
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        if (!opts.user) return callback(new Error('no user'), null)
        callback(null, opts.sdk.authenticateUser(socketId, opts.user))
      },
    },
  })
}

/**
 * Resolve when `fn` returns (or resolves to) truthy, polling, or fail after `timeoutMs`. An async
 * `fn` is awaited: its promise itself is always truthy.
 */
export async function eventually<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

export function waitForState(client: Pusher, state: string, timeoutMs = 5000): Promise<void> {
  return eventually(() => client.connection.state === state, timeoutMs, `state ${state}`).then(
    () => undefined,
  )
}
