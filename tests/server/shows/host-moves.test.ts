import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createShow, hostMove, lotRow, queue, scheduledLot, showLotStates } from './show-helpers.ts'

/** The host's moves in every state: what each changes, repeats, refusals, who may (issue 34). */
let t: TestApp
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
afterAll(() => t.close())
beforeEach(() => broadcaster.clear())

const newMember = (role: 'member' | 'admin' = 'member') => member(t.app, t.db, config, { role })

/** A seller's show with `n` queued lots. */
async function showWith(n: number, body: Record<string, unknown> = {}) {
  const seller = await newMember()
  const lots: string[] = []
  for (let i = 0; i < n; i += 1) lots.push(await scheduledLot(t.db, seller.id))
  const show = (await createShow(seller, { lots: queue(lots, 20), ...body })).json()
  return { seller, lots, id: show.id as string }
}

async function expectMove(m: Member, id: string, action: string, lotId?: string) {
  const res = await hostMove(m, id, action, lotId)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function expectRefused(m: Member, id: string, action: string, code: string, lotId?: string) {
  const before = (await m.b.request({ method: 'GET', url: `/api/shows/${id}` })).json()
  const res = await hostMove(m, id, action, lotId)
  expect(res.statusCode, res.body).toBe(409)
  expect(res.json().code).toBe(code)
  const after = (await m.b.request({ method: 'GET', url: `/api/shows/${id}` })).json()
  expect(after.version).toBe(before.version)
}

describe('who may move', () => {
  it('the seller and an admin; others 403, guests 401, unknown shows 404', async () => {
    const { seller, id } = await showWith(1)
    const stranger = await newMember()
    const refused = await hostMove(stranger, id, 'start')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('forbidden')
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${id}/start`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(guest.statusCode).toBe(401)
    expect((await hostMove(seller, randomUUID(), 'start')).statusCode).toBe(404)
    expect((await hostMove(seller, 'nope', 'start')).statusCode).toBe(404)
    expect((await expectMove(seller, id, 'start')).state).toBe('live')
    const admin = await newMember('admin')
    expect((await expectMove(admin, id, 'pause')).state).toBe('paused')
  })

  it('next and skip need the lot named (422 without it)', async () => {
    const { seller, id } = await showWith(1)
    await expectMove(seller, id, 'start')
    for (const action of ['next', 'skip']) {
      const res = await hostMove(seller, id, action)
      expect(res.statusCode).toBe(422)
    }
    expect((await hostMove(seller, id, 'next', 'not-a-lot')).json().code).toBe('not_next_lot')
  })
})

describe('start, pause, resume, end', () => {
  it('start makes the show live once and announces it; a repeat answers it unchanged', async () => {
    const { seller, id } = await showWith(1)
    broadcaster.clear()
    const live = await expectMove(seller, id, 'start')
    expect(live).toMatchObject({ state: 'live', version: 2, nextLotAt: null })
    expect(live.startedAt).toEqual(expect.any(String))
    expect(live.my).toMatchObject({ host: true })
    expect(broadcaster.named('show.updated')).toEqual([
      expect.objectContaining({
        channel: `show.${id}`,
        data: expect.objectContaining({ my: null }),
      }),
    ])
    expect(broadcaster.named('show.listed')).toEqual([
      expect.objectContaining({
        channel: 'shows',
        data: expect.objectContaining({ state: 'live' }),
      }),
    ])
    broadcaster.clear()
    expect(await expectMove(seller, id, 'start')).toMatchObject({ version: 2 })
    expect(broadcaster.events).toEqual([])
  })

  it('start with auto-advance sets when the first lot opens', async () => {
    const { seller, id } = await showWith(1, { autoAdvanceSeconds: 15 })
    const before = Date.now()
    const live = await expectMove(seller, id, 'start')
    expect(Date.parse(live.nextLotAt) - before).toBeGreaterThanOrEqual(15_000)
    expect(Date.parse(live.nextLotAt) - Date.now()).toBeLessThanOrEqual(15_000)
  })

  it('pause clears auto-advance and stops next; resume restarts its clock', async () => {
    const { seller, id, lots } = await showWith(2, { autoAdvanceSeconds: 5 })
    await expectRefused(seller, id, 'pause', 'show_not_started')
    await expectRefused(seller, id, 'resume', 'show_not_started')
    await expectMove(seller, id, 'start')
    const paused = await expectMove(seller, id, 'pause')
    expect(paused).toMatchObject({ state: 'paused', nextLotAt: null })
    expect(await expectMove(seller, id, 'pause')).toMatchObject({ version: paused.version })
    await expectRefused(seller, id, 'next', 'show_not_live', lots[0])
    const resumed = await expectMove(seller, id, 'resume')
    expect(resumed).toMatchObject({ state: 'live' })
    expect(resumed.nextLotAt).toEqual(expect.any(String))
    expect(await expectMove(seller, id, 'resume')).toMatchObject({ version: resumed.version })
  })

  it('pause keeps the running lot on its clock; resume then waits for its result', async () => {
    const { seller, id, lots } = await showWith(2, { autoAdvanceSeconds: 5 })
    await expectMove(seller, id, 'start')
    await expectMove(seller, id, 'next', lots[0])
    const endsAt = (await lotRow(t.db, lots[0]!)).ends_at
    await expectMove(seller, id, 'pause')
    expect(await lotRow(t.db, lots[0]!)).toMatchObject({ status: 'open', ends_at: endsAt })
    const resumed = await expectMove(seller, id, 'resume')
    expect(resumed.nextLotAt).toBeNull()
  })

  it('end skips the queue (each lot cancelled), refuses while a lot runs, and repeats', async () => {
    const { seller, id, lots } = await showWith(3)
    await expectMove(seller, id, 'start')
    await expectMove(seller, id, 'next', lots[0])
    await expectRefused(seller, id, 'end', 'lot_running')
    // The running lot ends (ended early by its seller, before any bid).
    const early = await seller.b.request({ method: 'POST', url: `/api/lots/${lots[0]}/end` })
    expect(early.statusCode).toBe(200)
    const ended = await expectMove(seller, id, 'end')
    expect(ended).toMatchObject({ state: 'ended', nextLotAt: null })
    expect(ended.endedAt).toEqual(expect.any(String))
    expect(await showLotStates(t.db, id)).toEqual(['done', 'skipped', 'skipped'])
    expect(await lotRow(t.db, lots[1]!)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Skipped by the host',
    })
    expect(broadcaster.named('show.listed').at(-1)?.data).toMatchObject({ state: 'ended' })
    expect(await expectMove(seller, id, 'end')).toMatchObject({ version: ended.version })
    for (const action of ['pause', 'resume']) await expectRefused(seller, id, action, 'show_ended')
    await expectRefused(seller, id, 'next', 'show_ended', randomUUID())
    expect(await expectMove(seller, id, 'start')).toMatchObject({ state: 'ended' })
  })

  it('a scheduled show may end at once, skipping its whole queue', async () => {
    const { seller, id, lots } = await showWith(2)
    expect(await expectMove(seller, id, 'end')).toMatchObject({ state: 'ended' })
    expect(await showLotStates(t.db, id)).toEqual(['skipped', 'skipped'])
    expect((await lotRow(t.db, lots[0]!)).status).toBe('cancelled')
  })
})

describe('next and skip', () => {
  it('next opens the named head now for its timer; a repeat is the same show', async () => {
    const { seller, id, lots } = await showWith(2)
    await expectRefused(seller, id, 'next', 'show_not_live', lots[0])
    await expectMove(seller, id, 'start')
    await expectRefused(seller, id, 'next', 'not_next_lot', lots[1])
    broadcaster.clear()
    const before = Date.now()
    const opened = await expectMove(seller, id, 'next', lots[0])
    expect(opened.currentLot).toMatchObject({ id: lots[0], status: 'open' })
    expect(opened.lots.map((l: { state: string }) => l.state)).toEqual(['running', 'queued'])
    const row = await lotRow(t.db, lots[0]!)
    expect(row.starts_at.getTime()).toBeGreaterThanOrEqual(before - 1)
    expect(row.ends_at.getTime() - row.starts_at.getTime()).toBe(20_000)
    expect(broadcaster.named('lot.updated').map((e) => e.channel)).toContain(`lot.${lots[0]}`)
    expect(broadcaster.named('show.listed')).toEqual([])
    const again = await expectMove(seller, id, 'next', lots[0])
    expect(again.version).toBe(opened.version)
    await expectRefused(seller, id, 'next', 'lot_running', lots[1])
  })

  it('skip cancels the named head in any state, even with a lot on the block', async () => {
    const { seller, id, lots } = await showWith(3)
    await expectRefused(seller, id, 'skip', 'not_next_lot', lots[1])
    const skipped = await expectMove(seller, id, 'skip', lots[0])
    expect(skipped.lots.map((l: { state: string }) => l.state)).toEqual([
      'skipped',
      'queued',
      'queued',
    ])
    expect(await expectMove(seller, id, 'skip', lots[0])).toMatchObject({
      version: skipped.version,
    })
    await expectMove(seller, id, 'start')
    await expectMove(seller, id, 'next', lots[1])
    await expectMove(seller, id, 'skip', lots[2])
    expect(await showLotStates(t.db, id)).toEqual(['skipped', 'running', 'skipped'])
    await expectRefused(seller, id, 'skip', 'show_queue_empty', randomUUID())
  })

  it('a queued lot cancelled outside the show leaves the queue: the next is the head', async () => {
    const { seller, id, lots } = await showWith(2)
    await expectMove(seller, id, 'start')
    const cancel = await seller.b.request({ method: 'POST', url: `/api/lots/${lots[0]}/cancel` })
    expect(cancel.statusCode).toBe(200)
    const opened = await expectMove(seller, id, 'next', lots[1])
    expect(opened.lots.map((l: { state: string }) => l.state)).toEqual(['skipped', 'running'])
  })
})

describe("the room's event", () => {
  it('is the whole show while it fits one event, and `show.changed` to fetch once it does not', async () => {
    const small = await showWith(2)
    await expectMove(small.seller, small.id, 'start')
    const updated = broadcaster.named('show.updated')
    expect(updated.length).toBeGreaterThan(0)
    for (const e of updated) expect(e.channel).toBe(`show.${small.id}`)
    expect(broadcaster.named('show.changed')).toEqual([])

    // Fifty lots with their summaries are far more than the 10 KB one event may carry.
    broadcaster.clear()
    const large = await showWith(50)
    const started = await expectMove(large.seller, large.id, 'start')
    expect(JSON.stringify(started).length).toBeGreaterThan(10 * 1024)
    expect(broadcaster.named('show.updated')).toEqual([])
    const changed = broadcaster.named('show.changed')
    expect(changed.length).toBeGreaterThan(0)
    for (const e of changed) expect(e.channel).toBe(`show.${large.id}`)
    expect(changed.at(-1)!.data).toEqual({ id: large.id, version: started.version })
  })
})
