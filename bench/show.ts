/**
 * One live show with 2,000 viewers on one node (issue 34): the lot on the block taking 20 bids/s
 * and the chat 20 messages/s, every event counted on every viewer's socket, commit → socket
 * latency, and the same run's plain lot room of 2,000 watchers taking the same bids, to compare
 * the cost of a delivery (docs/product.md "Live shows": p99 ≤ 150 ms on a quiet 2-core machine,
 * and a show's delivery costing what a lot room's does).
 *
 *   npx tsx bench/show.ts [--viewers 2000] [--bids 20] [--chat 20] [--seconds 20] [--viewer-processes 4] [--warmup 8 | --no-warmup] [--lot-first] [--write]
 *
 * One node as `npm start` runs it: the real app (buildApp + listen) and its embedded real-time
 * service in this process (with the subscription count on, as the app has it), PostgreSQL on
 * 127.0.0.1 in a fresh `lotline_bench_*` database dropped at the end. The viewers (raw sockets,
 * bench/lib/show-viewers.ts) and the writers (bench/lib/show-driver.ts) are child processes, so
 * this process's CPU is the node's. Everything goes through the real API: the seller creates the
 * show with two lots (inserted as `scheduled` rows, as bench/bids.ts inserts its lots), starts it
 * and opens the first lot (`next`); bidders (funded by a ledger adjustment, as bench/bids.ts does)
 * bid over HTTP, chatters post to the chat (5 messages per 10 s each, so 20/s needs ≥ 40 of them;
 * twice that are used), and the host pauses and resumes the show once (two `show.updated`).
 *
 * Commit → socket: the app's broadcaster is the real one with one addition — it stamps each
 * event's data with the time its publish was called (`benchAt`, wall-clock ms), which is right
 * after the transaction committed (Publication.send); the viewer's receive time minus that stamp
 * is the latency, both clocks being this machine's. Per-delivery cost: this process's CPU time
 * (API, database client, real-time service) and the real-time fan-out loops' time (onFanOut),
 * each divided by the frames the service wrote in the window.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { lotChannel, SHOW_CHANNEL_PREFIX, showChannel } from '../common/wire.ts'
import { Broadcaster, type BroadcastEvent } from '../server/lib/broadcaster.ts'
import { AppState } from '../server/realtime/app-state.ts'
import { flag, numberArg } from './lib/args.ts'
import type { DriverPlan, DriverResult } from './lib/show-driver.ts'
import {
  EVENT_KINDS,
  mergeReports,
  type ViewersRaw,
  type ViewersReport,
  type ViewersRequest,
} from './lib/show-viewers.ts'
import {
  fundMembers,
  httpClient,
  insertOpenLot,
  machine,
  percentile,
  postgresVersion,
  PUSHER_APP,
  startStack,
  writeSection,
  type BenchMember,
  type Stack,
} from './lib/stack.ts'

const VIEWERS = numberArg('viewers', 2_000, 10_000)
const BID_RATE = numberArg('bids', 20, 200)
const CHAT_RATE = numberArg('chat', 20, 200)
const SECONDS = numberArg('seconds', 20, 60)
const WRITE = flag('write')
const LOT_FIRST = flag('lot-first')
const VIEWER_PROCESSES = numberArg('viewer-processes', 4, 16)
const WARMUP = flag('no-warmup') ? 0 : numberArg('warmup', 8, 60)
const BIDDERS = 20
/** 5 messages per 10 s each: at CHAT_RATE/s each writes CHAT_RATE / CHATTERS per second. */
const CHATTERS = Math.ceil((CHAT_RATE / 0.5) * 2)
const STARTING_PRICE = 100
const P99_BUDGET_MS = 150
const COUNT_INTERVAL_MS = 3_000

const nowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The CPU time of the fan-outs: from the first fan-out of an event-loop turn to the end of that
 * turn, when the service's corked socket writes leave (server/realtime/frames.ts), measured around
 * the service's own publish. Unlike the fan-out's wall time (onFanOut) it does not grow when the
 * process waits for a core, so a shared machine blurs the comparison less; it may include other
 * work done in the same turn, for both rooms alike.
 */
const fanOutCpu = { micros: 0, sockets: 0 }
let turnStart: NodeJS.CpuUsage | undefined
const publishFrame = AppState.prototype.publish
AppState.prototype.publish = function (this: AppState, ...args: Parameters<typeof publishFrame>) {
  const first = turnStart === undefined
  if (first) turnStart = process.cpuUsage()
  const sent = publishFrame.apply(this, args)
  fanOutCpu.sockets += sent
  // Scheduled after the service's own end-of-turn flush, so it runs after the writes.
  if (first) {
    setImmediate(() => {
      const used = process.cpuUsage(turnStart)
      turnStart = undefined
      fanOutCpu.micros += used.user + used.system
    })
  }
  return sent
}

/** The real broadcaster, stamping each event and counting those on the watched channels. */
class StampingBroadcaster extends Broadcaster {
  from = Number.POSITIVE_INFINITY
  watched = new Set<string>()
  counts = new Map<string, number>()

  override async publish(events: BroadcastEvent[], socketId?: string): Promise<void> {
    const at = nowMs()
    const stamped = events.map((e) => {
      if (at >= this.from && this.watched.has(e.channel)) {
        const kind = (EVENT_KINDS as readonly string[]).includes(e.name) ? e.name : 'other'
        this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1)
      }
      // Last in the object, so the viewers find it from the end of the frame.
      return { ...e, data: { ...(e.data as object), benchAt: at } }
    })
    return super.publish(stamped, socketId)
  }

  window(from: number, channels: string[]) {
    this.from = from
    this.watched = new Set(channels)
    this.counts = new Map()
  }
}

/** A child process answering requests in order over IPC. */
class Child {
  private waiting: Array<(m: { type: string }) => void> = []
  readonly child: ChildProcess
  constructor(file: string) {
    this.child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    this.child.on('message', (m: { type: string }) => this.waiting.shift()?.(m))
  }
  ask<T>(request: object): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting.push((m) =>
        m.type === 'error' ? reject(new Error(JSON.stringify(m))) : resolve(m as T),
      )
      this.child.send(request)
    })
  }
  stop() {
    this.child.kill()
  }
}

interface Phase {
  name: string
  viewers: number
  channels: string[]
  seconds: number
  published: Record<string, number>
  expected: number
  report: ViewersReport
  driver: DriverResult
  appCpuPct: number
  appUsPerDelivery: number
  fanOutUsPerDelivery: number
  fanOutCpuUsPerDelivery: number
  deliveriesOut: number
  appLoopP99Ms: number
  viewersCpuPct: number
  loadBefore: number
  connectS: number
}

interface Setup {
  stack: Stack
  stamper: StampingBroadcaster
  fanOut: { seconds: number; sockets: number }
  seller: BenchMember
  bidders: BenchMember[]
  chatters: BenchMember[]
}

async function measure(
  setup: Setup,
  name: string,
  channels: string[],
  plan: Omit<DriverPlan, 'baseUrl' | 'seconds'>,
  beforeWindow: () => Promise<void> = async () => undefined,
  seconds = SECONDS,
): Promise<Phase> {
  const { stack, stamper, fanOut } = setup
  const loadBefore = loadavg()[0]!
  // Several processes, as the viewers are separate devices: one process reading 2,000 sockets'
  // frames one after another would add its own queue to the tail it measures.
  const viewers = Array.from({ length: VIEWER_PROCESSES }, () => new Child('./lib/show-viewers.ts'))
  const all = <T>(request: object) => Promise.all(viewers.map((v) => v.ask<T>(request)))
  try {
    const connect0 = nowMs()
    await Promise.all(
      viewers.map((v, i) =>
        v.ask<ViewersRequest>({
          type: 'open',
          port: stack.realtime.port,
          key: PUSHER_APP.key,
          channels,
          sockets:
            Math.floor(VIEWERS / VIEWER_PROCESSES) + (i < VIEWERS % VIEWER_PROCESSES ? 1 : 0),
        }),
      ),
    )
    const connectS = (nowMs() - connect0) / 1000
    await beforeWindow()
    // The first subscription counts (every few seconds) go out before the window opens.
    await sleep(COUNT_INTERVAL_MS + 500)
    const from = nowMs()
    stamper.window(from, channels)
    await all({ type: 'window', from })
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    fanOut.seconds = fanOut.sockets = 0
    fanOutCpu.micros = fanOutCpu.sockets = 0
    const out0 = stack.realtime.stats().deliveriesOut
    const cpu0 = process.cpuUsage()
    const wall0 = nowMs()

    const driver = fork(fileURLToPath(new URL('./lib/show-driver.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    })
    const result = await new Promise<DriverResult>((resolve, reject) => {
      driver.once('message', (m) => resolve(m as DriverResult))
      driver.once('exit', (code) => code !== 0 && reject(new Error(`driver exited with ${code}`)))
      driver.send({ ...plan, baseUrl: stack.baseUrl, seconds } satisfies DriverPlan)
    })
    if (!result.ok) throw new Error(result.error)

    // Until everything published arrived, or 5 s without progress.
    const published = Object.fromEntries(stamper.counts)
    const expected = Object.values(published).reduce((a, b) => a + b, 0) * VIEWERS
    let last = -1
    let stableSince = nowMs()
    for (;;) {
      const progress = await all<{ delivered: number }>({ type: 'progress' })
      const delivered = progress.reduce((n, p) => n + p.delivered, 0)
      if (delivered >= expected || nowMs() - stableSince > 5_000) break
      if (delivered !== last) {
        last = delivered
        stableSince = nowMs()
      }
      await sleep(50)
    }
    const wall = nowMs() - wall0
    const cpu = process.cpuUsage(cpu0)
    loop.disable()
    const deliveriesOut = stack.realtime.stats().deliveriesOut - out0
    const report = mergeReports(await all<ViewersRaw>({ type: 'report' }))
    await all({ type: 'close' })
    const cpuMicros = cpu.user + cpu.system
    return {
      name,
      viewers: VIEWERS,
      channels,
      seconds: result.elapsed,
      published: Object.fromEntries(stamper.counts),
      expected,
      report,
      driver: result,
      appCpuPct: (cpuMicros / 1000 / wall) * 100,
      appUsPerDelivery: cpuMicros / Math.max(1, deliveriesOut),
      fanOutUsPerDelivery: (fanOut.seconds * 1e6) / Math.max(1, fanOut.sockets),
      fanOutCpuUsPerDelivery: fanOutCpu.micros / Math.max(1, fanOutCpu.sockets),
      deliveriesOut,
      appLoopP99Ms: loop.percentile(99) / 1e6,
      viewersCpuPct: (report.cpuMicros / 1000 / wall) * 100,
      loadBefore,
      connectS,
    }
  } finally {
    for (const v of viewers) v.stop()
  }
}

async function scheduledLot(stack: Stack, sellerId: string): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into lots (seller_id, title, description, starting_price, starts_at, ends_at, status)
     values ($1, 'Bench show lot', 'On the block', $2, now() + interval '1 hour',
             now() + interval '2 hours', 'scheduled') returning id`,
    [sellerId, STARTING_PRICE],
  )
  return rows[0]!.id
}

/** The seller's show through the API: created with two lots, started. */
async function liveShow(
  setup: Setup,
): Promise<{ showId: string; lotId: string; open: () => Promise<void> }> {
  const { stack, seller } = setup
  const lots = [await scheduledLot(stack, seller.id), await scheduledLot(stack, seller.id)]
  const client = httpClient(stack.baseUrl, 4)
  const post = async (path: string, body: unknown) => {
    const r = await client.post(path, body, { cookie: seller.cookie })
    if (r.status >= 300) throw new Error(`${path}: ${r.status} ${r.body}`)
    return JSON.parse(r.body) as { id: string }
  }
  const show = await post('/api/shows', {
    title: 'Bench live show',
    startsAt: new Date(Date.now() + 60_000).toISOString(),
    lots: lots.map((lotId) => ({ lotId, timerSeconds: 120, mode: 'standard' })),
  })
  await post(`/api/shows/${show.id}/start`, {})
  return {
    showId: show.id,
    lotId: lots[0]!,
    // Opened once the viewers are in, so its 120 s cover the run.
    open: async () => {
      await post(`/api/shows/${show.id}/next`, { lotId: lots[0] })
      client.close()
    },
  }
}

const f1 = (x: number) => x.toFixed(1)

function rows(p: Phase): string[] {
  const deliveredOk = p.report.counts.every(
    (c) => c.minPerSocket === c.maxPerSocket && c.maxPerSocket === (p.published[c.kind] ?? 0),
  )
  const perKind = p.report.counts
    .filter((c) => c.total > 0 || p.published[c.kind])
    .map(
      (c) =>
        `${c.kind} ${p.published[c.kind] ?? 0} (${c.minPerSocket}–${c.maxPerSocket} per socket, p99 ${f1(c.p99)} ms)`,
    )
    .join(', ')
  const answers = Object.entries(p.driver.answers)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')
  return [
    `| ${p.name} | ${p.viewers} | ${p.channels.length} | ${perKind} | ${p.report.delivered} / ${p.expected}${deliveredOk && p.report.delivered === p.expected ? ' ✓' : ' ✗'} | ${f1(p.report.p50)} | **${f1(p.report.p99)}** | ${f1(p.report.max)} | ${p.appCpuPct.toFixed(0)}% | ${f1(p.appUsPerDelivery)} | ${f1(p.fanOutCpuUsPerDelivery)} / ${f1(p.fanOutUsPerDelivery)} | ${f1(p.appLoopP99Ms)} / ${f1(p.report.loopP99Ms)} ms | ${p.viewersCpuPct.toFixed(0)}% | ${p.loadBefore.toFixed(2)} | ${answers} |`,
  ]
}

async function main() {
  const fanOut = { seconds: 0, sockets: 0 }
  let stamper: StampingBroadcaster | undefined
  const stack = await startStack({
    poolSize: 20,
    realtime: {
      subscriptionCountIntervalMs: COUNT_INTERVAL_MS,
      subscriptionCountChannels: [SHOW_CHANNEL_PREFIX],
      onFanOut: (seconds, sockets) => {
        fanOut.seconds += seconds
        fanOut.sockets += sockets
      },
    },
    broadcaster: (config) => (stamper = new StampingBroadcaster(config)),
  })
  try {
    const members = await fundMembers(stack, 1 + BIDDERS + CHATTERS, 100_000_000)
    const setup: Setup = {
      stack,
      stamper: stamper!,
      fanOut,
      seller: members[0]!,
      bidders: members.slice(1, 1 + BIDDERS),
      chatters: members.slice(1 + BIDDERS),
    }
    const showRoom = async () => {
      const show = await liveShow(setup)
      return measure(
        setup,
        'show room',
        [showChannel(show.showId), lotChannel(show.lotId)],
        {
          bids: {
            lotId: show.lotId,
            startingPrice: STARTING_PRICE,
            cookies: setup.bidders.map((b) => b.cookie),
            rate: BID_RATE,
          },
          chat: {
            showId: show.showId,
            cookies: setup.chatters.map((c) => c.cookie),
            rate: CHAT_RATE,
          },
          host: { showId: show.showId, cookie: setup.seller.cookie, at: [1 / 3, 2 / 3] },
        },
        show.open,
      )
    }
    const lotRoom = async (seconds = SECONDS) => {
      const lotId = await insertOpenLot(stack.db, setup.seller.id, STARTING_PRICE)
      const plan = {
        bids: {
          lotId,
          startingPrice: STARTING_PRICE,
          cookies: setup.bidders.map((b) => b.cookie),
          rate: BID_RATE,
        },
      }
      return measure(setup, 'lot room', [lotChannel(lotId)], plan, undefined, seconds)
    }
    // A cold process (JIT, heap, the new database's caches) made whichever room came first look
    // worse — p99 2–3× — so an unreported lot room warms it up, as a serving node would be.
    if (WARMUP > 0) console.error(`warm-up: ${rows(await lotRoom(WARMUP)).join('')}`)
    // The room measured second runs on a warmer process; --lot-first swaps them.
    const first = LOT_FIRST ? await lotRoom() : await showRoom()
    console.error(rows(first).join('\n'))
    const second = LOT_FIRST ? await showRoom() : await lotRoom()
    console.error(rows(second).join('\n'))
    const [showPhase, lotPhase] = LOT_FIRST ? [second, first] : [first, second]
    const pg = await postgresVersion(stack.db)
    report(showPhase, lotPhase, pg)
  } finally {
    await stack.close()
  }
}

async function report(show: Phase, lot: Phase, pg: string) {
  const ratio = (a: number, b: number) => (a / b).toFixed(2)
  const met =
    show.report.p99 <= P99_BUDGET_MS &&
    show.report.delivered === show.expected &&
    show.report.counts.every((c) => c.minPerSocket === (show.published[c.kind] ?? 0))
  const bidMs = [...show.driver.bidMs].sort((a, b) => a - b)
  const chatMs = [...show.driver.chatMs].sort((a, b) => a - b)
  const section = [
    `Command: \`npx tsx bench/show.ts --viewers ${VIEWERS} --bids ${BID_RATE} --chat ${CHAT_RATE} --seconds ${SECONDS} --viewer-processes ${VIEWER_PROCESSES}${WARMUP ? ` --warmup ${WARMUP}` : ' --no-warmup'}${LOT_FIRST ? ' --lot-first' : ''}${WRITE ? ' --write' : ''}\``,
    '',
    `Machine: ${machine()}; ${pg} on 127.0.0.1 (same machine). One node: the app and its embedded real-time service in one process (as \`npm start\`), subscription counts on every ${COUNT_INTERVAL_MS / 1000} s; the viewers' sockets (${VIEWER_PROCESSES} processes) and the writers are child processes on the same two cores.`,
    '',
    '| room | viewers | channels | events published in the window (received per socket) | delivered / expected | p50 ms | p99 ms | max ms | node CPU | node CPU µs / delivery | fan-out µs / delivery: CPU / wall (last socket) | loop p99 node / viewers (worst) | viewers CPU | load avg before | HTTP answers |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |',
    ...(LOT_FIRST ? [...rows(lot), ...rows(show)] : [...rows(show), ...rows(lot)]),
    '',
    `Per-delivery cost, show room ÷ lot room (same run): **fan-out CPU ${ratio(show.fanOutCpuUsPerDelivery, lot.fanOutCpuUsPerDelivery)}**, fan-out wall time to the last socket ${ratio(show.fanOutUsPerDelivery, lot.fanOutUsPerDelivery)}, node CPU ${ratio(show.appUsPerDelivery, lot.appUsPerDelivery)} (this one also spreads each room's API work — bids, chat, host moves — over its deliveries). Bid answers in the show p50 / p99 ${f1(percentile(bidMs, 50))} / ${f1(percentile(bidMs, 99))} ms; chat answers ${f1(percentile(chatMs, 50))} / ${f1(percentile(chatMs, 99))} ms. Viewers' sockets connected in ${f1(show.connectS)} s (show) / ${f1(lot.connectS)} s (lot).`,
    '',
    `Budget (every event delivered, p99 commit → socket ≤ ${P99_BUDGET_MS} ms): **${met ? 'met' : 'missed'}** in this run.`,
  ].join('\n')
  console.log(section)
  if (WRITE) await writeSection('## A live show with 2,000 viewers (bench/show.ts)', section)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
