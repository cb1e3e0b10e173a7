/**
 * Real-time fan-out benchmark: N raw Pusher-protocol sockets on one channel, M events/s published
 * through the official `pusher` SDK for a fixed duration; delivery latency measured per socket.
 *
 *   npx tsx bench/realtime.ts [--sockets 500,2000,5000] [--rate 20] [--duration 10] [--markdown]
 *     [--nodes 1,2]
 *   (or BENCH_SOCKETS / BENCH_RATE / BENCH_DURATION / BENCH_NODES env vars)
 *
 * --nodes 2: two server processes joined through Redis (BENCH_REDIS_URL, else REDIS_URL, else
 * 127.0.0.1:6379; a fresh key prefix per run), sockets split evenly between them, events published
 * alternately to each, so half of every node's deliveries came through Redis.
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
import { BENCH_APP, ServerProcess, type Usage } from './lib/realtime-process.ts'
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
const nodeCounts = arg('nodes', 'BENCH_NODES', '1')
  .split(',')
  .map((s) => Number(s.trim()))
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

for (const n of socketCounts) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SOCKETS) throw new Error(`bad socket count ${n}`)
}
for (const n of nodeCounts) {
  if (!Number.isInteger(n) || n < 1 || n > 4) throw new Error(`bad node count ${n}`)
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
  nodes: number
  rate: number
  durationS: number
  expected: number
  delivered: number
  p50: number
  p99: number
  max: number
  /** Per node (the mean when there are several). */
  serverCpuPct: number
  /** Server CPU time (all nodes) per delivered message: robust when other processes compete for the CPU. */
  serverUsPerDelivery: number
  serverRssMb: number
  /** Messages published on the Redis bus per second, all nodes together (0 on one node). */
  busMsgsPerS: number
  loadgenCpuPct: number
  serverLoopP99Ms: number
  loadgenLoopP99Ms: number
  connectS: number
  /** 1-minute load average before the run: the machine is shared, so say how busy it was. */
  loadBefore: number
}

/** One process per node; with several, wait until each sees all the others. */
async function startServers(nodes: number): Promise<ServerProcess[]> {
  if (nodes === 1) return [await ServerProcess.start()]
  const cluster = { redisUrl, prefix: `lotline:bench:${process.pid}:${Date.now()}` }
  const servers = await Promise.all(
    Array.from({ length: nodes }, () => ServerProcess.start(cluster)),
  )
  for (let i = 0; ; i++) {
    const usage = await Promise.all(servers.map((s) => s.usage()))
    if (usage.every((u) => u.clusterNodes === nodes)) return servers
    if (i > 100) throw new Error(`nodes did not join through ${redisUrl}`)
    await sleep(100)
  }
}

const usageOf = (servers: ServerProcess[]) => Promise.all(servers.map((s) => s.usage()))
const sum = (usage: Usage[], pick: (u: Usage) => number) =>
  usage.reduce((acc, u) => acc + pick(u), 0)
const max = (usage: Usage[], pick: (u: Usage) => number) => Math.max(...usage.map(pick))

async function runOne(n: number, nodes: number): Promise<Result> {
  const loadBefore = loadavg()[0] ?? NaN
  const servers = await startServers(nodes)
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
    const batch = Array.from({ length: Math.min(BATCH, n - i) }, (_, j) =>
      openSubscriber((servers[(i + j) % nodes] as ServerProcess).port, onEvent),
    )
    sockets.push(...(await Promise.all(batch)))
  }
  const connectS = (nowMs() - connectStart) / 1000
  const u0 = await usageOf(servers)
  const connections = sum(u0, (u) => u.connections)
  if (connections !== n) throw new Error(`servers see ${connections} sockets, expected ${n}`)

  const agent = new Agent({ keepAlive: true, maxSockets: 16 })
  const sdks = servers.map(
    (server) =>
      new PusherServer({
        appId: BENCH_APP.id,
        key: BENCH_APP.key,
        secret: BENCH_APP.secret,
        host: '127.0.0.1',
        port: String(server.port),
        useTLS: false,
        agent,
      }),
  )
  await sleep(500) // let the connect burst settle before measuring
  for (const server of servers) server.resetLoop()
  const lgLoop = monitorEventLoopDelay({ resolution: 5 })
  lgLoop.enable()
  const s0 = await usageOf(servers)
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
    const sdk = sdks[k % nodes] as PusherServer
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
  const s1 = await usageOf(servers)
  const lg1 = process.cpuUsage(lg0)
  lgLoop.disable()

  for (const ws of sockets) ws.terminate()
  agent.destroy()
  await Promise.all(servers.map((s) => s.stop()))

  const cpuMicros = sum(s1, (u) => u.cpuMicros) - sum(s0, (u) => u.cpuMicros)
  const busSent = sum(s1, (u) => u.busSent) - sum(s0, (u) => u.busSent)
  const sorted = latencies.slice(0, count).sort()
  return {
    sockets: n,
    nodes,
    rate,
    durationS,
    expected,
    delivered: count,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    serverCpuPct: (cpuMicros / 1000 / wall / nodes) * 100,
    serverUsPerDelivery: cpuMicros / Math.max(1, count),
    serverRssMb: max(s1, (u) => u.rss) / 1024 / 1024,
    // Over the publishing schedule: the straggler wait after it would dilute the rate.
    busMsgsPerS: busSent / durationS,
    loadgenCpuPct: ((lg1.user + lg1.system) / 1000 / wall) * 100,
    serverLoopP99Ms: max(s1, (u) => u.loopP99Ms),
    loadgenLoopP99Ms: lgLoop.percentile(99) / 1e6,
    connectS,
    loadBefore,
  }
}

const f1 = (x: number) => x.toFixed(1)
const results: Result[] = []
for (const n of socketCounts) {
  for (const nodes of nodeCounts) {
    const r = await runOne(n, nodes)
    results.push(r)
    console.error(
      `N=${r.sockets} nodes=${r.nodes} M=${r.rate}/s: delivered ${r.delivered}/${r.expected}, ` +
        `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
        `server CPU ${r.serverCpuPct.toFixed(0)}% RSS ${r.serverRssMb.toFixed(0)} MB, ` +
        `loop p99 server ${f1(r.serverLoopP99Ms)} / load-gen ${f1(r.loadgenLoopP99Ms)} ms, ` +
        `${f1(r.serverUsPerDelivery)} µs/delivery, Redis ${f1(r.busMsgsPerS)} msgs/s`,
    )
    await sleep(500)
  }
}

const header =
  '| sockets | nodes | events/s | duration | delivered / expected | p50 ms | p99 ms | max ms | server CPU (per node) | server CPU µs / delivery | server RSS (max node) | Redis msgs/s | load-gen CPU | loop delay p99 server (max node) / load-gen | connect time | load avg before |'
const rows = results.map(
  (r) =>
    `| ${r.sockets} | ${r.nodes} | ${r.rate} | ${r.durationS} s | ${r.delivered} / ${r.expected} | ${f1(r.p50)} | ${f1(r.p99)} | ${f1(r.max)} | ${r.serverCpuPct.toFixed(0)}% | ${f1(r.serverUsPerDelivery)} | ${r.serverRssMb.toFixed(0)} MB | ${f1(r.busMsgsPerS)} | ${r.loadgenCpuPct.toFixed(0)}% | ${f1(r.serverLoopP99Ms)} / ${f1(r.loadgenLoopP99Ms)} ms | ${r.connectS.toFixed(1)} s | ${r.loadBefore.toFixed(2)} |`,
)
if (markdown) {
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}`,
  )
  console.log()
  console.log(header)
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
} else {
  console.log(JSON.stringify(results, null, 2))
}
