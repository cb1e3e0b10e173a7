import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHOW_LOTS_MAX } from '../../../common/shows.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { member, openLot, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import {
  createShow,
  inMinutes,
  lotRow,
  putLots,
  queue,
  scheduledLot,
  showLotStates,
} from './show-helpers.ts'

/** Creating a show, changing it and its queue, and reading it: the API's edges (issue 34). */
const ID = '00000000-0000-4000-8000-000000000001'
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterAll(() => t.close())
beforeEach(() => broadcaster.clear())

const newMember = (role: 'member' | 'admin' = 'member') => member(t.app, t.db, config, { role })

async function showCount(sellerId: string) {
  const { rows } = await t.db.query<{ n: number }>(
    'select count(*)::int as n from shows where seller_id = $1',
    [sellerId],
  )
  return rows[0]!.n
}

describe('POST /api/shows', () => {
  it('creates a scheduled show with its queue; the lots become show lots', async () => {
    const seller = await newMember()
    const [a, b] = [await scheduledLot(t.db, seller.id), await scheduledLot(t.db, seller.id)]
    const startsAt = inMinutes(45)
    const res = await createShow(seller, {
      startsAt,
      description: ' Rare pairs ',
      autoAdvanceSeconds: 5,
      lots: [
        { lotId: a, timerSeconds: 20, mode: 'standard' },
        { lotId: b.toUpperCase(), timerSeconds: 60, mode: 'sudden_death' },
      ],
    })
    expect(res.statusCode).toBe(201)
    const show = res.json()
    expect(show).toMatchObject({
      title: 'Friday sneakers',
      description: 'Rare pairs',
      state: 'scheduled',
      sellerId: seller.id,
      seller: seller.name,
      startsAt,
      autoAdvanceSeconds: 5,
      nextLotAt: null,
      lotCount: 2,
      currentLot: null,
      version: 1,
      my: { host: true, following: false, muted: false },
    })
    expect(show.lots.map((l: { lotId: string; position: number; state: string }) => l)).toEqual([
      expect.objectContaining({ lotId: a, position: 0, timerSeconds: 20, state: 'queued' }),
      expect.objectContaining({ lotId: b, position: 1, mode: 'sudden_death', state: 'queued' }),
    ])
    const lotA = await lotRow(t.db, a)
    expect(lotA).toMatchObject({ show_id: show.id, soft_close_seconds: 10, status: 'scheduled' })
    expect(lotA.starts_at.toISOString()).toBe(startsAt)
    expect(lotA.ends_at.getTime() - lotA.starts_at.getTime()).toBe(20_000)
    expect((await lotRow(t.db, b)).soft_close_seconds).toBe(0)
    expect(broadcaster.named('show.listed')).toEqual([
      expect.objectContaining({ channel: 'shows', data: expect.objectContaining({ id: show.id }) }),
    ])
  })

  it('creates once under one Idempotency-Key; the retry gets the first answer', async () => {
    const seller = await newMember()
    const key = randomUUID()
    const startsAt = inMinutes(20)
    const send = () =>
      seller.b.request({
        method: 'POST',
        url: '/api/shows',
        headers: { 'idempotency-key': key },
        payload: { title: 'Once only', startsAt },
      })
    const first = await send()
    const again = await send()
    expect([first.statusCode, again.statusCode], again.body).toEqual([201, 201])
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().id).toBe(first.json().id)
    expect(await showCount(seller.id)).toBe(1)
  })

  it('answers 401 to a guest and creates nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shows',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { title: 'Guest show', startsAt: inMinutes(10) },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('unauthenticated')
  })

  it.each([
    ['a short title', { title: 'ab' }],
    ['a title on two lines', { title: 'two\nlines' }],
    ['a start in the past', { startsAt: new Date(Date.now() - 3_600_000).toISOString() }],
    ['a start past 30 days', { startsAt: new Date(Date.now() + 31 * 86_400_000).toISOString() }],
    ['a start that is no time', { startsAt: 'tomorrow' }],
    ['auto-advance past 120 s', { autoAdvanceSeconds: 121 }],
    ['auto-advance as text', { autoAdvanceSeconds: '5' }],
    ['a timer under 10 s', { lots: [{ lotId: randomUUID(), timerSeconds: 9, mode: 'standard' }] }],
    ['an unknown mode', { lots: [{ lotId: randomUUID(), timerSeconds: 30, mode: 'fast' }] }],
    ['a lot twice', { lots: queue([ID, ID]) }],
    ['a bad lot id', { lots: queue(['not-a-lot']) }],
    ['an unknown field', { colour: 'red' }],
    ['lots as an object', { lots: { lotId: ID } }],
    ['too many lots', { lots: queue(Array.from({ length: SHOW_LOTS_MAX + 1 }, () => ID)) }],
  ])('refuses %s (4xx problem) and creates nothing', async (_name, patch) => {
    const seller = await newMember()
    const res = await createShow(seller, patch)
    expect([400, 422]).toContain(res.statusCode)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(await showCount(seller.id)).toBe(0)
  })

  it("refuses another seller's lot, an open lot, and a lot in another show: 409, nothing changes", async () => {
    const seller = await newMember()
    const other = await newMember()
    const theirs = await scheduledLot(t.db, other.id)
    const open = await openLot(t.db, seller.id)
    const mine = await scheduledLot(t.db, seller.id)
    const res = await createShow(seller, { lots: queue([mine, theirs, open]) })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'lot_not_showable',
      errors: { [theirs]: expect.any(String), [open]: expect.any(String) },
    })
    expect(await showCount(seller.id)).toBe(0)
    expect((await lotRow(t.db, mine)).show_id).toBeNull()

    const first = await createShow(seller, { lots: queue([mine]) })
    expect(first.statusCode).toBe(201)
    const again = await createShow(seller, { lots: queue([mine]) })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ [mine]: 'Is in another show.' })
    expect(await showCount(seller.id)).toBe(1)
  })
})

describe('PATCH /api/shows/:id', () => {
  it('lets the host change the fields; a new start moves the queued lots', async () => {
    const seller = await newMember()
    const lot = await scheduledLot(t.db, seller.id)
    const show = (await createShow(seller, { lots: queue([lot], 40) })).json()
    const startsAt = inMinutes(90)
    const res = await seller.b.request({
      method: 'PATCH',
      url: `/api/shows/${show.id}`,
      payload: { title: 'Saturday sneakers', startsAt, autoAdvanceSeconds: null },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ title: 'Saturday sneakers', startsAt, version: 2 })
    const row = await lotRow(t.db, lot)
    expect(row.starts_at.toISOString()).toBe(startsAt)
    expect(row.ends_at.getTime() - row.starts_at.getTime()).toBe(40_000)
    expect(broadcaster.named('show.updated').at(-1)).toMatchObject({
      channel: `show.${show.id}`,
      data: { version: 2, my: null },
    })
  })

  it('refuses others (403), guests (401), bad input (4xx), unknown shows (404)', async () => {
    const seller = await newMember()
    const show = (await createShow(seller, {})).json()
    const stranger = await newMember()
    const patch = (m: Member, id: string, payload: unknown) =>
      m.b.request({ method: 'PATCH', url: `/api/shows/${id}`, payload: payload as object })
    expect((await patch(stranger, show.id, { title: 'Mine now' })).statusCode).toBe(403)
    const guest = await t.app.inject({
      method: 'PATCH',
      url: `/api/shows/${show.id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { title: 'Mine now' },
    })
    expect(guest.statusCode).toBe(401)
    expect((await patch(seller, show.id, {})).statusCode).toBe(422)
    expect((await patch(seller, show.id, { title: 7 })).statusCode).toBe(422)
    expect((await patch(seller, show.id, { startsAt: '2001-01-01T00:00:00Z' })).statusCode).toBe(
      422,
    )
    expect((await patch(seller, randomUUID(), { title: 'Nobody' })).statusCode).toBe(404)
    expect((await patch(seller, 'nope', { title: 'Nobody' })).statusCode).toBe(404)
    const after = (await seller.b.request({ method: 'GET', url: `/api/shows/${show.id}` })).json()
    expect(after).toMatchObject({ title: 'Friday sneakers', version: 1 })
  })

  it('fixes the start once live (show_not_editable) and everything once ended (show_ended)', async () => {
    const seller = await newMember()
    const show = (await createShow(seller, {})).json()
    const patch = (payload: object) =>
      seller.b.request({ method: 'PATCH', url: `/api/shows/${show.id}`, payload })
    await seller.b.request({ method: 'POST', url: `/api/shows/${show.id}/start` })
    const moved = await patch({ startsAt: inMinutes(5) })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().code).toBe('show_not_editable')
    expect((await patch({ title: 'Still editable' })).statusCode).toBe(200)
    await seller.b.request({ method: 'POST', url: `/api/shows/${show.id}/end` })
    const ended = await patch({ title: 'Too late' })
    expect(ended.statusCode).toBe(409)
    expect(ended.json().code).toBe('show_ended')
  })
})

describe('PUT /api/shows/:id/lots', () => {
  it('replaces the queue in order; a lot left out is an ordinary scheduled lot again', async () => {
    const seller = await newMember()
    const [a, b, c] = [
      await scheduledLot(t.db, seller.id),
      await scheduledLot(t.db, seller.id),
      await scheduledLot(t.db, seller.id),
    ]
    const show = (await createShow(seller, { lots: queue([a, b]) })).json()
    const res = await putLots(seller, show.id, queue([c, a], 15, 'sudden_death'))
    expect(res.statusCode).toBe(200)
    expect(res.json().lots.map((l: { lotId: string }) => l.lotId)).toEqual([c, a])
    expect(res.json().version).toBe(2)
    const left = await lotRow(t.db, b)
    expect(left).toMatchObject({ show_id: null, soft_close_seconds: 60, status: 'scheduled' })
    expect(left.starts_at.toISOString()).toBe(show.startsAt)
    expect(left.ends_at.getTime() - left.starts_at.getTime()).toBe(24 * 3_600_000)
    expect(await lotRow(t.db, a)).toMatchObject({ soft_close_seconds: 0, show_id: show.id })
    // The lot left out may join another show.
    expect((await createShow(seller, { lots: queue([b]) })).statusCode).toBe(201)
  })

  it('keeps the lots that already ran before the queue; they cannot be queued again', async () => {
    const seller = await newMember()
    const [a, b, c] = [
      await scheduledLot(t.db, seller.id),
      await scheduledLot(t.db, seller.id),
      await scheduledLot(t.db, seller.id),
    ]
    const show = (await createShow(seller, { lots: queue([a, b]) })).json()
    await seller.b.request({ method: 'POST', url: `/api/shows/${show.id}/start` })
    await seller.b.request({
      method: 'POST',
      url: `/api/shows/${show.id}/next`,
      payload: { lotId: a },
    })
    const res = await putLots(seller, show.id, queue([c]))
    expect(res.statusCode).toBe(200)
    expect(
      res.json().lots.map((l: { lotId: string; state: string }) => [l.lotId, l.state]),
    ).toEqual([
      [a, 'running'],
      [c, 'queued'],
    ])
    const again = await putLots(seller, show.id, queue([a, c]))
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual({ [a]: 'Has already run in this show.' })
    expect(await showLotStates(t.db, show.id)).toEqual(['running', 'queued'])
  })

  it('refuses hostile queues and changes nothing', async () => {
    const seller = await newMember()
    const other = await newMember()
    const mine = await scheduledLot(t.db, seller.id)
    const theirs = await scheduledLot(t.db, other.id)
    const show = (await createShow(seller, { lots: queue([mine]) })).json()
    for (const [lots, status] of [
      [queue([theirs]), 409],
      [queue([randomUUID()]), 409],
      [queue(['x'.repeat(64)]), 422],
      [queue(Array.from({ length: SHOW_LOTS_MAX + 1 }, () => mine)), 422],
      ['all of them', 422],
      [[{ lotId: mine, timerSeconds: 30, mode: 'standard', extra: 1 }], 422],
    ] as const) {
      const res = await putLots(seller, show.id, lots)
      expect(res.statusCode, JSON.stringify(lots).slice(0, 80)).toBe(status)
    }
    expect((await putLots(other, show.id, queue([theirs]))).statusCode).toBe(403)
    expect((await lotRow(t.db, theirs)).show_id).toBeNull()
    const after = (await seller.b.request({ method: 'GET', url: `/api/shows/${show.id}` })).json()
    expect(after.lots.map((l: { lotId: string }) => l.lotId)).toEqual([mine])
    expect(after.version).toBe(1)
  })

  it('lets an admin manage the queue; nothing changes once the show is over', async () => {
    const seller = await newMember()
    const admin = await newMember('admin')
    const lot = await scheduledLot(t.db, seller.id)
    const show = (await createShow(seller, {})).json()
    const res = await putLots(admin, show.id, queue([lot]))
    expect(res.statusCode).toBe(200)
    expect(res.json().my).toMatchObject({ host: true })
    await admin.b.request({ method: 'POST', url: `/api/shows/${show.id}/end` })
    const ended = await putLots(seller, show.id, [])
    expect(ended.statusCode).toBe(409)
    expect(ended.json().code).toBe('show_ended')
  })
})

describe('GET /api/shows and /api/shows/:id', () => {
  it('lists live, upcoming and past shows, paged by cursor', async () => {
    const seller = await newMember()
    const ids: string[] = []
    for (let i = 0; i < 22; i += 1)
      ids.push((await createShow(seller, { startsAt: inMinutes(10 + i) })).json().id)
    const first = await t.app.inject({ method: 'GET', url: '/api/shows?kind=upcoming' })
    expect(first.statusCode).toBe(200)
    const page1 = first.json()
    expect(page1.items).toHaveLength(20)
    expect(page1.nextCursor).toEqual(expect.any(String))
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/shows?kind=upcoming&cursor=${page1.nextCursor}`,
      })
    ).json()
    const listed = [...page1.items, ...page2.items].map((s: { id: string }) => s.id)
    // In start order, each once (other tests' shows start earlier or later, never between).
    expect(listed.filter((id) => ids.includes(id))).toEqual(ids)
    expect(new Set(listed).size).toBe(listed.length)

    await seller.b.request({ method: 'POST', url: `/api/shows/${ids[0]}/start` })
    await seller.b.request({ method: 'POST', url: `/api/shows/${ids[1]}/end` })
    const live = (await t.app.inject({ method: 'GET', url: '/api/shows?kind=live' })).json()
    expect(live.items.map((s: { id: string }) => s.id)).toContain(ids[0])
    expect(live.items[0]).not.toHaveProperty('lots')
    const past = (await t.app.inject({ method: 'GET', url: '/api/shows?kind=past' })).json()
    expect(past.items.map((s: { id: string }) => s.id)).toContain(ids[1])
    const byDefault = (await t.app.inject({ method: 'GET', url: '/api/shows' })).json()
    expect(byDefault.items.map((s: { id: string }) => s.id)).toContain(ids[0])
  })

  it('refuses a bad kind (422) or cursor (400); a cursor of another list too', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/shows?kind=soon' })).statusCode).toBe(
      422,
    )
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shows?cursor=bm9wZQ' })).statusCode,
    ).toBe(400)
    const other = Buffer.from(JSON.stringify([1, ID, 'past'])).toString('base64url')
    const res = await t.app.inject({ method: 'GET', url: `/api/shows?kind=live&cursor=${other}` })
    expect(res.statusCode).toBe(400)
  })

  it('shows a guest no `my`, and 404 for an unknown or malformed id', async () => {
    const seller = await newMember()
    const show = (await createShow(seller, {})).json()
    const guest = await t.app.inject({ method: 'GET', url: `/api/shows/${show.id}` })
    expect(guest.statusCode).toBe(200)
    expect(guest.json()).toMatchObject({ id: show.id, my: null })
    const viewer = await newMember()
    await t.db.query('insert into seller_follows (follower_id, seller_id) values ($1, $2)', [
      viewer.id,
      seller.id,
    ])
    await t.db.query('insert into show_mutes (show_id, user_id, muted_by) values ($1, $2, $3)', [
      show.id,
      viewer.id,
      seller.id,
    ])
    const mine = await viewer.b.request({ method: 'GET', url: `/api/shows/${show.id}` })
    expect(mine.json().my).toEqual({ host: false, following: true, muted: true })
    for (const id of [randomUUID(), 'nope', show.id.toUpperCase() + 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shows/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('not_found')
    }
  })
})
