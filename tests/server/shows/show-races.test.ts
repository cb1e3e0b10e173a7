import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createScheduler } from '../../../server/jobs/scheduler.ts'
import { createTestApp, raceNote, testConfig, type TestApp } from '../helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  RecordingBroadcaster,
  type Member,
} from '../auction-helpers.ts'
import { createShow, hostMove, queue, scheduledLot } from './show-helpers.ts'

/**
 * Moves that meet: every one takes the show's row lock, and `show_lots_one_running` backs it, so
 * one lot is on the block whoever opens it. On PostgreSQL these race for real over the pool; on
 * PGlite (one connection) the same requests run one after the other.
 */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const ROUNDS = 5
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

async function liveShow(seller: Member, lots: number, autoAdvanceSeconds: number | null = null) {
  const ids: string[] = []
  for (let i = 0; i < lots; i += 1) ids.push(await scheduledLot(t.db, seller.id))
  const show = (await createShow(seller, { autoAdvanceSeconds, lots: queue(ids, 10) })).json()
  expect((await hostMove(seller, show.id, 'start')).statusCode).toBe(200)
  return { id: show.id as string, lots: ids }
}

async function running(showId: string) {
  const { rows } = await t.db.query<{ lot_id: string }>(
    `select lot_id from show_lots where show_id = $1 and state = 'running'`,
    [showId],
  )
  return rows.map((r) => r.lot_id)
}

async function version(lotId: string) {
  const { rows } = await t.db.query<{ version: number; status: string }>(
    'select version, status from lots where id = $1',
    [lotId],
  )
  return rows[0]!
}

describe('racing moves', () => {
  it(`two host next for one lot open it once${raceNote}`, async () => {
    const seller = await member(t.app, t.db, config)
    for (let round = 0; round < ROUNDS; round += 1) {
      const show = await liveShow(seller, 2)
      const before = await version(show.lots[0]!)
      const answers = await Promise.all([
        hostMove(seller, show.id, 'next', show.lots[0]),
        hostMove(seller, show.id, 'next', show.lots[0]),
      ])
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
      expect(await running(show.id)).toEqual([show.lots[0]])
      // Opened once: one more version, not two.
      expect(await version(show.lots[0]!)).toEqual({ version: before.version + 1, status: 'open' })
      expect((await version(show.lots[1]!)).status).toBe('scheduled')
    }
  })

  it(`the host's next racing auto-advance never leaves two lots running${raceNote}`, async () => {
    const seller = await member(t.app, t.db, config)
    const scheduler = createScheduler({ db: t.db, broadcaster, currency: 'EUR' })
    for (let round = 0; round < ROUNDS; round += 1) {
      // Auto-advance after 0 s: the first lot is due as soon as the show starts.
      const show = await liveShow(seller, 3, 0)
      const [move] = await Promise.all([
        hostMove(seller, show.id, 'next', show.lots[0]),
        scheduler.runDueJobs(later(1)),
      ])
      // Whoever came second found the lot on the block: the host's repeat answers 200.
      expect(move.statusCode).toBe(200)
      expect(await running(show.id)).toEqual([show.lots[0]])
      expect((await version(show.lots[1]!)).status).toBe('scheduled')
    }
    await scheduler.stop()
  })

  it(`the host ending the show while absentee bids arrive: no deadlock, holds released${raceNote}`, async () => {
    const seller = await member(t.app, t.db, config)
    const bidders = await Promise.all(
      Array.from({ length: 4 }, () => member(t.app, t.db, config, { credit: 50_000 })),
    )
    for (let round = 0; round < ROUNDS; round += 1) {
      const show = await liveShow(seller, 3)
      // Each bidder already leads somewhere, so the cancels and the bids meet on their wallets.
      for (const [i, lotId] of show.lots.entries())
        expect((await bid(bidders[i]!, lotId, { maxAmount: 2_000 })).statusCode).toBe(201)
      const answers = await Promise.all([
        hostMove(seller, show.id, 'end'),
        ...bidders.flatMap((b, i) =>
          show.lots.map((lotId, j) => bid(b, lotId, { maxAmount: 3_000 + 100 * (i + j) })),
        ),
      ])
      expect(answers[0]!.statusCode).toBe(200)
      for (const a of answers.slice(1)) expect([201, 409, 422]).toContain(a.statusCode)
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from lots where id = any($1::uuid[]) and status <> 'cancelled'`,
        [show.lots],
      )
      expect(rows[0]!.n).toBe(0)
    }
    for (const b of bidders) {
      const wallet = (await b.b.request({ method: 'GET', url: '/api/wallet' })).json()
      expect(wallet.held).toBe(0)
    }
  })

  it(`two schedulers closing one show lot settle it once${raceNote}`, async () => {
    const seller = await member(t.app, t.db, config)
    const alice = await member(t.app, t.db, config, { credit: 50_000 })
    const nodes = [
      createScheduler({ db: t.db, broadcaster, currency: 'EUR' }),
      createScheduler({ db: t.db, broadcaster, currency: 'EUR' }),
    ]
    for (let round = 0; round < ROUNDS; round += 1) {
      const show = await liveShow(seller, 2, 0)
      expect((await hostMove(seller, show.id, 'next', show.lots[0])).statusCode).toBe(200)
      expect((await bid(alice, show.lots[0]!, { amount: 1_000 })).statusCode).toBe(201)
      const at = later(30 + round)
      const reports = await Promise.all(nodes.map((n) => n.runDueJobs(at)))
      const closed = reports.flatMap((r) => r.closed).filter((c) => c.lotId === show.lots[0])
      expect(closed.filter((c) => c.outcome === 'settled')).toHaveLength(1)
      expect(reports.flatMap((r) => r.shows.finished).filter((id) => id === show.id)).toHaveLength(
        1,
      )
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from ledger_entries
          where user_id = $1 and kind = 'purchase' and lot_id = $2`,
        [alice.id, show.lots[0]],
      )
      expect(rows[0]!.n).toBe(1)
      // Auto-advance opened the next lot exactly once, whichever node did.
      expect(await running(show.id)).toEqual([show.lots[1]])
      // The next lot runs to its end; the host ends the show after it.
      await Promise.all(nodes.map((n) => n.runDueJobs(later(100 + round))))
      expect((await hostMove(seller, show.id, 'end')).statusCode).toBe(200)
    }
    await Promise.all(nodes.map((n) => n.stop()))
  })
})
