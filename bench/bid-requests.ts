/**
 * HTTP requests per bid while 500 sockets watch the lot (docs/product.md §8: real-time must not
 * cause refetch storms — events carry the new state; the goal is exactly one HTTP request per bid,
 * the bid itself).
 *
 *   npx tsx bench/bid-requests.ts [--sockets 500] [--bids 100] [--rate 20] [--write]
 *
 * Starts the real app and the embedded real-time service on free loopback ports in a fresh
 * PostgreSQL database (dropped at the end). Opens N raw Pusher-protocol sockets (plain `ws`,
 * protocol 7) subscribed to `lot.{id}` and `lots`, like a browser showing the lot room and the
 * list. Places bids over HTTP at a fixed rate, waits until every socket has every event, and counts
 * the HTTP requests the API received (a hook on every request) and the frames each socket got.
 * The raw clients behave like the client's real-time bridge: they patch state from the event
 * payload (version check) and never fetch; a gap in versions would be a refetch, and is counted.
 */
import { randomUUID } from 'node:crypto'
import { WebSocket } from 'ws'
import { incrementFor } from '../common/auction.ts'
import { IDEMPOTENCY_HEADER } from '../common/config.ts'
import { EVENTS, lotChannel, LOTS_CHANNEL, type BidPlacedEvent } from '../common/wire.ts'
import {
  fundMembers,
  httpClient,
  insertOpenLot,
  machine,
  postgresVersion,
  PUSHER_APP,
  startStack,
  writeSection,
} from './lib/stack.ts'
import { flag, numberArg } from './lib/args.ts'

const SOCKETS = numberArg('sockets', 500, 5_000)
const BIDS = numberArg('bids', 100, 2_000)
const RATE = numberArg('rate', 20, 200)
const WRITE = flag('write')

interface Watcher {
  ws: WebSocket
  bidEvents: number
  lotEvents: number
  lastVersion: number
  /** Versions skipped (the client would refetch once per gap). */
  gaps: number
}

function openWatcher(port: number, lotId: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${PUSHER_APP.key}?protocol=7&client=bench&version=1.0`,
    )
    const w: Watcher = { ws, bidEvents: 0, lotEvents: 0, lastVersion: 1, gaps: 0 }
    let subscribed = 0
    ws.on('error', reject)
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as {
        event: string
        channel?: string
        data?: string
      }
      switch (frame.event) {
        case 'pusher:connection_established':
          for (const channel of [LOTS_CHANNEL, lotChannel(lotId)]) {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }))
          }
          break
        case 'pusher_internal:subscription_succeeded':
          if (++subscribed === 2) resolve(w)
          break
        case 'pusher:ping':
          ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }))
          break
        case EVENTS.bidPlaced: {
          w.bidEvents += 1
          const data = JSON.parse(frame.data ?? '{}') as BidPlacedEvent
          if (data.lot.version > w.lastVersion + 1) w.gaps += 1
          w.lastVersion = Math.max(w.lastVersion, data.lot.version)
          break
        }
        case EVENTS.lotUpdated:
          w.lotEvents += 1
          break
      }
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main() {
  const requests = new Map<string, number>()
  const stack = await startStack({
    poolSize: 10,
    beforeListen: (app) =>
      app.addHook('onRequest', async (request) => {
        const route = `${request.method} ${request.routeOptions.url ?? request.url}`
        requests.set(route, (requests.get(route) ?? 0) + 1)
      }),
  })
  const watchers: Watcher[] = []
  try {
    const [seller, ...bidders] = await fundMembers(stack, 11, 10_000_000)
    const lotId = await insertOpenLot(stack.db, seller!.id, 100)
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, SOCKETS - i) }, () =>
          openWatcher(stack.realtime.port, lotId),
        ),
      )
      watchers.push(...batch)
    }
    const connectedRequests = [...requests.values()].reduce((a, b) => a + b, 0)

    const client = httpClient(stack.baseUrl, 4)
    let amount = 100
    let accepted = 0
    const started = performance.now()
    for (let i = 0; i < BIDS; i++) {
      const due = started + (i * 1000) / RATE
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      const bidder = bidders[i % bidders.length]!
      const res = await client.post(
        `/api/lots/${lotId}/bids`,
        { amount },
        { cookie: bidder.cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
      )
      if (res.status === 201) accepted += 1
      amount += incrementFor(amount)
    }
    client.close()
    // Wait until every socket has every bid (bounded).
    const until = performance.now() + 10_000
    while (performance.now() < until && watchers.some((w) => w.bidEvents < accepted))
      await sleep(50)

    const total = [...requests.values()].reduce((a, b) => a + b, 0)
    const complete = watchers.filter((w) => w.bidEvents === accepted).length
    const gaps = watchers.reduce((a, w) => a + w.gaps, 0)
    const frames = watchers.reduce((a, w) => a + w.bidEvents + w.lotEvents, 0)
    const rows: Array<[string, string]> = [
      ['sockets (each on `lots` and `lot.{id}`)', String(SOCKETS)],
      ['bids placed / accepted', `${BIDS} / ${accepted}`],
      ['bid rate', `${RATE}/s`],
      ['HTTP requests while sockets connected and subscribed', String(connectedRequests)],
      ['HTTP requests received during bidding', String(total - connectedRequests)],
      ['**HTTP requests per bid**', `**${((total - connectedRequests) / BIDS).toFixed(2)}**`],
      ['requests by route', [...requests].map(([r, n]) => `\`${r}\` ${n}`).join(', ')],
      ['sockets that received every `bid.placed`', `${complete} / ${SOCKETS}`],
      ['event frames delivered (bid.placed + lot.updated)', String(frames)],
      ['version gaps seen by sockets (would refetch)', String(gaps)],
    ]
    const table = [
      '| measure | value |',
      '| --- | ---: |',
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    ].join('\n')
    const perBid = (total - connectedRequests) / BIDS
    const section = [
      `Command: \`npx tsx bench/bid-requests.ts --sockets ${SOCKETS} --bids ${BIDS} --rate ${RATE} --write\``,
      '',
      `Machine: ${machine()}; ${await postgresVersion(stack.db)} on 127.0.0.1.`,
      '',
      table,
      '',
      `Goal — exactly the bid itself, sockets cause no HTTP: **${perBid === 1 && gaps === 0 ? 'met' : 'missed'}**. Each bid's new state travels in the events (\`bid.placed\` with the new history rows and the lot summary with its version, \`lot.updated\` on \`lots\`), so watchers patch instead of refetching; the raw sockets here stand in for the client's real-time bridge and count a refetch only for a version gap.`,
    ].join('\n')
    console.log(section)
    if (WRITE) await writeSection('## HTTP requests per bid (bench/bid-requests.ts)', section)
  } finally {
    for (const w of watchers) w.ws.terminate()
    await stack.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
