import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScheduler, type RunReport } from '../../server/jobs/scheduler.ts'
import { openPostgres } from '../../server/db/postgres.ts'
import type { Database } from '../../server/db/types.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
} from './auction-helpers.ts'
import { createTestApp, onPostgres, testConfig, type TestApp } from './helpers.ts'

/**
 * The scheduler on two API nodes: each node runs it over its own connection pool on one
 * PostgreSQL, at the same moment. Every lot is opened, announced as ending soon, closed and
 * settled exactly once (each transition re-checks the status under the lot's row lock). PGlite is
 * one process, so this is a PostgreSQL suite.
 */
describe.runIf(onPostgres)('the scheduler on two nodes at once', () => {
  let t: TestApp
  let second: Database
  const config = testConfig()
  const broadcaster = new RecordingBroadcaster(config.pusher)

  beforeAll(async () => {
    t = await createTestApp({ config, broadcaster })
    const { rows } = await t.db.query<{ name: string }>('select current_database() as name')
    const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    url.pathname = `/${rows[0]!.name}`
    second = await openPostgres(url.toString(), 10)
  })
  afterAll(async () => {
    await second.close()
    await t.close()
  })

  it('opens, warns, closes and settles each due lot once across both nodes', async () => {
    const seller = await member(t.app, t.db, config)
    const bidders = await Promise.all(
      Array.from({ length: 12 }, () => member(t.app, t.db, config, { credit: 100_000 })),
    )
    const ending: string[] = []
    for (const [i, bidder] of bidders.entries()) {
      const lotId = await openLot(t.db, seller.id, { endsInSeconds: 120, title: `Due ${i}` })
      expect((await bid(bidder, lotId, { amount: 1_000 + i })).statusCode).toBe(201)
      // Every other bidder also watches their lot: ending-soon notices go out once each.
      if (i % 2 === 0) await bidder.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
      ending.push(lotId)
    }
    const { rows: scheduled } = await t.db.query<{ id: string }>(
      `insert into lots (seller_id, title, description, starting_price, starts_at, ends_at,
                         soft_close_seconds, status)
       select $1, 'Scheduled ' || n, 'Opens soon', 500, now() - interval '1 second',
              now() + interval '1 day', 60, 'scheduled'
         from generate_series(1, 8) n
       returning id`,
      [seller.id],
    )

    const nodeA = createScheduler({ db: t.db, broadcaster, currency: 'EUR' })
    const nodeB = createScheduler({ db: second, broadcaster, currency: 'EUR' })
    // First, the lots are in their last minutes: both nodes open and warn at once.
    const soon = new Date(Date.now() + 60_000)
    const warned = await Promise.all([nodeA.runDueJobs(soon), nodeB.runDueJobs(soon)])
    expect(sorted(warned.flatMap((r) => r.opened))).toEqual(sorted(scheduled.map((r) => r.id)))
    // Then they are over: both nodes close at once.
    const over = new Date(Date.now() + 600_000)
    const closed: RunReport[] = await Promise.all([nodeA.runDueJobs(over), nodeB.runDueJobs(over)])
    const settled = closed.flatMap((r) => r.closed).filter((c) => c.outcome === 'settled')
    expect(sorted(settled.map((c) => c.lotId))).toEqual(sorted(ending))

    const { rows: sales } = await t.db.query<{ lot_id: string; n: number }>(
      `select lot_id, count(*)::int as n from ledger_entries where kind = 'sale' group by lot_id`,
    )
    expect(sales.filter((s) => ending.includes(s.lot_id)).map((s) => s.n)).toEqual(
      ending.map(() => 1),
    )
    const { rows: notices } = await t.db.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from notifications where lot_id = any($1::uuid[])
        group by kind order by kind`,
      [ending],
    )
    expect(notices).toEqual([
      { kind: 'ending_soon', n: 6 },
      { kind: 'lot_sold', n: 12 },
      { kind: 'won', n: 12 },
    ])
    await expectMoneyInvariants(t.db)
  }, 60_000)
})

const sorted = (ids: string[]) => [...ids].sort()
