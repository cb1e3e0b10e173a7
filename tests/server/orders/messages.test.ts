import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { composePush } from '../../../server/jobs/push-compose.ts'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { post, soldOrder } from './order-kit.ts'

/** One message thread per order (issue 29): who may use it, what it takes, and who hears of it. */
const config = testConfig()
const broadcaster = new RecordingBroadcaster(config.pusher)
let t: TestApp
let seller: Member
let buyer: Member

beforeAll(async () => {
  t = await createTestApp({ config, broadcaster })
})
beforeEach(async () => {
  seller = await member(t.app, t.db, config)
  buyer = await member(t.app, t.db, config, { credit: 50_000 })
  broadcaster.clear()
})
afterAll(() => t.close())

const send = (m: Member, orderId: string, body: unknown, key: string = randomUUID()) =>
  m.b.request({
    method: 'POST',
    url: `/api/orders/${orderId}/messages`,
    headers: { 'idempotency-key': key },
    payload: { body },
  })
const get = (m: Member, url: string) => m.b.request({ method: 'GET', url: `/api/${url}` })
const thread = async (m: Member, orderId: string, cursor?: string) =>
  get(m, `orders/${orderId}/messages${cursor ? `?cursor=${cursor}` : ''}`)
const unreadTotal = async (m: Member) => (await get(m, 'orders/unread')).json().count as number
const orderNotifications = async (m: Member) => {
  const { rows } = await t.db.query<{ data: { orderId: string; from: string } }>(
    `select data from notifications where user_id = $1 and kind = 'order_message'`,
    [m.id],
  )
  return rows.map((r) => r.data)
}

/** A pickup order whose buyer opened a problem. */
async function disputed() {
  const sold = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
  expect((await post(buyer, `orders/${sold.orderId}/problem`)).json().state).toBe('problem')
  return sold.orderId
}

describe('who may use a thread', () => {
  it('lets the buyer and the seller write and read, and answers 404 to anyone else', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const asked = await send(buyer, orderId, '  Could you send it this week?  ')
    expect(asked.statusCode).toBe(201)
    expect(asked.json()).toMatchObject({
      orderId,
      body: 'Could you send it this week?',
      author: { id: buyer.id, role: 'buyer' },
    })
    expect((await send(seller, orderId, 'Yes, on Monday.')).statusCode).toBe(201)
    const seen = (await thread(seller, orderId)).json()
    expect(seen.items.map((m: { body: string }) => m.body)).toEqual([
      'Yes, on Monday.',
      'Could you send it this week?',
    ])

    const stranger = await member(t.app, t.db, config)
    expect((await thread(stranger, orderId)).statusCode).toBe(404)
    expect((await send(stranger, orderId, 'Hello')).statusCode).toBe(404)
    expect((await send(buyer, randomUUID(), 'Hello')).statusCode).toBe(404)
    expect((await thread(seller, orderId)).json().items).toHaveLength(2)
  })

  it('lets an admin in only while the order has a problem, and read-only after it was settled', async () => {
    const { orderId: calm } = await soldOrder(t.db, { seller, buyer })
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    expect((await thread(admin, calm)).statusCode).toBe(404)
    expect((await send(admin, calm, 'Hi')).statusCode).toBe(404)

    const orderId = await disputed()
    expect((await send(buyer, orderId, 'It was not there at pickup.')).statusCode).toBe(201)
    const joined = await send(admin, orderId, 'I am looking into it.')
    expect(joined.statusCode).toBe(201)
    expect(joined.json().author.role).toBe('admin')
    // The admin now takes part: the buyer's next message reaches them live.
    broadcaster.clear()
    await send(buyer, orderId, 'Thank you.')
    expect(broadcaster.named('order.message').map((e) => e.channel)).toContain(
      `private-wallet.${admin.id}`,
    )

    const resolved = await post(admin, `admin/orders/${orderId}/resolution`, {
      outcome: 'complete',
      reason: 'Handed over after all',
    })
    expect(resolved.statusCode).toBe(200)
    expect((await thread(admin, orderId)).json().items).toHaveLength(3)
    const late = await send(admin, orderId, 'One more thing')
    expect([late.statusCode, late.json().code]).toEqual([409, 'order_wrong_state'])
    expect((await send(buyer, orderId, 'Thanks again')).statusCode).toBe(201)
  })
})

describe('what a message takes', () => {
  it('takes 2000 characters and several lines, and refuses 2001, blank and hostile bodies', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    expect((await send(buyer, orderId, 'é'.repeat(2000))).statusCode).toBe(201)
    expect((await send(buyer, orderId, 'Line one\nLine two\n\n  ')).json().body).toBe(
      'Line one\nLine two',
    )
    const tooLong = 'Must be at most 2000 characters.'
    const blank = 'Must have visible characters.'
    const text = 'Must be text.'
    const refused: Array<[unknown, string]> = [
      ['x'.repeat(2001), tooLong],
      ['😀'.repeat(2001), tooLong],
      ['', 'Must be at least 1 characters.'],
      ['   \n\t ', blank],
      ['\u200b\u200b', blank],
      ['evil \u202e txt.exe', 'Must not contain text-direction controls.'],
      ['bell \u0007', 'Must not contain control characters.'],
      ['nul \u0000', 'Must not contain NUL characters.'],
      [42, text],
      [null, text],
      [['a'], text],
      [{ body: 'a' }, text],
      ['x'.repeat(5000), 'Must be at most 4000 characters.'],
    ]
    for (const [body, why] of refused) {
      const res = await send(buyer, orderId, body)
      expect(res.statusCode).toBe(422)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { body: why } })
    }
    const extra = await buyer.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages`,
      payload: { body: 'hi', authorId: seller.id },
    })
    expect(extra.statusCode).toBe(422)
    expect(extra.json().errors).toEqual({ body: 'Unknown field "authorId".' })
    expect((await thread(buyer, orderId)).json().items).toHaveLength(2)
  })

  it('pages a long thread newest first, and refuses a cursor that is not one', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    for (let i = 1; i <= 35; i++) await send(i % 2 ? buyer : seller, orderId, `Message ${i}`)
    const first = (await thread(buyer, orderId)).json()
    expect(first.items).toHaveLength(30)
    expect(first.items[0].body).toBe('Message 35')
    const second = (await thread(buyer, orderId, first.nextCursor)).json()
    expect(second.nextCursor).toBeNull()
    expect([...first.items, ...second.items].map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 35 }, (_, i) => `Message ${35 - i}`),
    )
    expect((await thread(buyer, orderId, '-1')).statusCode).toBe(422)
    expect((await thread(buyer, orderId, '1e9')).statusCode).toBe(422)
  })

  it('posts a replayed send once and answers it the same', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const key = randomUUID()
    const first = await send(buyer, orderId, 'Sent from the train', key)
    const again = await send(buyer, orderId, 'Sent from the train', key)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect((await thread(seller, orderId)).json().items).toHaveLength(1)
    expect(broadcaster.named('order.message')).toHaveLength(1)
    const other = await send(buyer, orderId, 'Something else', key)
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_key_reused'])
  })

  it('takes at most ORDER_MESSAGE_LIMIT_PER_MEMBER messages a minute per member, then 429', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    for (let i = 0; i < 20; i++) expect((await send(buyer, orderId, `m${i}`)).statusCode).toBe(201)
    const over = await send(buyer, orderId, 'one too many')
    expect(over.statusCode).toBe(429)
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(over.json().code).toBe('rate_limited')
    // The seller's count is their own.
    expect((await send(seller, orderId, 'Slow down')).statusCode).toBe(201)
    expect((await thread(seller, orderId)).json().items).toHaveLength(21)
  })
})

describe('unread messages and who hears of them', () => {
  it('counts what the other side wrote until it is read, per order and in all', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const { orderId: other } = await soldOrder(t.db, { seller, buyer })
    await send(buyer, orderId, 'One')
    const second = (await send(buyer, orderId, 'Two')).json()
    await send(buyer, other, 'Three')
    expect(await unreadTotal(seller)).toBe(3)
    expect(await unreadTotal(buyer)).toBe(0)
    expect((await get(seller, `orders/${orderId}`)).json().unreadMessages).toBe(2)
    const sold = (await get(seller, 'orders?role=seller')).json().items
    expect(
      sold.map((o: { id: string; unreadMessages: number }) => [o.id, o.unreadMessages]),
    ).toEqual(
      expect.arrayContaining([
        [orderId, 2],
        [other, 1],
      ]),
    )
    const read = await seller.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages/read`,
      payload: { upTo: second.id },
    })
    expect(read.json()).toEqual({ unreadMessages: 0, count: 1 })
    expect((await get(seller, `orders/${orderId}`)).json().unreadMessages).toBe(0)
    // Never backwards: an older marker from another tab leaves it read.
    await seller.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages/read`,
      payload: { upTo: 1 },
    })
    expect(await unreadTotal(seller)).toBe(1)
    // Replying reads the thread.
    await send(seller, other, 'Noted')
    expect(await unreadTotal(seller)).toBe(0)
    const stranger = await member(t.app, t.db, config)
    const sneaky = await stranger.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages/read`,
      payload: { upTo: second.id },
    })
    expect(sneaky.statusCode).toBe(404)
  })

  it('notifies a reader of the first message they have not read, once until they read', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer }, { title: 'Brass compass' })
    await send(buyer, orderId, 'Hello')
    await send(buyer, orderId, 'Are you there?')
    expect(await orderNotifications(seller)).toEqual([
      { orderId, title: 'Brass compass', from: 'Member' },
    ])
    expect(await orderNotifications(buyer)).toEqual([])
    expect(broadcaster.userEvents.filter((e) => e.event === 'notification')).toEqual([
      expect.objectContaining({
        userId: seller.id,
        data: expect.objectContaining({ kind: 'order_message' }),
      }),
    ])
    const last = (await thread(seller, orderId)).json().items[0].id
    await seller.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages/read`,
      payload: { upTo: last },
    })
    await send(buyer, orderId, 'Back again')
    expect(await orderNotifications(seller)).toHaveLength(2)
  })

  it('tells the other side live, never the author', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const res = await buyer.b.request({
      method: 'POST',
      url: `/api/orders/${orderId}/messages`,
      headers: { 'x-socket-id': '123.456' },
      payload: { body: 'Live?' },
    })
    const events = broadcaster.named('order.message')
    expect(events.map((e) => e.channel)).toEqual([`private-wallet.${seller.id}`])
    expect(events[0]!.data).toEqual({ orderId, message: res.json() })
    expect(events[0]!.socketId).toBe('123.456')
  })
})

describe('the push of a new message', () => {
  it('opens the order, one alert per order, in the device’s language', () => {
    const orderId = randomUUID()
    const claimed = (lang: 'en' | 'es') => ({
      id: 1,
      attempts: 0,
      kind: 'order_message' as const,
      lotId: null,
      data: { orderId, title: 'Brass compass', from: 'Ana' },
      notifiedAt: new Date('2026-01-01T10:00:00Z'),
      subscriptionId: randomUUID(),
      endpoint: 'https://push.example/x',
      p256dh: 'k',
      auth: 'a',
      lang,
      lot: null,
    })
    const now = new Date('2026-01-01T10:01:00Z')
    const en = composePush(claimed('en'), 'EUR', now)
    expect(en.payload).toMatchObject({
      title: 'New message about your order',
      body: 'Ana wrote about Brass compass.',
      path: `orders/${orderId}`,
      tag: `order-${orderId}`,
      actions: [{ action: 'open', title: 'Open' }],
    })
    expect(en.expiresAt.getTime() - now.getTime()).toBeGreaterThan(23 * 3_600_000)
    expect(composePush(claimed('es'), 'EUR', now).payload).toMatchObject({
      title: 'Nuevo mensaje sobre tu pedido',
      body: 'Ana ha escrito sobre Brass compass.',
    })
  })
})
