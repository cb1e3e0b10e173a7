import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/types.ts'
import { DEMO_OPEN_MIN, demoLotsFor, keepDemoLotsOpen } from '../../server/jobs/demo-lots.ts'
import { createScheduler } from '../../server/jobs/scheduler.ts'
import { seedDemoData } from '../../server/jobs/seed-demo-data.ts'
import { expectMoneyInvariants, RecordingBroadcaster } from './auction-helpers.ts'
import { createTestDatabase, testConfig } from './helpers.ts'

/** Demo data that stays alive (decision 0026): ended lots in the seed, open ones kept coming. */
let db: Database
const broadcaster = new RecordingBroadcaster(testConfig().pusher)
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

const running = async () =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from lots where status = 'open' and ends_at > now()`,
    )
  ).rows[0]!.n

describe('demo data', () => {
  it('lists nothing on a database the seed did not fill', async () => {
    expect(await keepDemoLotsOpen({ db, broadcaster })).toEqual([])
  })

  it('seeds an unsold lot and a lot sold through the real close, with a ledger that adds up', async () => {
    expect(await seedDemoData(db)).toBe(true)
    const { rows } = await db.query<{ status: string; leader: string | null; bids: number }>(
      `select l.status, u.email as leader, l.bid_count as bids from lots l
         left join users u on u.id = l.leader_id
        where l.status not in ('open', 'scheduled') order by l.status`,
    )
    expect(rows).toEqual([
      { status: 'settled', leader: 'bob@lotline.test', bids: expect.any(Number) },
      { status: 'unsold', leader: null, bids: 0 },
    ])
    const { rows: ledger } = await db.query<{ email: string; kind: string; amount: number }>(
      `select u.email, e.kind, e.amount::int as amount from ledger_entries e
         join users u on u.id = e.user_id where e.kind in ('purchase', 'sale') order by e.kind`,
    )
    expect(ledger.map((e) => [e.email, e.kind])).toEqual([
      ['bob@lotline.test', 'purchase'],
      ['carol@lotline.test', 'sale'],
    ])
    expect(ledger[0]!.amount).toBe(-ledger[1]!.amount)
    await expectMoneyInvariants(db)
    const { rows: categories } = await db.query<{ n: number }>(
      `select count(distinct category)::int as n from lots`,
    )
    expect(categories[0]!.n).toBeGreaterThanOrEqual(4)
  })

  it('keeps at least the minimum open as lots close, in varied categories, announced live', async () => {
    const scheduler = createScheduler({
      db,
      broadcaster,
      currency: 'EUR',
      demoLots: demoLotsFor(false, { db, broadcaster }),
    })
    // Every open lot runs out.
    await db.query(
      `update lots set ends_at = now() - interval '1 second', starts_at = now() - interval '1 hour'
        where status = 'open'`,
    )
    broadcaster.clear()
    const report = await scheduler.runDueJobs()
    expect(report.closed.length).toBeGreaterThanOrEqual(5)
    expect(report.demoListed).toHaveLength(DEMO_OPEN_MIN)
    expect(await running()).toBe(DEMO_OPEN_MIN)
    expect(broadcaster.named('lot.created')).toHaveLength(DEMO_OPEN_MIN)
    const { rows } = await db.query<{ n: number }>(
      `select count(distinct category)::int as n from lots where status = 'open'`,
    )
    expect(rows[0]!.n).toBe(DEMO_OPEN_MIN)
    // Enough are open: the next pass lists nothing.
    expect((await scheduler.runDueJobs()).demoListed).toEqual([])
    // One more closes: exactly one comes.
    await db.query(
      `update lots set ends_at = now() - interval '1 second', starts_at = now() - interval '1 hour'
        where id = (select id from lots where status = 'open' order by ends_at limit 1)`,
    )
    expect((await scheduler.runDueJobs()).demoListed).toHaveLength(1)
    expect(await running()).toBe(DEMO_OPEN_MIN)
    await expectMoneyInvariants(db)
  })

  it('never runs in production: no option, and a scheduler without it lists nothing', async () => {
    expect(demoLotsFor(true, { db, broadcaster })).toBeUndefined()
    const production = createScheduler({
      db,
      broadcaster,
      currency: 'EUR',
      demoLots: demoLotsFor(true, { db, broadcaster }),
    })
    await db.query(`update lots set ends_at = now() - interval '1 second', starts_at = now() - interval '1 hour'
        where status = 'open'`)
    const report = await production.runDueJobs()
    expect(report.closed.length).toBe(DEMO_OPEN_MIN)
    expect(report.demoListed).toBeUndefined()
    expect(await running()).toBe(0)
  })
})
