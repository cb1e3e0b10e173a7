/**
 * The viewers of bench/show.ts, in their own process so their CPU is not the app's: N raw
 * Pusher-protocol sockets (guests, as pusher-js would subscribe them; see bench/realtime.ts for
 * why raw) on the channels a room subscribes to. Each counts every stamped event it receives, by
 * event name, and records commit → socket latency from the stamp the bench's broadcaster put last
 * in the event's data (`benchAt`), read without decoding the whole frame: this process shares the
 * two cores with the app, so its per-message cost is kept small.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { WebSocket } from 'ws'

export const EVENT_KINDS = ['bid.placed', 'lot.updated', 'chat.message', 'show.updated'] as const
export type EventKind = (typeof EVENT_KINDS)[number] | 'other'
const KINDS: readonly EventKind[] = [...EVENT_KINDS, 'other']

export type ViewersRequest =
  | {
      type: 'open'
      port: number
      key: string
      channels: string[]
      sockets: number
      capacity: number
    }
  | { type: 'window'; from: number }
  | { type: 'progress' }
  | { type: 'report' }
  | { type: 'close' }

export interface KindCount {
  kind: EventKind
  total: number
  /** Commit → socket p99 of this kind's deliveries, ms. */
  p99: number
  /** The fewest and most of this kind one socket received. */
  minPerSocket: number
  maxPerSocket: number
}

export interface ViewersReport {
  type: 'report'
  delivered: number
  counts: KindCount[]
  p50: number
  p99: number
  max: number
  /** Latencies dropped because the buffer was full (0 unless `capacity` was too small). */
  overflow: number
  cpuMicros: number
  loopP99Ms: number
  /** Frames that were not stamped events in the window (subscription counts, older events). */
  unstamped: number
}

const nowMs = () => performance.timeOrigin + performance.now()
const STAMP = Buffer.from('\\"benchAt\\":')
const EVENT_AT = '{"event":"'.length

let sockets: WebSocket[] = []
let perSocket = new Int32Array(0)
let latencies = new Float64Array(0)
let latencyKinds = new Uint8Array(0)
let n = 0
let overflow = 0
let unstamped = 0
let windowFrom = Number.POSITIVE_INFINITY
let cpu0 = process.cpuUsage()
const loop = monitorEventLoopDelay({ resolution: 5 })

function kindOf(buf: Buffer): number {
  const head = buf.toString('latin1', EVENT_AT, EVENT_AT + 14)
  for (let k = 0; k < EVENT_KINDS.length; k++) {
    if (head.startsWith(`${EVENT_KINDS[k]}"`)) return k
  }
  return KINDS.length - 1
}

function onFrame(socket: number, buf: Buffer, at: number): void {
  const i = buf.lastIndexOf(STAMP)
  if (i < 0) return void unstamped++
  const start = i + STAMP.length
  const committed = parseFloat(buf.toString('latin1', start, start + 24))
  if (!(committed >= windowFrom)) return void unstamped++
  const kind = kindOf(buf)
  perSocket[socket * KINDS.length + kind]! += 1
  if (n < latencies.length) {
    latencyKinds[n] = kind
    latencies[n++] = at - committed
  } else overflow++
}

function open(port: number, key: string, channels: string[], index: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=bench&version=1`)
    const timer = setTimeout(() => reject(new Error('subscribe timeout')), 60_000)
    let waiting = channels.length
    ws.on('message', (buf: Buffer) => {
      const at = nowMs()
      if (waiting === 0) return onFrame(index, buf, at)
      const raw = buf.toString('utf8')
      if (raw.includes('pusher:connection_established')) {
        for (const channel of channels) {
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: '' } }))
        }
      } else if (raw.includes('pusher_internal:subscription_succeeded')) {
        if (--waiting === 0) {
          clearTimeout(timer)
          resolve(ws)
        }
      }
    })
    ws.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })
}

async function openAll(request: Extract<ViewersRequest, { type: 'open' }>): Promise<void> {
  perSocket = new Int32Array(request.sockets * KINDS.length)
  latencies = new Float64Array(request.capacity)
  latencyKinds = new Uint8Array(request.capacity)
  n = overflow = unstamped = 0
  windowFrom = Number.POSITIVE_INFINITY
  const BATCH = 200 // bounded concurrency for the handshakes
  for (let i = 0; i < request.sockets; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, request.sockets - i) }, (_, j) =>
      open(request.port, request.key, request.channels, i + j),
    )
    sockets.push(...(await Promise.all(batch)))
  }
}

function report(): ViewersReport {
  const counts: KindCount[] = KINDS.map((kind, k) => {
    let total = 0
    let min = Number.POSITIVE_INFINITY
    let max = 0
    for (let s = 0; s < sockets.length; s++) {
      const c = perSocket[s * KINDS.length + k]!
      total += c
      min = Math.min(min, c)
      max = Math.max(max, c)
    }
    const mine = latencies
      .slice(0, n)
      .filter((_, i) => latencyKinds[i] === k)
      .sort()
    const p99 = mine[Math.max(0, Math.ceil(0.99 * mine.length) - 1)] ?? NaN
    return { kind, total, p99, minPerSocket: sockets.length ? min : 0, maxPerSocket: max }
  })
  const sorted = latencies.slice(0, n).sort()
  const at = (p: number) =>
    sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))] ?? NaN
  const used = process.cpuUsage(cpu0)
  return {
    type: 'report',
    delivered: n + overflow,
    counts,
    p50: at(50),
    p99: at(99),
    max: sorted[n - 1] ?? NaN,
    overflow,
    cpuMicros: used.user + used.system,
    loopP99Ms: loop.percentile(99) / 1e6,
    unstamped,
  }
}

process.on('message', (request: ViewersRequest) => {
  const send = (m: object) => process.send!(m)
  switch (request.type) {
    case 'open':
      openAll(request).then(
        () => send({ type: 'opened' }),
        (err: unknown) => send({ type: 'error', error: String(err) }),
      )
      break
    case 'window':
      windowFrom = request.from
      cpu0 = process.cpuUsage()
      loop.reset()
      loop.enable()
      send({ type: 'window' })
      break
    case 'progress':
      send({ type: 'progress', delivered: n + overflow })
      break
    case 'report':
      loop.disable()
      send(report())
      break
    case 'close':
      for (const ws of sockets) ws.terminate()
      sockets = []
      send({ type: 'closed' })
      break
  }
})
