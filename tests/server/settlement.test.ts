import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createScheduler, type Scheduler } from '../../server/jobs/scheduler.ts'
import { closeLot } from '../../server/commands/settlement/close-lot.ts'
import { createTestApp, raceNote, testConfig, type TestApp } from './helpers.ts'
import {
  expectMoneyInvariants,
  bid,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from './auction-helpers.ts'

/** The scheduler: opening, ending-soon notices, closing and settling exactly once. */
let t: TestApp
let scheduler: Scheduler
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
  scheduler = createScheduler({ db: t.db, broadcaster, currency: 'EUR' })
})
// Every money test ends with the shared invariants (balances, holds, credits).
afterEach(() => expectMoneyInvariants(t.db))
afterAll(async () => {
  await scheduler.stop()
  await t.close()
})
beforeEach(() => broadcaster.clear())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

async function wallet(m: Member) {
  return (await m.b.request({ method: 'GET', url: '/api/wallet' })).json()
}

async function ledger(userId: string) {
  const { rows } = await t.db.query<{ kind: string; amount: number }>(
    'select kind, amount from ledger_entries where user_id = $1 order by id',
    [userId],
  )
  return rows
}

async function lotStatus(id: string) {
  const { rows } = await t.db.query<{
    status: string
    settled_at: Date | null
    closed_at: Date | null
  }>('select status, settled_at, closed_at from lots where id = $1', [id])
  return rows[0]!
}

describe('closing and settling', () => {
  it('settles once: the winner pays the final price (not the maximum), the seller is paid', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const bob = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 120 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 9_000 })
    await bid(bob, lotId, { amount: 2_000 })
    expect(await wallet(alice)).toMatchObject({ held: 9_000 })

    // Nothing is due yet.
    expect((await scheduler.runDueJobs()).closed).toEqual([])
    broadcaster.clear()
    const report = await scheduler.runDueJobs(later(600))
    expect(report.closed).toContainEqual({ lotId, outcome: 'settled' })
    expect((await lotStatus(lotId)).status).toBe('settled')

    expect(await wallet(alice)).toMatchObject({
      balance: 50_000 - 2_100,
      held: 0,
      available: 47_900,
    })
    expect(await ledger(alice.id)).toEqual([
      { kind: 'adjustment', amount: 50_000 },
      { kind: 'purchase', amount: -2_100 },
    ])
    expect(await ledger(seller.id)).toEqual([{ kind: 'sale', amount: 2_100 }])
    expect(await wallet(bob)).toMatchObject({ balance: 50_000, held: 0 })
    const { rows: holds } = await t.db.query<{ status: string; amount: number }>(
      'select status, amount from holds where lot_id = $1 and user_id = $2',
      [lotId, alice.id],
    )
    expect(holds).toEqual([{ status: 'captured', amount: 2_100 }])

    // Events: lot.updated on both channels, wallet.updated for the winner and seller, notices.
    expect(
      broadcaster
        .named('lot.updated')
        .map((e) => e.channel)
        .sort(),
    ).toEqual([`lot.${lotId}`, 'lots'])
    expect(broadcaster.named('lot.updated')[0]!.data).toMatchObject({
      status: 'settled',
      minNextBid: null,
    })
    const walletChannels = broadcaster.named('wallet.updated').map((e) => e.channel)
    expect(walletChannels).toContain(`private-wallet.${alice.id}`)
    expect(walletChannels).toContain(`private-wallet.${seller.id}`)
    expect(
      broadcaster.userEvents.map((e) => [e.userId, (e.data as { kind: string }).kind]),
    ).toEqual(
      expect.arrayContaining([
        [alice.id, 'won'],
        [seller.id, 'lot_sold'],
      ]),
    )
    const detail = (await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(detail.my).toMatchObject({ status: 'won' })
    const bobs = (await bob.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(bobs.my).toMatchObject({ status: 'lost' })

    // A second run — or a concurrent closer — changes nothing.
    const settledAt = (await lotStatus(lotId)).settled_at
    expect(await closeLot({ db: t.db, currency: 'EUR' }, lotId, later(600))).toBe('skipped')
    const again = await scheduler.runDueJobs(later(600))
    expect(again.closed.find((c) => c.lotId === lotId)).toBeUndefined()
    expect(await ledger(seller.id)).toHaveLength(1)
    expect((await lotStatus(lotId)).settled_at).toEqual(settledAt)
    await expectMoneyInvariants(t.db)
  })

  it(`settles exactly once when two closers race${raceNote}`, async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60 })
    await bid(alice, lotId, { amount: 1_000 })
    const results = await Promise.all([
      closeLot({ db: t.db, currency: 'EUR' }, lotId, later(600)),
      closeLot({ db: t.db, currency: 'EUR' }, lotId, later(600)),
      closeLot({ db: t.db, currency: 'EUR' }, lotId, later(600)),
    ])
    expect([...results].sort()).toEqual(['settled', 'skipped', 'skipped'])
    expect(await ledger(seller.id)).toEqual([{ kind: 'sale', amount: 1_000 }])
    await expectMoneyInvariants(t.db)
  })

  it('leaves a lot unsold below its reserve and releases the hold', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60, reservePrice: 10_000 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 5_000 })
    await scheduler.runDueJobs(later(600))
    expect((await lotStatus(lotId)).status).toBe('unsold')
    expect(await wallet(alice)).toMatchObject({ balance: 50_000, held: 0, available: 50_000 })
    expect(await ledger(seller.id)).toEqual([])
    expect(broadcaster.userEvents.map((e) => (e.data as { kind: string }).kind)).toContain(
      'lot_unsold',
    )
    const detail = (await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(detail).toMatchObject({ status: 'unsold', reserveMet: false, my: { status: 'lost' } })
  })

  it('a maximum exactly at the reserve lifts the price to the reserve and the lot settles as sold', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60, reservePrice: 10_000 })
    const placed = await bid(alice, lotId, { amount: 1_000, maxAmount: 10_000 })
    expect(placed.statusCode, placed.body).toBe(201)
    const open = (await alice.b.request({ method: 'GET', url: `/api/lots/${lotId}` })).json()
    expect(open).toMatchObject({ currentPrice: 10_000, reserveMet: true })
    await scheduler.runDueJobs(later(600))
    expect((await lotStatus(lotId)).status).toBe('settled')
    expect(await ledger(alice.id)).toContainEqual({ kind: 'purchase', amount: -10_000 })
    expect(await ledger(seller.id)).toEqual([{ kind: 'sale', amount: 10_000 }])
    expect(await wallet(alice)).toMatchObject({ balance: 40_000, held: 0, available: 40_000 })
  })

  it('a maximum one below the reserve leaves the lot unsold', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60, reservePrice: 10_000 })
    await bid(alice, lotId, { amount: 1_000, maxAmount: 9_999 })
    await scheduler.runDueJobs(later(600))
    expect((await lotStatus(lotId)).status).toBe('unsold')
    expect(await ledger(seller.id)).toEqual([])
  })

  it('closes a lot without bids as unsold', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60 })
    await scheduler.runDueJobs(later(600))
    expect((await lotStatus(lotId)).status).toBe('unsold')
  })

  it('does not close a lot whose end a late bid pushed back (soft close)', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 5, softCloseSeconds: 120 })
    await bid(alice, lotId, { amount: 1_000 })
    await scheduler.runDueJobs(later(30))
    expect((await lotStatus(lotId)).status).toBe('open')
    await scheduler.runDueJobs(later(200))
    expect((await lotStatus(lotId)).status).toBe('settled')
  })
})

describe('opening and ending soon', () => {
  it('opens scheduled lots when their start has passed', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 7_200 })
    await t.db.query(
      `update lots set status = 'scheduled', starts_at = now() + interval '10 minutes' where id = $1`,
      [lotId],
    )
    expect((await scheduler.runDueJobs()).opened).not.toContain(lotId)
    const report = await scheduler.runDueJobs(later(11 * 60))
    expect(report.opened).toContain(lotId)
    expect((await lotStatus(lotId)).status).toBe('open')
    expect(
      broadcaster.named('lot.updated').some((e) => (e.data as { id: string }).id === lotId),
    ).toBe(true)
  })

  it('tells each watcher once when a watched lot ends within 5 minutes', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const bob = await newMember()
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 600 })
    await alice.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
    await bob.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
    expect((await scheduler.runDueJobs()).endingSoon).not.toContain(lotId)
    const report = await scheduler.runDueJobs(later(360))
    expect(report.endingSoon).toContain(lotId)
    const sent = broadcaster.userEvents.filter((e) => (e.data as { lotId: string }).lotId === lotId)
    expect(sent.map((e) => e.userId).sort()).toEqual([alice.id, bob.id].sort())
    await scheduler.runDueJobs(later(400))
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from notifications where lot_id = $1 and kind = 'ending_soon'`,
      [lotId],
    )
    expect(rows[0]!.n).toBe(2)
  })
})

describe('the timer', () => {
  it('starts, closes due lots by itself, and stops', async () => {
    const seller = await newMember(0)
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 60 })
    await t.db.query(
      `update lots set ends_at = now() + interval '300 milliseconds' where id = $1`,
      [lotId],
    )
    const timed = createScheduler({ db: t.db, broadcaster, currency: 'EUR', intervalMs: 100 })
    timed.start()
    await expect
      .poll(async () => (await lotStatus(lotId)).status, { timeout: 5_000 })
      .toBe('unsold')
    await timed.stop()
  })
})
