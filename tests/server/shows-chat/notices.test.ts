import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHOW_REMINDER_MS } from '../../../common/shows.ts'
import { announceShows } from '../../../server/commands/shows-notices/announce.ts'
import { openPostgres } from '../../../server/db/postgres.ts'
import type { Database } from '../../../server/db/types.ts'
import { composePush } from '../../../server/jobs/push-compose.ts'
import { createScheduler } from '../../../server/jobs/scheduler.ts'
import { nextLotEventAt } from '../../../server/repositories/lots.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, onPostgres, testConfig, type TestApp } from '../helpers.ts'
import { insertShow } from './show-kit.ts'

/**
 * Followers hear of their sellers' shows (issue 34): 15 minutes before one starts, and when it goes
 * live — once each per show, whatever the number of passes or nodes.
 */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let seller: Member
let fans: Member[]

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config, { name: 'Marta Ruiz' })
  fans = [await member(t.app, t.db, config), await member(t.app, t.db, config)]
  for (const fan of fans) {
    const res = await fan.b.request({ method: 'PUT', url: `/api/sellers/${seller.id}/follow` })
    expect(res.statusCode).toBe(204)
  }
  // Every earlier test's shows are told already: each test sees only its own.
  await t.db.query('update shows set announced_at = now(), reminded_at = now()')
  broadcaster.clear()
})
afterAll(() => t.close())

async function noticesOf(kind: string, showId: string) {
  const { rows } = await t.db.query<{ user_id: string; data: Record<string, unknown> }>(
    `select user_id, data from notifications where kind = $1 and data ->> 'showId' = $2
      order by user_id`,
    [kind, showId],
  )
  return rows
}
const sorted = (ids: string[]) => [...ids].sort()

describe('a followed seller going live', () => {
  it('tells every follower once (in the app, live, and by push), however often the pass runs', async () => {
    // One follower has a device for pushes.
    await t.db.query(
      `insert into push_subscriptions (user_id, session_hash, endpoint, p256dh, auth, lang, device, browser)
       select user_id, token_hash, 'https://push.example.test/' || user_id, 'k', 'a', 'es', 'Mac', 'Safari'
         from sessions where user_id = $1 limit 1`,
      [fans[0]!.id],
    )
    const showId = await insertShow(t.db, seller.id, { title: 'Sunday cameras' })
    const now = new Date()
    const first = await announceShows(t.db, now, { broadcaster })
    const second = await announceShows(t.db, now, { broadcaster })
    expect(first.live).toEqual([showId])
    expect(second.live).toEqual([])
    const told = await noticesOf('show_live', showId)
    expect(sorted(told.map((n) => n.user_id))).toEqual(sorted(fans.map((f) => f.id)))
    expect(told[0]!.data).toEqual({ showId, title: 'Sunday cameras', sellerName: 'Marta Ruiz' })
    expect(sorted(broadcaster.userEvents.map((e) => e.userId))).toEqual(
      sorted(fans.map((f) => f.id)),
    )
    const { rows: pushes } = await t.db.query(
      `select o.* from push_outbox o join notifications n on n.id = o.notification_id
        where n.kind = 'show_live' and n.data ->> 'showId' = $1`,
      [showId],
    )
    expect(pushes).toHaveLength(1)
    // Nobody else: not the seller, not a member who follows someone else.
    expect(told.map((n) => n.user_id)).not.toContain(seller.id)
  })

  it('a paused show is announced too; a scheduled or ended one is not', async () => {
    const paused = await insertShow(t.db, seller.id, { state: 'paused' })
    await insertShow(t.db, seller.id, { state: 'ended', startsInMinutes: -120 })
    await insertShow(t.db, seller.id, { state: 'scheduled', startsInMinutes: 120 })
    expect((await announceShows(t.db, new Date())).live).toEqual([paused])
  })

  it('a follower who left, or whose account closed, is not told', async () => {
    await fans[0]!.b.request({ method: 'DELETE', url: `/api/sellers/${seller.id}/follow` })
    await t.db.query('update users set deleted_at = now() where id = $1', [fans[1]!.id])
    const showId = await insertShow(t.db, seller.id)
    expect((await announceShows(t.db, new Date())).live).toEqual([showId])
    expect(await noticesOf('show_live', showId)).toEqual([])
  })
})

describe('a followed seller’s show starting soon', () => {
  it('tells followers once, from 15 minutes before the start, and only while scheduled', async () => {
    const showId = await insertShow(t.db, seller.id, { state: 'scheduled', startsInMinutes: 20 })
    const now = new Date()
    // Twenty minutes away: not yet.
    expect((await announceShows(t.db, now)).soon).toEqual([])
    const later = new Date(now.getTime() + 6 * 60_000)
    expect((await announceShows(t.db, later, { broadcaster })).soon).toEqual([showId])
    expect((await announceShows(t.db, later)).soon).toEqual([])
    expect(await noticesOf('show_soon', showId)).toHaveLength(fans.length)
    // Going live afterwards is its own notice, once.
    await t.db.query(`update shows set state = 'live', started_at = now() where id = $1`, [showId])
    expect((await announceShows(t.db, later)).live).toEqual([showId])
    expect(await noticesOf('show_live', showId)).toHaveLength(fans.length)
    expect(await noticesOf('show_soon', showId)).toHaveLength(fans.length)
  })

  it('a show that went live before its reminder is only announced', async () => {
    const showId = await insertShow(t.db, seller.id, { state: 'live', startsInMinutes: 5 })
    const told = await announceShows(t.db, new Date())
    expect(told).toEqual({ live: [showId], soon: [] })
    expect(await noticesOf('show_soon', showId)).toEqual([])
  })

  it('wakes the scheduler for the reminder, and the scheduler runs the pass', async () => {
    await t.db.query(`update shows set state = 'ended' where state <> 'ended'`)
    await t.db.query(`update lots set status = 'ended' where status in ('scheduled', 'open')`)
    const showId = await insertShow(t.db, seller.id, { state: 'scheduled', startsInMinutes: 60 })
    const { rows } = await t.db.query<{ starts_at: Date }>(
      'select starts_at from shows where id = $1',
      [showId],
    )
    const wake = await nextLotEventAt(t.db, 60_000)
    expect(wake?.getTime()).toBe(rows[0]!.starts_at.getTime() - SHOW_REMINDER_MS)
    const scheduler = createScheduler({ db: t.db, broadcaster, currency: 'EUR' })
    const report = await scheduler.runDueJobs(new Date(wake!.getTime() + 1))
    expect(report.showNotices?.soon).toEqual([showId])
    expect(await nextLotEventAt(t.db, 60_000)).toBeUndefined()
  })
})

describe('a show notice as a push', () => {
  it('opens the show, names it and its seller, and "live" replaces "soon"', () => {
    const base = {
      id: 1,
      attempts: 0,
      lotId: null,
      data: { showId: 'aaaa', title: 'Sunday cameras', sellerName: 'Marta' },
      notifiedAt: new Date(),
      subscriptionId: 's',
      endpoint: 'e',
      p256dh: 'k',
      auth: 'a',
      lang: 'en' as const,
      lot: null,
    }
    const soon = composePush({ ...base, kind: 'show_soon' }, 'EUR', new Date())
    const live = composePush({ ...base, kind: 'show_live' }, 'EUR', new Date())
    expect(live.payload).toMatchObject({
      path: 'shows/aaaa',
      tag: 'show-aaaa',
      renotify: true,
      body: 'Marta is live: Sunday cameras.',
    })
    expect(soon.payload).toMatchObject({ path: 'shows/aaaa', tag: 'show-aaaa' })
    expect(soon.payload.body).toContain('Sunday cameras')
  })
})

describe.runIf(onPostgres)('two nodes telling followers at once', () => {
  let second: Database
  beforeAll(async () => {
    const { rows } = await t.db.query<{ name: string }>('select current_database() as name')
    const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    url.pathname = `/${rows[0]!.name}`
    second = await openPostgres(url.toString(), 10)
  })
  afterAll(() => second.close())

  it('each show is announced and reminded once across both', async () => {
    const live = await Promise.all(
      Array.from({ length: 6 }, () => insertShow(t.db, seller.id, { state: 'live' })),
    )
    const soon = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertShow(t.db, seller.id, { state: 'scheduled', startsInMinutes: 10 }),
      ),
    )
    const now = new Date()
    const [a, b] = await Promise.all([announceShows(t.db, now), announceShows(second, now)])
    expect(sorted([...a.live, ...b.live])).toEqual(sorted(live))
    expect(sorted([...a.soon, ...b.soon])).toEqual(sorted(soon))
    for (const id of live) expect(await noticesOf('show_live', id)).toHaveLength(fans.length)
    for (const id of soon) expect(await noticesOf('show_soon', id)).toHaveLength(fans.length)
  })
})
