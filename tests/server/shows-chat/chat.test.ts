import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHOW_CHAT_MAX_LENGTH, SHOW_CHAT_PAGE, SHOW_CHAT_RATE } from '../../../common/shows.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { insertShow } from './show-kit.ts'

/** A live show's chat (issue 34; docs/product.md "Chat and following"). */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let host: Member
let viewer: Member
let showId: string

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  host = await member(t.app, t.db, config, { name: 'Marta Ruiz' })
  viewer = await member(t.app, t.db, config, { name: 'Secret Name' })
  showId = await insertShow(t.db, host.id)
  broadcaster.clear()
})
afterAll(() => t.close())

const send = (m: Member, body: unknown, show = showId) =>
  m.b.request({ method: 'POST', url: `/api/shows/${show}/chat`, payload: { body } })
const read = (query = '', show = showId) =>
  t.app.inject({ method: 'GET', url: `/api/shows/${show}/chat${query}` })
const stored = async (show = showId) =>
  Number(
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from show_chat where show_id = $1',
        [show],
      )
    ).rows[0]!.n,
  )

describe('reading the chat', () => {
  it('is open to a guest: oldest to newest, a viewer by alias, the host by the seller name and marked', async () => {
    expect((await send(viewer, 'Is the lens clean?')).statusCode).toBe(201)
    expect((await send(host, 'Spotless.')).statusCode).toBe(201)
    const res = await read()
    expect(res.statusCode).toBe(200)
    const { items, nextCursor } = res.json()
    expect(nextCursor).toBeNull()
    expect(items).toMatchObject([
      { showId, author: viewer.alias, host: false, body: 'Is the lens clean?' },
      { showId, author: 'Marta Ruiz', host: true, body: 'Spotless.' },
    ])
    // Never a viewer's name, nor anyone's e-mail.
    expect(res.body).not.toContain('Secret Name')
    expect(res.body).not.toContain('@')
    expect(Date.parse(items[0].at)).not.toBeNaN()
  })

  it(`pages ${SHOW_CHAT_PAGE} at a time, newest page first`, async () => {
    const values = Array.from({ length: SHOW_CHAT_PAGE + 3 }, (_, i) => `(${i})`)
    await t.db.query(
      `insert into show_chat (show_id, author_id, body)
       select $1, $2, 'm' || n from generate_series(1, $3) as n order by n`,
      [showId, viewer.id, values.length],
    )
    const first = (await read()).json()
    expect(first.items).toHaveLength(SHOW_CHAT_PAGE)
    expect(first.items.at(-1).body).toBe(`m${SHOW_CHAT_PAGE + 3}`)
    expect(first.items[0].body).toBe('m4')
    expect(first.nextCursor).toBe(first.items[0].id)
    const second = (await read(`?before=${first.nextCursor}`)).json()
    expect(second.items.map((m: { body: string }) => m.body)).toEqual(['m1', 'm2', 'm3'])
    expect(second.nextCursor).toBeNull()
  })

  it('is 404 for an unknown show, 422 for an id that is not one', async () => {
    expect((await read('', randomUUID())).statusCode).toBe(404)
    const bad = await read('', 'not-a-show')
    expect(bad.statusCode).toBe(422)
    expect(bad.headers['content-type']).toContain('application/problem+json')
    expect((await read('?before=abc')).statusCode).toBe(422)
    expect((await read('?before=1&x=2')).statusCode).toBe(422)
  })
})

describe('writing in the chat', () => {
  it('a member writes: 201 with the message, trimmed and cleaned, and the room hears it', async () => {
    const res = await viewer.b.request({
      method: 'POST',
      url: `/api/shows/${showId}/chat`,
      headers: { 'x-socket-id': '123.456' },
      payload: { body: '  nice\u200b lens  ' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      showId,
      author: viewer.alias,
      host: false,
      body: 'nice lens',
    })
    const heard = broadcaster.named('chat.message')
    expect(heard).toHaveLength(1)
    // Everyone but the sender's own socket, which has it from the answer.
    expect(heard[0]).toMatchObject({
      channel: `show.${showId}`,
      data: res.json(),
      socketId: '123.456',
    })
    expect(heard[0]!.toSender).toBeFalsy()
  })

  it('a guest cannot write (401)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${showId}/chat`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { body: 'hi' },
    })
    expect(res.statusCode).toBe(401)
    expect(await stored()).toBe(0)
  })

  it('refuses hostile input with a problem and stores nothing', async () => {
    const cases: Array<[unknown, number]> = [
      ['', 422],
      ['   ', 422],
      ['\u200b\u200b', 422],
      ['a'.repeat(SHOW_CHAT_MAX_LENGTH + 1), 422],
      ['two\nlines', 422],
      ['bell\u0007', 422],
      ['nul\u0000', 422],
      ['x'.repeat(100_000), 413],
      [42, 422],
      [null, 422],
      [['hi'], 422],
      [{ text: 'hi' }, 422],
    ]
    for (const [body, status] of cases) {
      // A member each: every attempt counts against the rate limit, refused or not.
      const res = await send(await member(t.app, t.db, config), body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status)
      expect(res.headers['content-type']).toContain('application/problem+json')
    }
    // A body far past any message is refused before it is read whole.
    const huge = await host.b.request({
      method: 'POST',
      url: `/api/shows/${showId}/chat`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ body: 'y'.repeat(200_000) }),
    })
    expect(huge.statusCode).toBe(413)
    const extra = await viewer.b.request({
      method: 'POST',
      url: `/api/shows/${showId}/chat`,
      payload: { body: 'hi', host: true },
    })
    expect(extra.statusCode).toBe(422)
    expect(await stored()).toBe(0)
    expect(broadcaster.named('chat.message')).toHaveLength(0)
  }, 60_000)

  it(`takes ${SHOW_CHAT_MAX_LENGTH} characters as people count them`, async () => {
    const res = await send(viewer, '😀'.repeat(SHOW_CHAT_MAX_LENGTH))
    expect(res.statusCode).toBe(201)
    expect(res.json().body).toBe('😀'.repeat(SHOW_CHAT_MAX_LENGTH))
  })

  it('is 404 for an unknown show', async () => {
    expect((await send(viewer, 'hi', randomUUID())).statusCode).toBe(404)
  })

  it('is closed before the show starts and after it ends; open while paused', async () => {
    const scheduled = await insertShow(t.db, host.id, { state: 'scheduled', startsInMinutes: 60 })
    const ended = await insertShow(t.db, host.id, { state: 'ended', startsInMinutes: -60 })
    const paused = await insertShow(t.db, host.id, { state: 'paused' })
    const early = await send(viewer, 'hi', scheduled)
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('show_not_live')
    const late = await send(viewer, 'hi', ended)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('show_ended')
    expect((await send(viewer, 'hi', paused)).statusCode).toBe(201)
    expect(await stored(scheduled)).toBe(0)
    expect(await stored(ended)).toBe(0)
    // An ended show's history is still there to read.
    expect((await read('', ended)).statusCode).toBe(200)
  })

  it(`holds a member to ${SHOW_CHAT_RATE.messages} messages per window: then 429 with Retry-After`, async () => {
    for (let i = 0; i < SHOW_CHAT_RATE.messages; i += 1) {
      expect((await send(viewer, `m${i}`)).statusCode).toBe(201)
    }
    const refused = await send(viewer, 'one more')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await stored()).toBe(SHOW_CHAT_RATE.messages)
    // Another member is not held by it.
    expect((await send(host, 'welcome')).statusCode).toBe(201)
  })
})

describe('the host moderates', () => {
  async function messageOf(m: Member, body = 'buy my stuff elsewhere') {
    const res = await send(m, body)
    expect(res.statusCode).toBe(201)
    return res.json().id as string
  }
  const remove = (m: Member, id: string) =>
    m.b.request({ method: 'DELETE', url: `/api/shows/${showId}/chat/${id}` })
  const mute = (m: Member, payload: Record<string, unknown>) =>
    m.b.request({ method: 'POST', url: `/api/shows/${showId}/mutes`, payload })

  it('removes a message: 204 twice, gone from the history, the room told once', async () => {
    const id = await messageOf(viewer)
    expect((await remove(host, id)).statusCode).toBe(204)
    expect((await remove(host, id)).statusCode).toBe(204)
    expect((await read()).json().items).toEqual([])
    expect(broadcaster.named('chat.removed')).toMatchObject([
      { channel: `show.${showId}`, data: { showId, messageId: id } },
    ])
    const { rows } = await t.db.query('select deleted_by from show_chat where id = $1', [id])
    expect(rows[0]).toEqual({ deleted_by: host.id })
  })

  it('an admin may remove; another member may not (403), nor remove a message of another show', async () => {
    const id = await messageOf(viewer)
    const other = await member(t.app, t.db, config)
    expect((await remove(other, id)).statusCode).toBe(403)
    expect((await remove(viewer, id)).statusCode).toBe(403)
    const otherShow = await insertShow(t.db, other.id)
    const elsewhere = await other.b.request({
      method: 'DELETE',
      url: `/api/shows/${otherShow}/chat/${id}`,
    })
    expect(elsewhere.statusCode).toBe(404)
    expect((await read()).json().items).toHaveLength(1)
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    expect((await remove(admin, id)).statusCode).toBe(204)
    expect((await read()).json().items).toEqual([])
  })

  it('mutes a message’s author: 204 twice, then their messages are refused (403 chat_muted)', async () => {
    const id = await messageOf(viewer)
    expect((await mute(host, { messageId: id })).statusCode).toBe(204)
    expect((await mute(host, { messageId: id })).statusCode).toBe(204)
    const refused = await send(viewer, 'let me speak')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('chat_muted')
    expect(await stored()).toBe(1)
    // Only in this show.
    const next = await insertShow(t.db, host.id)
    expect((await send(viewer, 'hello again', next)).statusCode).toBe(201)
    // Unmuted, they write again.
    const unmute = await host.b.request({
      method: 'DELETE',
      url: `/api/shows/${showId}/mutes/${id}`,
    })
    expect(unmute.statusCode).toBe(204)
    expect((await send(viewer, 'thanks')).statusCode).toBe(201)
  })

  it('a member the seller blocked is muted in the seller’s shows', async () => {
    await t.db.query('insert into seller_blocks (seller_id, bidder_id) values ($1, $2)', [
      host.id,
      viewer.id,
    ])
    expect((await send(viewer, 'hi')).json().code).toBe('chat_muted')
  })

  it('refuses to mute the host (422), by anyone else than the host or an admin (403), and bad input', async () => {
    const own = await messageOf(host, 'Welcome!')
    expect((await mute(host, { messageId: own })).statusCode).toBe(422)
    const id = await messageOf(viewer)
    const other = await member(t.app, t.db, config)
    expect((await mute(other, { messageId: id })).statusCode).toBe(403)
    expect((await mute(host, { messageId: '999999999' })).statusCode).toBe(404)
    for (const payload of [{}, { messageId: 'x' }, { messageId: 1 }, { userAlias: viewer.alias }]) {
      expect((await mute(host, payload)).statusCode, JSON.stringify(payload)).toBe(422)
    }
    const { rows } = await t.db.query('select 1 from show_mutes where show_id = $1', [showId])
    expect(rows).toEqual([])
    expect((await send(viewer, 'still here')).statusCode).toBe(201)
  })
})
