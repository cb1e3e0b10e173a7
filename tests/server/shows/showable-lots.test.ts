import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { member, openLot, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createShow, queue, scheduledLot } from './show-helpers.ts'

/** `GET /api/shows/showable-lots`: the lot picker's list of the caller's lots a show may take. */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterAll(() => t.close())

const newMember = () => member(t.app, t.db, config)

interface LotPage {
  items: { id: string; title: string }[]
  nextCursor: string | null
}

async function showable(m: Member, query: Record<string, string> = {}) {
  const res = await m.b.request({ method: 'GET', url: '/api/shows/showable-lots', query })
  return res
}

/** Every page, following the cursor. */
async function allPages(m: Member, query: Record<string, string> = {}) {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const res = await showable(m, cursor ? { ...query, cursor } : query)
    expect(res.statusCode).toBe(200)
    const page = res.json<LotPage>()
    ids.push(...page.items.map((lot) => lot.id))
    cursor = page.nextCursor
    pages += 1
  } while (cursor)
  return { ids, pages }
}

describe('GET /api/shows/showable-lots', () => {
  it('lists only the caller’s scheduled lots in no other show', async () => {
    const seller = await newMember()
    const other = await newMember()
    const free = await scheduledLot(t.db, seller.id, { title: 'Free lot' })
    const inShow = await scheduledLot(t.db, seller.id, { title: 'Queued lot' })
    await openLot(t.db, seller.id, { title: 'Running lot' })
    await scheduledLot(t.db, other.id, { title: 'Someone else’s' })
    const created = await createShow(seller, { lots: queue([inShow]) })
    expect(created.statusCode).toBe(201)

    expect((await allPages(seller)).ids).toEqual([free])
    // Editing that show: its own queued lot may go back in.
    const editing = await allPages(seller, { show: created.json<{ id: string }>().id })
    expect(editing.ids.sort()).toEqual([free, inShow].sort())
    expect((await allPages(other)).ids).not.toContain(free)
    // An admin editing the show (as its host) is offered the seller's lots, not their own.
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const asAdmin = await allPages(admin, { show: created.json<{ id: string }>().id })
    expect(asAdmin.ids.sort()).toEqual([free, inShow].sort())
    expect((await allPages(admin)).ids).toEqual([])
  })

  it('pages by cursor without repeating or skipping a lot, and searches by title', async () => {
    const seller = await newMember()
    const made: string[] = []
    for (let i = 0; i < 45; i += 1)
      made.push(
        await scheduledLot(t.db, seller.id, { title: i % 9 === 0 ? `Vinyl ${i}` : `Lamp ${i}` }),
      )
    const { ids, pages } = await allPages(seller)
    expect(pages).toBe(3)
    expect(new Set(ids).size).toBe(45)
    expect(ids.sort()).toEqual([...made].sort())

    const vinyl = await allPages(seller, { q: ' vinyl ' })
    expect(vinyl.ids).toHaveLength(5)
    const none = await showable(seller, { q: '100%_' })
    expect(none.json<LotPage>()).toEqual({ items: [], nextCursor: null })
  })

  it('answers 401 to a guest and 4xx to bad input', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/shows/showable-lots' })
    expect(guest.statusCode).toBe(401)
    const seller = await newMember()
    const badCursor = await showable(seller, { cursor: 'not-a-cursor' })
    expect(badCursor.statusCode).toBe(400)
    expect(badCursor.json()).toMatchObject({ code: 'bad_request' })
    const foreign = Buffer.from(JSON.stringify([0, seller.id, 'live'])).toString('base64url')
    expect((await showable(seller, { cursor: foreign })).statusCode).toBe(400)
    const bad: Record<string, string>[] = [
      { q: 'x'.repeat(101) },
      { show: 'nope' },
      { color: 'red' },
    ]
    for (const query of bad) {
      const res = await showable(seller, query)
      expect([res.statusCode, res.json().code]).toEqual([422, 'validation_failed'])
    }
  })
})
