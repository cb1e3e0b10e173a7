import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '../../server/commands/run-command.ts'
import { bid, member, openLot, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import { createTestApp, testConfig, type TestApp, raceNote } from './helpers.ts'

/**
 * The offline queue's writes (watch, unwatch, mark read) carry an Idempotency-Key, so a write
 * replayed by two tabs — one after the other or at the same moment — is applied once, and a
 * late replay of an old write cannot undo a newer one (decision 0011). PGlite by default,
 * PostgreSQL with LOTLINE_TEST_DATABASE=pg.
 */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
afterAll(() => t.close())

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })
const REPLAYED = 'idempotent-replayed'

function setWatch(m: Member, lotId: string, watching: boolean, key?: string) {
  return m.b.request({
    method: watching ? 'PUT' : 'DELETE',
    url: `/api/lots/${lotId}/watch`,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })
}

async function watchedIds(m: Member): Promise<string[]> {
  const res = await m.b.request({ method: 'GET', url: '/api/watchlist' })
  return res.json().items.map((l: { id: string }) => l.id)
}

function markRead(m: Member, ids: number[] | undefined, key?: string) {
  return m.b.request({
    method: 'POST',
    url: '/api/notifications/read',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: ids === undefined ? {} : { ids },
  })
}

/** `count` unread "outbid" notifications for `m` (bob outbids them on fresh lots). */
async function outbid(m: Member, count: number): Promise<number[]> {
  const seller = await newMember(0)
  const bob = await newMember()
  for (let i = 0; i < count; i++) {
    const lotId = await openLot(t.db, seller.id)
    await bid(m, lotId, { amount: 1_000 })
    await bid(bob, lotId, { amount: 1_100 })
  }
  const list = (await m.b.request({ method: 'GET', url: '/api/notifications' })).json()
  expect(list.unread).toBe(count)
  return list.items.map((n: { id: number }) => n.id)
}

describe('watch / unwatch with an Idempotency-Key', () => {
  it('a late replay of an old "watch" answers from the store and leaves the later "unwatch" in place', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const watchKey = randomUUID()

    const first = await setWatch(alice, lotId, true, watchKey)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ lotId, watching: true })
    expect(first.headers[REPLAYED]).toBeUndefined()
    expect(await watchedIds(alice)).toEqual([lotId])

    expect((await setWatch(alice, lotId, false, randomUUID())).statusCode).toBe(200)
    expect(await watchedIds(alice)).toEqual([])

    // The second tab's copy of the queued "watch" arrives now.
    const replay = await setWatch(alice, lotId, true, watchKey)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ lotId, watching: true })
    expect(replay.headers[REPLAYED]).toBe('true')
    expect(await watchedIds(alice)).toEqual([])
  })

  it('refuses the same key for a different request, and changes nothing', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    expect((await setWatch(alice, lotId, true, key)).statusCode).toBe(200)

    const other = await setWatch(alice, lotId, false, key)
    expect(other.statusCode).toBe(422)
    expect(other.headers['content-type']).toContain('application/problem+json')
    expect(other.json().code).toBe('idempotency_key_reused')
    expect(await watchedIds(alice)).toEqual([lotId])
  })

  it('keys are per user, a failed request does not use its key up, and a bad key is a 400', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const carol = await newMember()
    const lotId = await openLot(t.db, seller.id)
    const key = randomUUID()
    expect((await setWatch(alice, lotId, true, key)).headers[REPLAYED]).toBeUndefined()
    const carolsWatch = await setWatch(carol, lotId, true, key)
    expect(carolsWatch.headers[REPLAYED]).toBeUndefined()
    expect(await watchedIds(carol)).toEqual([lotId])

    const missing = randomUUID()
    const failedKey = randomUUID()
    expect((await setWatch(alice, missing, true, failedKey)).statusCode).toBe(404)
    expect((await setWatch(alice, lotId, false, failedKey)).statusCode).toBe(200)
    expect(await watchedIds(alice)).toEqual([])

    const bad = await setWatch(alice, lotId, true, 'has spaces in it')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('idempotency_key_required')
    expect(await watchedIds(alice)).toEqual([])
  })

  it('without a key behaves as before: PUT twice watches once, DELETE of nothing is fine', async () => {
    const seller = await newMember(0)
    const alice = await newMember()
    const lotId = await openLot(t.db, seller.id)
    for (let i = 0; i < 2; i++) expect((await setWatch(alice, lotId, true)).statusCode).toBe(200)
    expect(await watchedIds(alice)).toEqual([lotId])
    for (let i = 0; i < 2; i++) expect((await setWatch(alice, lotId, false)).statusCode).toBe(200)
    expect(await watchedIds(alice)).toEqual([])
  })
})

describe('mark read with an Idempotency-Key', () => {
  it(`applies once when the same key arrives several times at the same moment${raceNote}`, async () => {
    const alice = await newMember()
    const ids = await outbid(alice, 3)
    const key = randomUUID()

    const answers = await Promise.all(Array.from({ length: 6 }, () => markRead(alice, ids, key)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200))
    // Every answer is the first application's: three marked, none left. Had a second request
    // applied, it would have answered `updated: 0`.
    for (const a of answers) expect(a.json()).toEqual({ updated: 3, unread: 0 })
    expect(answers.filter((a) => a.headers[REPLAYED] === undefined)).toHaveLength(1)
    const { rows } = await t.db.query<{ n: number; status: number }>(
      `select count(*)::int as n, min(status_code) as status from idempotency_keys
        where user_id = $1 and scope = 'notifications-read' and key = $2`,
      [alice.id, key],
    )
    expect(rows[0]).toEqual({ n: 1, status: 200 })
  })

  it('a replay after newer notifications arrived answers as the first time and marks nothing new', async () => {
    const alice = await newMember()
    const [newest, ...older] = await outbid(alice, 2)
    const key = randomUUID()
    expect((await markRead(alice, [newest!], key)).json()).toEqual({ updated: 1, unread: 1 })

    const replay = await markRead(alice, [newest!], key)
    expect(replay.headers[REPLAYED]).toBe('true')
    expect(replay.json()).toEqual({ updated: 1, unread: 1 })
    const list = (await alice.b.request({ method: 'GET', url: '/api/notifications' })).json()
    expect(list.unread).toBe(1)
    expect(list.items.find((n: { id: number }) => n.id === older[0])?.readAt).toBeNull()

    const reused = await markRead(alice, older, key)
    expect(reused.statusCode).toBe(422)
    expect(reused.json().code).toBe('idempotency_key_reused')
  })

  it('without a key a repeat is applied again (and finds nothing left to mark)', async () => {
    const alice = await newMember()
    const ids = await outbid(alice, 2)
    expect((await markRead(alice, ids)).json()).toEqual({ updated: 2, unread: 0 })
    expect((await markRead(alice, ids)).json()).toEqual({ updated: 0, unread: 0 })
  })
})

describe('runCommand', () => {
  it(`holds a concurrent request with the same key until the first one commits, then replays it${raceNote}`, async () => {
    const alice = await newMember()
    const key = randomUUID()
    let applied = 0
    const work = async () => {
      applied++
      // Long enough that, without the claim, the second request would start its own work.
      await new Promise((resolve) => setTimeout(resolve, 150))
      return { applied }
    }
    const once = { userId: alice.id, scope: 'watch' as const, key, parts: ['same'] }
    const results = await Promise.all([
      runCommand(t.db, { once }, work),
      runCommand(t.db, { once }, work),
      runCommand(t.db, { once }, work),
    ])
    expect(applied).toBe(1)
    expect(results.map((r) => r.body)).toEqual([{ applied: 1 }, { applied: 1 }, { applied: 1 }])
    expect(results.filter((r) => r.replayed)).toHaveLength(2)
  })
})
