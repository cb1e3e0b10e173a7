import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createScheduler, type Scheduler } from '../../../server/jobs/scheduler.ts'
import { nextLotEventAt } from '../../../server/repositories/lots.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  openLot,
  RecordingBroadcaster,
  type Member,
} from '../auction-helpers.ts'
import { createShow, hostMove, lotRow, scheduledLot, showLotStates } from './show-helpers.ts'

/**
 * A show run end to end with the scheduler on a movable clock: absentee maximums on queued lots,
 * standard and sudden-death clocks, auto-advance, skip, and bids after the end (issue 34).
 */
let t: TestApp
let scheduler: Scheduler
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
  scheduler = createScheduler({ db: t.db, broadcaster, currency: 'EUR' })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(async () => {
  await scheduler.stop()
  await t.close()
})
beforeEach(() => broadcaster.clear())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)
const wallet = async (m: Member) =>
  (await m.b.request({ method: 'GET', url: '/api/wallet' })).json()
const lotOf = async (m: Member, id: string) =>
  (await m.b.request({ method: 'GET', url: `/api/lots/${id}` })).json()

async function expectMove(m: Member, id: string, action: string, lotId?: string) {
  const res = await hostMove(m, id, action, lotId)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('a three-lot show', () => {
  it('runs: absentee bids, a standard soft close, sudden death, auto-advance, a skip', async () => {
    const seller = await newMember(0)
    const alice = await newMember(50_000)
    const bob = await newMember(50_000)
    const carol = await newMember(50_000)
    const [one, two, three] = [
      await scheduledLot(t.db, seller.id, { title: 'Pair one' }),
      await scheduledLot(t.db, seller.id, { title: 'Pair two' }),
      await scheduledLot(t.db, seller.id, { title: 'Pair three' }),
    ]
    const show = (
      await createShow(seller, {
        autoAdvanceSeconds: 5,
        lots: [
          { lotId: one, timerSeconds: 30, mode: 'standard' },
          { lotId: two, timerSeconds: 20, mode: 'sudden_death' },
          { lotId: three, timerSeconds: 30, mode: 'standard' },
        ],
      })
    ).json()

    // Absentee bids while queued: resolved by proxy at once, held, the clock untouched.
    const placeholderEnd = (await lotRow(t.db, one)).ends_at
    expect((await bid(alice, one, { amount: 1_000, maxAmount: 5_000 })).statusCode).toBe(201)
    expect((await bid(bob, one, { amount: 2_000 })).statusCode).toBe(201)
    expect(await lotOf(alice, one)).toMatchObject({
      status: 'scheduled',
      leader: alice.alias,
      my: { status: 'leading' },
    })
    expect((await lotOf(alice, one)).currentPrice).toBeGreaterThan(2_000)
    expect(await wallet(alice)).toMatchObject({ held: 5_000 })
    expect((await lotRow(t.db, one)).ends_at).toEqual(placeholderEnd)
    expect((await bid(bob, three, { maxAmount: 4_000 })).statusCode).toBe(201)
    expect(await wallet(bob)).toMatchObject({ held: 4_000 })
    // The plain scheduler never opens a show lot, however late its start.
    await t.db.query(`update lots set starts_at = now() - interval '1 hour' where id = $1`, [two])
    expect((await scheduler.runDueJobs(later(1))).opened).not.toContain(two)

    // Live: the host opens the first lot now, for its 30 s.
    await expectMove(seller, show.id, 'start')
    await expectMove(seller, show.id, 'next', one)
    // A late counter-bid in standard mode resets the clock to 10 s.
    await t.db.query(`update lots set ends_at = now() + interval '3 seconds' where id = $1`, [one])
    const counter = await bid(carol, one, { amount: 3_000 })
    expect(counter.statusCode).toBe(201)
    const extendedBy = Date.parse(counter.json().lot.endsAt) - Date.now()
    expect(extendedBy).toBeGreaterThan(8_000)
    expect(extendedBy).toBeLessThanOrEqual(10_000)
    expect(counter.json().lot.leader).toBe(alice.alias)

    // Its end passes: the scheduler settles it (the absentee maximum wins) and starts the
    // auto-advance clock; 5 s later it opens the sudden-death lot.
    const closedAt = later(60)
    const first = await scheduler.runDueJobs(closedAt)
    expect(first.closed).toContainEqual({ lotId: one, outcome: 'settled' })
    expect(first.shows.finished).toEqual([show.id])
    expect(first.shows.advanced).toEqual([])
    const price = (await lotOf(alice, one)).currentPrice as number
    expect(await wallet(alice)).toMatchObject({ held: 0, balance: 50_000 - price })
    expect(await showLotStates(t.db, show.id)).toEqual(['done', 'queued', 'queued'])
    const waiting = (await alice.b.request({ method: 'GET', url: `/api/shows/${show.id}` })).json()
    expect(Date.parse(waiting.nextLotAt)).toBe(closedAt.getTime() + 5_000)
    expect(await nextLotEventAt(t.db, 300_000)).toEqual(expect.any(Date))
    expect((await scheduler.runDueJobs(later(62))).shows.advanced).toEqual([])
    const advancedAt = later(66)
    expect((await scheduler.runDueJobs(advancedAt)).shows.advanced).toEqual([show.id])
    const opened = await lotRow(t.db, two)
    expect(opened).toMatchObject({ status: 'open', soft_close_seconds: 0 })
    expect(opened.starts_at).toEqual(advancedAt)
    expect(opened.ends_at.getTime()).toBe(advancedAt.getTime() + 20_000)
    expect(broadcaster.named('show.updated').at(-1)?.data).toMatchObject({
      currentLot: { id: two },
      nextLotAt: null,
    })

    // Sudden death: a bid moves no clock.
    expect((await bid(alice, two, { amount: 1_000 })).statusCode).toBe(201)
    expect((await lotRow(t.db, two)).ends_at).toEqual(opened.ends_at)
    await scheduler.runDueJobs(later(200))
    expect((await lotRow(t.db, two)).status).toBe('settled')

    // The host skips the last lot: cancelled, bob's absentee hold released and bob told.
    broadcaster.clear()
    await expectMove(seller, show.id, 'skip', three)
    expect(await lotRow(t.db, three)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Skipped by the host',
    })
    expect(await wallet(bob)).toMatchObject({ held: 0, balance: 50_000 })
    expect(broadcaster.userEvents).toContainEqual(
      expect.objectContaining({
        userId: bob.id,
        data: expect.objectContaining({ kind: 'lot_cancelled' }),
      }),
    )
    const ended = await expectMove(seller, show.id, 'end')
    expect(ended).toMatchObject({ state: 'ended', lotCount: 3, currentLot: null })
    expect(await showLotStates(t.db, show.id)).toEqual(['done', 'done', 'skipped'])

    // A bid after a lot's end is told so.
    const late = await bid(bob, one, { amount: 9_000 })
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('lot_ended')
  })

  it('auto-advance with an empty queue clears its clock and opens nothing', async () => {
    const seller = await newMember(0)
    const show = (await createShow(seller, { autoAdvanceSeconds: 0 })).json()
    await expectMove(seller, show.id, 'start')
    const report = await scheduler.runDueJobs(later(1))
    expect(report.shows.advanced).toEqual([])
    const after = (await seller.b.request({ method: 'GET', url: `/api/shows/${show.id}` })).json()
    expect(after.nextLotAt).toBeNull()
  })

  it('a paused show keeps its running lot to its end but opens no next lot', async () => {
    const seller = await newMember(0)
    const [one, two] = [await scheduledLot(t.db, seller.id), await scheduledLot(t.db, seller.id)]
    const show = (
      await createShow(seller, {
        autoAdvanceSeconds: 0,
        lots: [
          { lotId: one, timerSeconds: 10, mode: 'standard' },
          { lotId: two, timerSeconds: 10, mode: 'standard' },
        ],
      })
    ).json()
    await expectMove(seller, show.id, 'start')
    await expectMove(seller, show.id, 'next', one)
    await expectMove(seller, show.id, 'pause')
    const report = await scheduler.runDueJobs(later(30))
    expect(report.closed).toContainEqual({ lotId: one, outcome: 'unsold' })
    expect(report.shows).toEqual({ finished: [show.id], advanced: [] })
    expect((await lotRow(t.db, two)).status).toBe('scheduled')
    const resumed = await expectMove(seller, show.id, 'resume')
    expect(resumed.nextLotAt).toEqual(expect.any(String))
    expect((await scheduler.runDueJobs(later(31))).shows.advanced).toEqual([show.id])
  })
})

describe('versions of a show', () => {
  it('each change is one version: a close, auto-advance and host moves leave no gap', async () => {
    const seller = await newMember(0)
    const [one, two] = [await scheduledLot(t.db, seller.id), await scheduledLot(t.db, seller.id)]
    const show = (
      await createShow(seller, {
        autoAdvanceSeconds: 0,
        lots: [
          { lotId: one, timerSeconds: 10, mode: 'standard' },
          { lotId: two, timerSeconds: 10, mode: 'standard' },
        ],
      })
    ).json()
    await expectMove(seller, show.id, 'start')
    await expectMove(seller, show.id, 'next', one)
    // The pass closes the lot, finishes it in the show and opens the next: a room that takes
    // only the next version as an update would refetch at a gap.
    await scheduler.runDueJobs(later(11))
    await scheduler.runDueJobs(later(22))
    await expectMove(seller, show.id, 'next', two)
    await expectMove(seller, show.id, 'end')
    const versions = broadcaster
      .named('show.updated')
      .map((e) => e.data as { id: string; version: number })
      .filter((d) => d.id === show.id)
      .map((d) => d.version)
    expect(versions.length).toBeGreaterThanOrEqual(6)
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i))
  })
})

describe('ending soon', () => {
  it('a running show lot sends its watchers no "ending soon" notice: the show room is the notice', async () => {
    const seller = await newMember(0)
    const watcher = await newMember()
    const [one, plain] = [await scheduledLot(t.db, seller.id), await openLot(t.db, seller.id)]
    const show = (
      await createShow(seller, { lots: [{ lotId: one, timerSeconds: 60, mode: 'standard' }] })
    ).json()
    for (const lotId of [one, plain]) {
      const res = await watcher.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
      expect(res.statusCode).toBeLessThan(300)
    }
    await expectMove(seller, show.id, 'start')
    await expectMove(seller, show.id, 'next', one)
    // The ordinary lot ends within the notice's window too, so the pass does send notices.
    await t.db.query(`update lots set ends_at = now() + interval '50 seconds' where id = $1`, [
      plain,
    ])
    const report = await scheduler.runDueJobs(later(5))
    expect(report.endingSoon).toContain(plain)
    expect(report.endingSoon).not.toContain(one)
    const { rows } = await t.db.query<{ lot_id: string }>(
      `select lot_id from notifications where user_id = $1 and kind = 'ending_soon'`,
      [watcher.id],
    )
    expect(rows.map((r) => r.lot_id)).toEqual([plain])
  })
})

describe('bids at the end', () => {
  it('an open lot past its end answers lot_ended; cancelled and scheduled lots lot_not_open', async () => {
    const seller = await newMember(0)
    const bob = await newMember()
    const over = await openLot(t.db, seller.id)
    await t.db.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [over])
    expect((await bid(bob, over, { amount: 5_000 })).json().code).toBe('lot_ended')
    const plain = await scheduledLot(t.db, seller.id)
    expect((await bid(bob, plain, { amount: 5_000 })).json().code).toBe('lot_not_open')
  })
})
