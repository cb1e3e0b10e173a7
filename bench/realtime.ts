/**
 * Real-time fan-out benchmark: N raw Pusher-protocol sockets on one channel, M events/s published
 * through the official `pusher` SDK for a fixed duration; delivery latency measured per socket.
 *
 *   npx tsx bench/realtime.ts [--sockets 500,2000,5000] [--rate 20] [--duration 10] [--markdown]
 *   (or BENCH_SOCKETS / BENCH_RATE / BENCH_DURATION env vars)
 *
 * Why raw `ws` clients and not pusher-js: 5,000 pusher-js instances (each with its own timers,
 * channel objects and faye-websocket stack) would make the load generator, which shares the
 * machine's cores with the server, the bottleneck. The raw clients speak the same protocol
 * (handshake, pusher:subscribe, double-encoded event data) and do the minimum per message.
 *
 * The server runs in a child process (bench/realtime-server.ts) so its CPU and RSS are measured
 * separately. Latency = receive time - the publisher's timestamp taken just before the SDK call,
 * so it includes the HTTP API request, signature check, fan-out and the socket writes.
 * Everything is on loopback (127.0.0.1) and bounded in sockets and time.
 */
import { Agent } from 'node:http'
import { cpus, loadavg, totalmem } from 'node:os'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import PusherServer from 'pusher'
import { WebSocket } from 'ws'
import { EVENTS, lotChannel } from '../common/wire.ts'
import { BENCH_APP, ServerProcess } from './lib/realtime-process.ts'
import { percentile } from './lib/report.ts'

const CHANNEL = lotChannel('bench')
const MAX_SOCKETS = 20_000
const MAX_DURATION_S = 120

function arg(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? process.argv[i + 1] : undefined
  return v ?? process.env[env] ?? fallback
}

const socketCounts = arg('sockets', 'BENCH_SOCKETS', '500,2000,5000')
  .split(',')
  .map((s) => Number(s.trim()))
const rate = Number(arg('rate', 'BENCH_RATE', '20'))
const durationS = Number(arg('duration', 'BENCH_DURATION', '10'))
const markdown = process.argv.includes('--markdown')

for (const n of socketCounts) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SOCKETS) throw new Error(`bad socket count ${n}`)
}
if (!(rate > 0 && rate <= 1000)) throw new Error(`bad rate ${rate}`)
if (!(durationS > 0 && durationS <= MAX_DURATION_S)) throw new Error(`bad duration ${durationS}`)

/** Wall-clock milliseconds with sub-ms precision, comparable across processes on this host. */
const nowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Open one raw protocol socket and subscribe it; resolves once subscription_succeeded arrives. */
function openSubscriber(
  port: number,
  onEvent: (buf: Buffer, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${BENCH_APP.key}?protocol=7&client=bench&version=1`,
    )
    const timer = setTimeout(() => reject(new Error('subscribe timeout')), 30_000)
    let subscribed = false
    ws.on('message', (buf: Buffer) => {
      const at = nowMs()
      if (subscribed) return onEvent(buf, at)
      const raw = buf.toString('utf8')
      if (raw.includes('pusher:connection_established')) {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL, auth: '' } }))
      } else if (raw.includes('pusher_internal:subscription_succeeded')) {
        subscribed = true
        clearTimeout(timer)
        resolve(ws)
      }
    })
    ws.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
  })
}

interface Result {
  sockets: number
  rate: number
  durationS: number
  expected: number
  delivered: number
  p50: number
  p99: number
  max: number
  serverCpuPct: number
  /** Server CPU time per delivered message: robust when other processes compete for the CPU. */
  serverUsPerDelivery: number
  serverRssMb: number
  loadgenCpuPct: number
  serverLoopP99Ms: number
  loadgenLoopP99Ms: number
  connectS: number
  /** 1-minute load average before the run: the machine is shared, so say how busy it was. */
  loadBefore: number
}

async function runOne(n: number): Promise<Result> {
  const loadBefore = loadavg()[0] ?? NaN
  const server = await ServerProcess.start()
  const totalEvents = Math.round(rate * durationS)
  const latencies = new Float64Array(n * totalEvents)
  let count = 0
  // Find the publisher's timestamp without decoding the whole frame: the load generator shares
  // the CPU with the server, so its per-message cost is kept minimal.
  const T_MARK = Buffer.from('\\"t\\":')
  const onEvent = (buf: Buffer, at: number) => {
    const i = buf.lastIndexOf(T_MARK)
    if (i < 0 || count >= latencies.length) return
    const start = i + T_MARK.length
    latencies[count++] = at - parseFloat(buf.toString('latin1', start, start + 24))
  }

  const connectStart = nowMs()
  const sockets: WebSocket[] = []
  const BATCH = 250 // bounded concurrency for the handshakes
  for (let i = 0; i < n; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - i) }, () =>
      openSubscriber(server.port, onEvent),
    )
    sockets.push(...(await Promise.all(batch)))
  }
  const connectS = (nowMs() - connectStart) / 1000
  const u0 = await server.usage()
  if (u0.connections !== n) throw new Error(`server sees ${u0.connections} sockets, expected ${n}`)

  const agent = new Agent({ keepAlive: true, maxSockets: 16 })
  const sdk = new PusherServer({
    appId: BENCH_APP.id,
    key: BENCH_APP.key,
    secret: BENCH_APP.secret,
    host: '127.0.0.1',
    port: String(server.port),
    useTLS: false,
    agent,
  })
  await sleep(500) // let the connect burst settle before measuring
  server.resetLoop()
  const lgLoop = monitorEventLoopDelay({ resolution: 5 })
  lgLoop.enable()
  const s0 = await server.usage()
  const lg0 = process.cpuUsage()
  const wall0 = nowMs()

  // Fixed schedule (not setInterval drift): event k is due at start + k / rate.
  const inflight: Array<Promise<unknown>> = []
  const padding = 'x'.repeat(120) // a bid-sized payload
  for (let k = 0; k < totalEvents; k++) {
    const due = wall0 + (k * 1000) / rate
    const wait = due - nowMs()
    if (wait > 0) await sleep(wait)
    const t = nowMs()
    inflight.push(
      sdk.trigger(CHANNEL, EVENTS.bidPlaced, { seq: k, lot: 1, amount: 100 + k, padding, t }),
    )
  }
  await Promise.all(inflight)
  // Wait for stragglers: until everything arrived or 5 s of no progress.
  const expected = n * totalEvents
  let last = -1
  let stableSince = nowMs()
  while (count < expected && nowMs() - stableSince < 5000) {
    if (count !== last) {
      last = count
      stableSince = nowMs()
    }
    await sleep(50)
  }
  const wall = nowMs() - wall0
  const s1 = await server.usage()
  const lg1 = process.cpuUsage(lg0)
  lgLoop.disable()

  for (const ws of sockets) ws.terminate()
  agent.destroy()
  await server.stop()

  const sorted = latencies.slice(0, count).sort()
  return {
    sockets: n,
    rate,
    durationS,
    expected,
    delivered: count,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    serverCpuPct: ((s1.cpuMicros - s0.cpuMicros) / 1000 / wall) * 100,
    serverUsPerDelivery: (s1.cpuMicros - s0.cpuMicros) / Math.max(1, count),
    serverRssMb: s1.rss / 1024 / 1024,
    loadgenCpuPct: ((lg1.user + lg1.system) / 1000 / wall) * 100,
    serverLoopP99Ms: s1.loopP99Ms,
    loadgenLoopP99Ms: lgLoop.percentile(99) / 1e6,
    connectS,
    loadBefore,
  }
}

const f1 = (x: number) => x.toFixed(1)
const results: Result[] = []
for (const n of socketCounts) {
  const r = await runOne(n)
  results.push(r)
  console.error(
    `N=${r.sockets} M=${r.rate}/s: delivered ${r.delivered}/${r.expected}, ` +
      `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
      `server CPU ${r.serverCpuPct.toFixed(0)}% RSS ${r.serverRssMb.toFixed(0)} MB, ` +
      `loop p99 server ${f1(r.serverLoopP99Ms)} / load-gen ${f1(r.loadgenLoopP99Ms)} ms`,
  )
  await sleep(500)
}

const header =
  '| sockets | events/s | duration | delivered / expected | p50 ms | p99 ms | max ms | server CPU | server CPU µs / delivery | server RSS | load-gen CPU | loop delay p99 server / load-gen | connect time | load avg before |'
const rows = results.map(
  (r) =>
    `| ${r.sockets} | ${r.rate} | ${r.durationS} s | ${r.delivered} / ${r.expected} | ${f1(r.p50)} | ${f1(r.p99)} | ${f1(r.max)} | ${r.serverCpuPct.toFixed(0)}% | ${f1(r.serverUsPerDelivery)} | ${r.serverRssMb.toFixed(0)} MB | ${r.loadgenCpuPct.toFixed(0)}% | ${f1(r.serverLoopP99Ms)} / ${f1(r.loadgenLoopP99Ms)} ms | ${r.connectS.toFixed(1)} s | ${r.loadBefore.toFixed(2)} |`,
)
if (markdown) {
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}`,
  )
  console.log()
  console.log(header)
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} else {
  console.log(JSON.stringify(results, null, 2))
}
