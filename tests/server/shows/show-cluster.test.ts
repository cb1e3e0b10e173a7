import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type Pusher from 'pusher-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShowDetail } from '../../../common/shows.ts'
import type { LotSummary } from '../../../common/auction/shapes.ts'
import { EVENTS, lotChannel, showChannel } from '../../../common/wire.ts'
import { buildApp } from '../../../server/app.ts'
import { openPostgres } from '../../../server/db/postgres.ts'
import type { Database } from '../../../server/db/types.ts'
import { createScheduler, type Scheduler } from '../../../server/jobs/scheduler.ts'
import { Broadcaster } from '../../../server/lib/broadcaster.ts'
import {
  APP,
  eventually,
  pusherJsClient,
  sdkFor,
  sleep,
  testClusterPrefix,
  waitForState,
} from '../../realtime/kit.ts'
import { expectMoneyInvariants, member, type Member } from '../auction-helpers.ts'
import { browser, createTestDatabase, onPostgres, testConfig } from '../helpers.ts'
import { startNode, stopNode, waitForCluster, type NodeProcess } from '../realtime-cluster/nodes.ts'
import { createShow, queue, scheduledLot } from './show-helpers.ts'

/**
 * The cluster: two API nodes on one PostgreSQL, each with its scheduler running (its timer pass
 * closes lots and auto-advances shows), each publishing to its own real-time node, the two joined
 * through Redis. A host runs a show through both nodes at once while the timer passes race them;
 * afterwards the database and a pusher-js subscriber on one real-time node say that each lot was
 * opened and closed once, settled once, and the room never had two lots on the block.
 *
 * Needs PostgreSQL and Redis (LOTLINE_TEST_REDIS_URL, default 127.0.0.1:6379): the PostgreSQL pass
 * (`npm run test:pg`), where CI has both. A missing Redis fails it (the nodes never join), it is
 * not skipped.
 */
const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const LOTS = 4

interface ApiNode {
  app: FastifyInstance
  scheduler: Scheduler
}

interface Seen {
  channel: string
  event: string
  data: unknown
}

describe.runIf(onPostgres)('a show run through two API nodes and their timer passes', () => {
  let db: Database
  const realtime: NodeProcess[] = []
  const api: ApiNode[] = []
  const nodeDbs: Database[] = []
  let subscriber: Pusher | undefined
  /** A node's configuration (each names its own real-time node; the rest is the same). */
  let config: ReturnType<typeof testConfig>

  beforeAll(async () => {
    db = await createTestDatabase()
    const cluster = { redisUrl: REDIS_URL, prefix: testClusterPrefix() }
    realtime.push(...(await Promise.all([startNode(cluster), startNode(cluster)])))
    await waitForCluster(
      realtime.map((n) => n.port),
      2,
    )
    const { rows } = await db.query<{ name: string }>('select current_database() as name')
    const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    url.pathname = `/${rows[0]!.name}`
    for (const node of realtime) {
      // Each API node has its own pool, as on its own machine.
      const nodeDb = await openPostgres(url.toString(), 10)
      nodeDbs.push(nodeDb)
      config = testConfig({
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(node.port),
        PUSHER_APP_ID: APP.id,
        PUSHER_APP_KEY: APP.key,
        PUSHER_APP_SECRET: APP.secret,
      })
      const broadcaster = new Broadcaster(config.pusher)
      const app = await buildApp({ logger: false, config, db: nodeDb, broadcaster })
      await app.ready()
      // A short safety tick: the passes of both nodes keep meeting on the same due work.
      const scheduler = createScheduler({
        db: nodeDb,
        broadcaster,
        currency: 'EUR',
        intervalMs: 40,
      })
      api.push({ app, scheduler })
    }
  }, 60_000)

  afterAll(async () => {
    subscriber?.disconnect()
    await Promise.all(api.map((n) => n.scheduler.stop()))
    await Promise.all(api.map((n) => n.app.close()))
    for (const d of nodeDbs) await d.close()
    await db?.close()
    await Promise.all(realtime.map(stopNode))
  })

  /** The same member's session on both nodes (sessions are rows: either node knows it). */
  const onBoth = (m: Member) => {
    const [a, b] = api.map((n) => browser(n.app))
    a!.cookie = m.b.cookie
    b!.cookie = m.b.cookie
    return [a!, b!] as const
  }

  it('each lot opens and closes once, is settled once, and one lot at most is on the block', async () => {
    const [nodeA] = api as [ApiNode, ApiNode]
    const seller = await member(nodeA.app, db, config)
    const alice = await member(nodeA.app, db, config, { credit: 100_000 })
    const bob = await member(nodeA.app, db, config, { credit: 100_000 })
    const host = onBoth(seller)
    const [aliceA] = onBoth(alice)
    const [, bobB] = onBoth(bob)
    const lots: string[] = []
    for (let i = 0; i < LOTS; i += 1)
      lots.push(await scheduledLot(db, seller.id, { title: `Lot ${i}` }))
    // Auto-advance at once: each close sets the next lot due while the host also moves to it.
    const created = await createShow(seller, { autoAdvanceSeconds: 0, lots: queue(lots, 10) })
    expect(created.statusCode, created.body).toBe(201)
    const showId = (created.json() as ShowDetail).id

    // A viewer on real-time node A; half the events are published to node B and cross Redis.
    const seen: Seen[] = []
    subscriber = pusherJsClient(realtime[0]!.port, { sdk: sdkFor(realtime[0]!.port) })
    await waitForState(subscriber, 'connected')
    for (const channel of [showChannel(showId), ...lots.map(lotChannel)]) {
      const c = subscriber.subscribe(channel)
      c.bind_global((event: string, data: unknown) => {
        if (!event.startsWith('pusher:')) seen.push({ channel, event, data })
      })
      await eventually(() => c.subscribed, 5_000, `subscribed to ${channel}`)
    }

    // Watching the database all along: never two lots of this show open or running at once.
    let watching = true
    let mostOnTheBlock = 0
    const watcher = (async () => {
      while (watching) {
        const { rows } = await db.query<{ open: number; running: number }>(
          `select (select count(*)::int from lots where show_id = $1 and status = 'open') as open,
                  (select count(*)::int from show_lots where show_id = $1 and state = 'running')
                    as running`,
          [showId],
        )
        mostOnTheBlock = Math.max(mostOnTheBlock, rows[0]!.open, rows[0]!.running)
        await sleep(5)
      }
    })()

    // An absentee maximum on the third lot, before the show starts: held, then settled or freed.
    expect((await aliceA.request(bidRequest(lots[2]!, { maxAmount: 4_000 }))).statusCode).toBe(201)
    for (const n of api) n.scheduler.start()
    expect((await host[0].request(move(showId, 'start'))).statusCode).toBe(200)

    // The host's `next` for the first lot reaches both nodes at once: one opens it.
    const both = await Promise.all(host.map((b) => b.request(move(showId, 'next', lots[0]))))
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])

    for (const [i, lotId] of lots.entries()) {
      await eventually(async () => (await status(lotId)) === 'open', 10_000, `lot ${i} open`)
      if (i < 2) {
        // Bidding through both nodes: bob outbid (his hold released), alice leads.
        expect((await bobB.request(bidRequest(lotId, { amount: 1_500 }))).statusCode).toBe(201)
        expect((await aliceA.request(bidRequest(lotId, { amount: 2_000 }))).statusCode).toBe(201)
      }
      // The clock's stand-in: the lot ends now, so both timer passes find it due together.
      await db.query(
        `update lots set ends_at = now() + interval '150 milliseconds' where id = $1`,
        [lotId],
      )
      const next = lots[i + 1]
      await eventually(async () => (await status(lotId)) !== 'open', 10_000, `lot ${i} closed`)
      // The host's `next` on both nodes races auto-advance of both timer passes.
      if (next) {
        const answers = await Promise.all(host.map((b) => b.request(move(showId, 'next', next))))
        expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
      }
    }
    await eventually(async () => (await status(lots[LOTS - 1]!)) === 'unsold', 10_000, 'last lot')
    // Both nodes end the show at once: ended once.
    const ends = await Promise.all(host.map((b) => b.request(move(showId, 'end'))))
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200])
    await Promise.all(api.map((n) => n.scheduler.stop()))
    watching = false
    await watcher

    // The database: one lot on the block at most, each lot closed and settled once.
    expect(mostOnTheBlock).toBe(1)
    expect(await Promise.all(lots.map(status))).toEqual(['settled', 'settled', 'settled', 'unsold'])
    const counts = await db.query<{ lot_id: string; kind: string; n: number }>(
      `select lot_id, kind, count(*)::int as n from (
         select lot_id, kind from ledger_entries where lot_id = any($1::uuid[])
         union all select lot_id, 'order' from orders where lot_id = any($1::uuid[])
         union all select lot_id, 'notice ' || kind from notifications
           where lot_id = any($1::uuid[]) and kind in ('won', 'lot_sold', 'ending_soon')
         union all select lot_id, 'hold ' || status from holds where lot_id = any($1::uuid[])
       ) x group by lot_id, kind`,
      [lots],
    )
    const per = (lotId: string) =>
      Object.fromEntries(counts.rows.filter((r) => r.lot_id === lotId).map((r) => [r.kind, r.n]))
    for (const lotId of lots.slice(0, 2)) {
      // Bob's hold freed when alice outbid him, alice's captured: one sale, one purchase.
      expect(per(lotId)).toEqual({
        purchase: 1,
        sale: 1,
        order: 1,
        'notice won': 1,
        'notice lot_sold': 1,
        'hold captured': 1,
        'hold released': 1,
      })
    }
    // The absentee lot: alice alone, at the starting price; the empty lot has nothing.
    expect(per(lots[2]!)).toEqual({
      purchase: 1,
      sale: 1,
      order: 1,
      'notice won': 1,
      'notice lot_sold': 1,
      'hold captured': 1,
    })
    expect(per(lots[3]!)).toEqual({})
    const wallets = await Promise.all(
      [alice, bob].map(async (m) =>
        (await m.b.request({ method: 'GET', url: '/api/wallet' })).json(),
      ),
    )
    expect(wallets.map((w: { held: number }) => w.held)).toEqual([0, 0])
    expect(wallets[1]).toMatchObject({ available: 100_000 })
    await expectMoneyInvariants(db)

    // What the viewer saw: each lot opened and closed once on its channel.
    const final = (await host[1].request({ method: 'GET', url: `/api/shows/${showId}` })).json()
    await eventually(
      () => roomVersions(seen).includes((final as ShowDetail).version),
      10_000,
      'the last show.updated',
    )
    for (const lotId of lots) {
      const statuses = lotStatuses(seen, lotId)
      expect(
        statuses.filter((s) => s === 'settled' || s === 'unsold'),
        lotId,
      ).toHaveLength(1)
      // Nothing after its close: the lot's events came in order.
      expect(['settled', 'unsold']).toContain(statuses.at(-1))
    }
    // The room: every version of the show once, none missing, none twice (a gap would make the
    // app refetch; a repeat would mean two moves wrote one version).
    const versions = roomVersions(seen)
    expect([...versions].sort((a, b) => a - b)).toEqual(range(versions[0]!, final.version))
    // Applied as the app applies them (an older version than the one shown is dropped), the room
    // never puts two lots on the block, never goes back to a lot it left, and ends as the server.
    let shown: ShowDetail | undefined
    let furthest = -1
    for (const detail of roomDetails(seen)) {
      if (shown && detail.version <= shown.version) continue
      shown = detail
      const running = detail.lots.filter((l) => l.state === 'running')
      expect(running.length).toBeLessThanOrEqual(1)
      const at = Math.max(
        -1,
        ...detail.lots.filter((l) => l.state !== 'queued').map((l) => l.position),
      )
      expect(at).toBeGreaterThanOrEqual(furthest)
      furthest = at
    }
    expect(shown).toMatchObject({ state: 'ended', version: final.version })
    expect(lotsOf(shown!)).toEqual(lotsOf(final))
  }, 120_000)

  async function status(lotId: string) {
    const { rows } = await db.query<{ status: string }>('select status from lots where id = $1', [
      lotId,
    ])
    return rows[0]!.status
  }
})

const move = (showId: string, action: string, lotId?: string) => ({
  method: 'POST' as const,
  url: `/api/shows/${showId}/${action}`,
  ...(lotId === undefined ? {} : { payload: { lotId } }),
})

const bidRequest = (lotId: string, body: { amount?: number; maxAmount?: number }) => ({
  method: 'POST' as const,
  url: `/api/lots/${lotId}/bids`,
  headers: { 'idempotency-key': randomUUID() },
  payload: body,
})

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

function roomDetails(seen: Seen[]): ShowDetail[] {
  return seen.filter((s) => s.event === EVENTS.showUpdated).map((s) => s.data as ShowDetail)
}

/** The room's lots as a viewer reads them (serverTime is when each answer was written). */
const lotsOf = (show: ShowDetail) =>
  show.lots.map(({ lot, ...entry }) => ({ ...entry, status: lot.status, price: lot.currentPrice }))

const roomVersions = (seen: Seen[]) => roomDetails(seen).map((d) => d.version)

function lotStatuses(seen: Seen[], lotId: string): string[] {
  return seen
    .filter((s) => s.channel === lotChannel(lotId) && s.event === EVENTS.lotUpdated)
    .map((s) => (s.data as LotSummary).status)
}
