/**
 * The viewers of bench/show.ts, in child processes so their CPU is not the app's: raw
 * Pusher-protocol sockets (guests, as pusher-js would subscribe them; see bench/realtime.ts for
 * why raw) on the channels a room subscribes to. Each counts every stamped event it receives, by
 * event name, and records commit → socket latency from the stamp the bench's broadcaster put last
 * in the event's data (`benchAt`), read without decoding the whole frame: these processes share
 * the two cores with the app, so their per-message cost is kept small. Latencies go into 0.1 ms
 * histograms per event kind, so several processes' reports merge exactly (mergeReports).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { WebSocket } from 'ws'

export const EVENT_KINDS = ['bid.placed', 'lot.updated', 'chat.message', 'show.updated'] as const
export type EventKind = (typeof EVENT_KINDS)[number] | 'other'
const KINDS: readonly EventKind[] = [...EVENT_KINDS, 'other']
/** 0.1 ms buckets up to 60 s; slower ones land in the last. */
const BUCKET_MS = 0.1
const BUCKETS = 600_000

export type ViewersRequest =
  | { type: 'open'; port: number; key: string; channels: string[]; sockets: number }
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

/** One process's raw counts: per kind, its sparse histogram ([bucket, count, …]) and extremes. */
export interface ViewersRaw {
  type: 'raw'
  sockets: number
  kinds: Array<{ total: number; min: number; max: number; hist: number[] }>
  maxMs: number
  cpuMicros: number
  loopP99Ms: number
  /** Frames that were not stamped events in the window (subscription counts, older events). */
  unstamped: number
}

export interface ViewersReport {
  delivered: number
  counts: KindCount[]
  p50: number
  p99: number
  max: number
  cpuMicros: number
  /** The worst of the processes. */
  loopP99Ms: number
  unstamped: number
}

const nowMs = () => performance.timeOrigin + performance.now()
const STAMP = Buffer.from('\\"benchAt\\":')
const EVENT_AT = '{"event":"'.length

let sockets: WebSocket[] = []
let perSocket = new Int32Array(0)
let hists: Int32Array[] = []
let delivered = 0
let maxMs = 0
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
  const ms = Math.max(0, at - committed)
  hists[kind]![Math.min(BUCKETS - 1, Math.floor(ms / BUCKET_MS))]! += 1
  if (ms > maxMs) maxMs = ms
  delivered++
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
  hists = KINDS.map(() => new Int32Array(BUCKETS))
  delivered = maxMs = unstamped = 0
  windowFrom = Number.POSITIVE_INFINITY
  const BATCH = 200 // bounded concurrency for the handshakes
  for (let i = 0; i < request.sockets; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, request.sockets - i) }, (_, j) =>
      open(request.port, request.key, request.channels, i + j),
    )
    sockets.push(...(await Promise.all(batch)))
  }
}

function raw(): ViewersRaw {
  const kinds = KINDS.map((_, k) => {
    let total = 0
    let min = Number.POSITIVE_INFINITY
    let max = 0
    for (let s = 0; s < sockets.length; s++) {
      const c = perSocket[s * KINDS.length + k]!
      total += c
      min = Math.min(min, c)
      max = Math.max(max, c)
    }
    const hist: number[] = []
    hists[k]!.forEach((count, bucket) => {
      if (count > 0) hist.push(bucket, count)
    })
    return { total, min: sockets.length ? min : 0, max, hist }
  })
  const used = process.cpuUsage(cpu0)
  return {
    type: 'raw',
    sockets: sockets.length,
    kinds,
    maxMs,
    cpuMicros: used.user + used.system,
    loopP99Ms: loop.percentile(99) / 1e6,
    unstamped,
  }
}

/** The percentile `p` of a sparse histogram (upper edge of its bucket), ms. */
function percentileOf(hist: Map<number, number>, total: number, p: number): number {
  if (total === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * total)
  let seen = 0
  for (const bucket of [...hist.keys()].sort((a, b) => a - b)) {
    seen += hist.get(bucket)!
    if (seen >= rank) return (bucket + 1) * BUCKET_MS
  }
  return Number.NaN
}

/** Several viewer processes' counts as one room's. */
export function mergeReports(raws: ViewersRaw[]): ViewersReport {
  const all = new Map<number, number>()
  let total = 0
  const counts: KindCount[] = KINDS.map((kind, k) => {
    const hist = new Map<number, number>()
    let kindTotal = 0
    for (const r of raws) {
      const h = r.kinds[k]!.hist
      for (let i = 0; i < h.length; i += 2) {
        hist.set(h[i]!, (hist.get(h[i]!) ?? 0) + h[i + 1]!)
        all.set(h[i]!, (all.get(h[i]!) ?? 0) + h[i + 1]!)
        kindTotal += h[i + 1]!
      }
    }
    total += kindTotal
    return {
      kind,
      total: kindTotal,
      p99: percentileOf(hist, kindTotal, 99),
      minPerSocket: Math.min(...raws.filter((r) => r.sockets).map((r) => r.kinds[k]!.min)),
      maxPerSocket: Math.max(...raws.map((r) => r.kinds[k]!.max)),
    }
  })
  return {
    delivered: total,
    counts,
    p50: percentileOf(all, total, 50),
    p99: percentileOf(all, total, 99),
    max: Math.max(...raws.map((r) => r.maxMs)),
    cpuMicros: raws.reduce((n, r) => n + r.cpuMicros, 0),
    loopP99Ms: Math.max(...raws.map((r) => r.loopP99Ms)),
    unstamped: raws.reduce((n, r) => n + r.unstamped, 0),
  }
}

if (process.send) {
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
        send({ type: 'progress', delivered })
        break
      case 'report':
        loop.disable()
        send(raw())
        break
      case 'close':
        for (const ws of sockets) ws.terminate()
        sockets = []
        send({ type: 'closed' })
        break
    }
  })
}
