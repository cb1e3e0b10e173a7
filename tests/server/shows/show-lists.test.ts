import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LotDetail, LotSummary } from '../../../common/auction.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import {
  bid,
  expectMoneyInvariants,
  member,
  RecordingBroadcaster,
  type Member,
} from '../auction-helpers.ts'
import { createShow, hostMove, queue, scheduledLot } from './show-helpers.ts'

/**
 * A show's queued lot is `scheduled` with a stand-in start: it opens when the host reaches it. The
 * browse lists and search leave it out (the show lists its queue); the member who watches it or
 * left an absentee bid on it still has it in their own lists; the lot itself names its show.
 */
let t: TestApp
const config = testConfig()

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster: new RecordingBroadcaster(config.pusher) })
})
afterEach(() => expectMoneyInvariants(t.db))
afterAll(() => t.close())

const ids = async (m: Member, url: string) =>
  ((await m.b.request({ method: 'GET', url })).json().items as LotSummary[]).map((l) => l.id)

describe('a show lot in the lists', () => {
  it('while queued: out of browsing and search, in its watcher and bidder lists, naming its show', async () => {
    const seller = await member(t.app, t.db, config)
    const viewer = await member(t.app, t.db, config, { credit: 50_000 })
    const title = `Quilted satchel ${Date.now()}`
    const [inShow, plain] = [
      await scheduledLot(t.db, seller.id, { title }),
      await scheduledLot(t.db, seller.id, { title }),
    ]
    const show = (await createShow(seller, { lots: queue([inShow]) })).json()
    const q = encodeURIComponent(title)
    for (const url of ['/api/lots', '/api/lots?status=scheduled', `/api/lots?q=${q}`]) {
      const listed = await ids(viewer, url)
      expect(listed, url).toContain(plain)
      expect(listed, url).not.toContain(inShow)
    }
    const profile = (await viewer.b.request({ method: 'GET', url: `/api/sellers/${seller.id}` }))
      .json()
      .openLots.map((l: LotSummary) => l.id)
    expect(profile).toEqual([plain])
    // An absentee bid and a watch: the member's own lists keep it.
    expect((await bid(viewer, inShow, { maxAmount: 2_000 })).statusCode).toBe(201)
    await viewer.b.request({ method: 'PUT', url: `/api/lots/${inShow}/watch` })
    expect(await ids(viewer, '/api/watchlist')).toContain(inShow)
    expect(await ids(viewer, '/api/me/bids')).toContain(inShow)
    const lot = (await viewer.b.request({ method: 'GET', url: `/api/lots/${inShow}` })).json()
    expect(lot as LotDetail).toMatchObject({ status: 'scheduled', showId: show.id })
    const other = (await viewer.b.request({ method: 'GET', url: `/api/lots/${plain}` })).json()
    expect(other.showId).toBeNull()

    // On the block it is an open lot like any other: listed, still naming its show.
    expect((await hostMove(seller, show.id, 'start')).statusCode).toBe(200)
    expect((await hostMove(seller, show.id, 'next', inShow)).statusCode).toBe(200)
    expect(await ids(viewer, '/api/lots?status=open')).toContain(inShow)
    expect(await ids(viewer, `/api/lots?q=${q}`)).toContain(inShow)
    const open = (await viewer.b.request({ method: 'GET', url: '/api/lots?status=open' })).json()
    expect(open.items.find((l: LotSummary) => l.id === inShow)?.showId).toBe(show.id)
  })
})
