import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/types.ts'
import { DEMO_OPEN_MIN, demoLotsFor, keepDemoLotsOpen } from '../../server/jobs/demo-lots.ts'
import { createScheduler } from '../../server/jobs/scheduler.ts'
import { seedDemoData } from '../../server/jobs/seed-demo-data.ts'
import { DEMO_SALES } from '../../server/jobs/seed-demo-orders.ts'
import { ORDER_STATES } from '../../common/orders/states.ts'
import { DEMO_RATES, expectOrderInvariants } from './orders/order-kit.ts'
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

  it('seeds an unsold lot and lots sold through the real close, with a ledger that adds up', async () => {
    expect(await seedDemoData(db, 'EUR', DEMO_RATES)).toBe(true)
    const { rows } = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from lots
        where status not in ('open', 'scheduled') group by status order by status`,
    )
    expect(rows).toEqual([
      // The sales above, the Pentax, and the past show's two lots; its third was skipped.
      { status: 'cancelled', n: 1 },
      { status: 'settled', n: DEMO_SALES.length + 3 },
      { status: 'unsold', n: 1 },
    ])
    // Bob's purchase from Carol: the purchase, the sale and the fees sum to zero.
    const { rows: pentax } = await db.query<{ account: string; kind: string; amount: number }>(
      `select e.account, e.kind, e.amount::int as amount from ledger_entries e
         join lots l on l.id = e.lot_id where l.title like 'Pentax%' order by e.id`,
    )
    expect(pentax.map((e) => e.kind)).toEqual(['purchase', 'sale', 'fee'])
    expect(pentax.reduce((sum, e) => sum + e.amount, 0)).toBe(0)
    await expectMoneyInvariants(db, { premiumBasisPoints: DEMO_RATES.buyerPremiumBasisPoints })
    await expectOrderInvariants(db)
    const { rows: categories } = await db.query<{ n: number }>(
      `select count(distinct category)::int as n from lots`,
    )
    expect(categories[0]!.n).toBeGreaterThanOrEqual(4)
  })

  it('times every demo bid between its lot’s start and end, the sold lot’s before it ended', async () => {
    const { rows } = await db.query<{ title: string; outside: number; bids: number }>(
      `select l.title, count(*)::int as bids,
              count(*) filter (where b.created_at < l.starts_at or b.created_at > l.ends_at)::int
                as outside
         from bids b join lots l on l.id = b.lot_id group by l.id, l.title order by l.title`,
    )
    expect(rows.length).toBeGreaterThan(1)
    expect(rows.filter((r) => r.outside > 0)).toEqual([])
    // The sold Pentax: both bids, Bob's proxy answer included, before its end, in their order.
    const { rows: pentax } = await db.query<{ before_end: boolean }>(
      `select b.created_at < l.ends_at as before_end from bids b join lots l on l.id = b.lot_id
        where l.title like 'Pentax%' order by b.id`,
    )
    expect(pentax.length).toBeGreaterThanOrEqual(2)
    expect(pentax.every((b) => b.before_end)).toBe(true)
    const { rows: order } = await db.query<{ n: number }>(
      `select count(*)::int as n from bids a join bids b on a.lot_id = b.lot_id and a.id < b.id
        where a.created_at > b.created_at`,
    )
    expect(order[0]!.n).toBe(0)
  })

  it('shows an order in every state, with Alice buying and selling in several', async () => {
    const { rows } = await db.query<{ state: string; buyer: string; seller: string }>(
      `select o.state, b.name as buyer, s.name as seller from orders o
         join users b on b.id = o.buyer_id join users s on s.id = o.seller_id`,
    )
    expect(new Set(rows.map((o) => o.state))).toEqual(new Set(ORDER_STATES))
    const statesOf = (side: 'buyer' | 'seller') =>
      new Set(rows.filter((o) => o[side] === 'Alice').map((o) => o.state)).size
    expect(statesOf('buyer')).toBeGreaterThanOrEqual(3)
    expect(statesOf('seller')).toBeGreaterThanOrEqual(3)
    // Every demo member has an address to ship to, and the shipped orders carry a copy of it.
    const { rows: books } = await db.query<{ n: number }>(
      `select count(distinct user_id)::int as n from addresses`,
    )
    expect(books[0]!.n).toBe(3)
    const { rows: unaddressed } = await db.query(
      `select id from orders where state in ('awaiting_shipment', 'shipped') and ship_to is null`,
    )
    expect(unaddressed).toEqual([])
    // The refund was the admin's, audited with its reason; the house gave back its share.
    const { rows: audit } = await db.query<{ action: string }>(
      `select action from admin_audit where target_type = 'order'`,
    )
    expect(audit).toEqual([{ action: 'order.resolve' }])
    const { rows: reversals } = await db.query(
      `select 1 from ledger_entries where account = 'house' and kind = 'reversal'`,
    )
    expect(reversals).toHaveLength(1)

    // A completed sale rated by both sides (the seller's profile has one), a sent one with a message.
    const { rows: ratings } = await db.query<{ state: string; n: number }>(
      `select o.state, count(*)::int as n from ratings r join orders o on o.id = r.order_id
        group by o.state`,
    )
    expect(ratings).toEqual([{ state: 'completed', n: 2 }])
    const { rows: messages } = await db.query<{ state: string; author: string }>(
      `select o.state, m.author_id = o.seller_id as author from order_messages m
         join orders o on o.id = m.order_id`,
    )
    expect(messages).toEqual([{ state: 'shipped', author: true }])
  })

  it('seeds Carol’s shows: one upcoming with three lots queued, one past with its results', async () => {
    const { rows: shows } = await db.query<{ id: string; state: string; hours: number }>(
      `select s.id, s.state, round(extract(epoch from s.starts_at - now()) / 3600)::int as hours
         from shows s join users u on u.id = s.seller_id
        where u.email = 'carol@lotline.test' order by s.starts_at`,
    )
    expect(shows.map((s) => [s.state, s.hours])).toEqual([
      ['ended', -24],
      ['scheduled', 2],
    ])
    const lotsOf = async (showId: string) =>
      (
        await db.query<{
          state: string
          mode: string
          timer: number
          status: string
          show: string
        }>(
          `select sl.state, sl.mode, sl.timer_seconds as timer, l.status, l.show_id as show
             from show_lots sl join lots l on l.id = sl.lot_id
            where sl.show_id = $1 order by sl.position`,
          [showId],
        )
      ).rows
    const upcoming = await lotsOf(shows[1]!.id)
    expect(upcoming.map((l) => [l.state, l.mode, l.timer, l.status])).toEqual([
      ['queued', 'standard', 30, 'scheduled'],
      ['queued', 'sudden_death', 20, 'scheduled'],
      ['queued', 'standard', 45, 'scheduled'],
    ])
    expect(upcoming.every((l) => l.show === shows[1]!.id)).toBe(true)
    const past = await lotsOf(shows[0]!.id)
    expect(past.map((l) => [l.state, l.status])).toEqual([
      ['done', 'settled'],
      ['done', 'settled'],
      ['skipped', 'cancelled'],
    ])
    // Alice and Bob follow Carol; the past show has its chat.
    const { rows: follows } = await db.query(
      `select 1 from seller_follows f join users u on u.id = f.seller_id
        where u.email = 'carol@lotline.test'`,
    )
    expect(follows).toHaveLength(2)
    const { rows: chat } = await db.query('select 1 from show_chat where show_id = $1', [
      shows[0]!.id,
    ])
    expect(chat.length).toBeGreaterThan(0)
  })

  it('seeds once: a second run on the filled database adds nothing', async () => {
    const count = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from orders`)).rows[0]!.n
    const before = await count()
    expect(await seedDemoData(db, 'EUR', DEMO_RATES)).toBe(false)
    expect(await count()).toBe(before)
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
