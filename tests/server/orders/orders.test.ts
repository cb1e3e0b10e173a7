import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { member, RecordingBroadcaster, type Member } from '../auction-helpers.ts'
import { createTestApp, testConfig, type TestApp } from '../helpers.ts'
import { accounts, expectOrderInvariants, soldOrder } from './order-kit.ts'

/** Orders after the hammer (issue 29): who sees them and the moves of a shipped sale. */
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
afterEach(() => expectOrderInvariants(t.db))
afterAll(() => t.close())

const api = (m: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  m.b.request({
    method,
    url: `/api/${url}`,
    headers: method === 'GET' ? {} : { 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  })

async function addressOf(m: Member, name = 'Ana García') {
  const res = await api(m, 'POST', 'me/addresses', {
    name,
    line1: 'Calle Mayor 1',
    town: 'Madrid',
    postalCode: '28013',
    country: 'ES',
  })
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

describe('who sees an order', () => {
  it('lists it to its buyer and its seller, each with their own next move', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const bought = await api(buyer, 'GET', 'orders?role=buyer')
    expect(bought.statusCode).toBe(200)
    expect(bought.json().items).toEqual([
      expect.objectContaining({
        id: orderId,
        viewer: 'buyer',
        state: 'awaiting_address',
        nextMoves: ['choose_address'],
        amounts: {
          hammer: 10_000,
          premium: 500,
          shipping: 650,
          buyerTotal: 11_150,
          sellerFee: 1_000,
          sellerProceeds: 9_650,
        },
      }),
    ])
    const sold = (await api(seller, 'GET', 'orders?role=seller')).json().items
    expect(sold).toEqual([
      expect.objectContaining({ id: orderId, viewer: 'seller', nextMoves: [] }),
    ])
    expect((await api(buyer, 'GET', 'orders?role=seller')).json().items).toEqual([])
  })

  it('answers 404 to anyone else, and shows it to an admin', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const stranger = await member(t.app, t.db, config)
    expect((await api(stranger, 'GET', `orders/${orderId}`)).statusCode).toBe(404)
    const admin = await member(t.app, t.db, config, { role: 'admin' })
    const seen = await api(admin, 'GET', `orders/${orderId}`)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ viewer: 'admin', events: [] })
    expect((await api(stranger, 'GET', `orders/${randomUUID()}`)).statusCode).toBe(404)
  })

  it('pages a long list newest first', async () => {
    const ids: string[] = []
    for (let i = 0; i < 23; i++)
      ids.push((await soldOrder(t.db, { seller, buyer }, { hammer: 100 })).orderId)
    const first = (await api(buyer, 'GET', 'orders?role=buyer')).json()
    expect(first.items).toHaveLength(20)
    const second = (await api(buyer, 'GET', `orders?role=buyer&cursor=${first.nextCursor}`)).json()
    expect(second.nextCursor).toBeNull()
    expect([...first.items, ...second.items].map((o: { id: string }) => o.id)).toEqual(
      ids.reverse(),
    )
  })
})

describe('a shipped sale, step by step', () => {
  it('goes from the address to completion, and the seller is paid only then', async () => {
    const { orderId, split } = await soldOrder(t.db, { seller, buyer })
    expect(await accounts(t.db, seller.id)).toEqual({ available: 0, pending: split.sellerProceeds })
    const addressId = await addressOf(buyer)

    const addressed = await api(buyer, 'PUT', `orders/${orderId}/address`, { addressId })
    expect(addressed.statusCode).toBe(200)
    expect(addressed.json()).toMatchObject({
      state: 'awaiting_shipment',
      shipTo: { name: 'Ana García', town: 'Madrid', country: 'ES', line2: null, phone: null },
      nextMoves: ['choose_address'],
    })
    // The book can change; the order keeps its copy.
    await buyer.b.request({ method: 'DELETE', url: `/api/me/addresses/${addressId}` })

    const shipped = await api(seller, 'POST', `orders/${orderId}/shipment`, {
      carrier: ' Correos ',
      trackingNumber: 'PK123456789ES',
    })
    expect(shipped.statusCode).toBe(200)
    expect(shipped.json()).toMatchObject({
      state: 'shipped',
      carrier: 'Correos',
      trackingNumber: 'PK123456789ES',
      shipTo: { name: 'Ana García' },
    })
    expect(shipped.json().autoCompleteAt).not.toBeNull()
    expect(await accounts(t.db, seller.id)).toEqual({ available: 0, pending: split.sellerProceeds })

    const received = await api(buyer, 'POST', `orders/${orderId}/receipt`)
    expect(received.statusCode).toBe(200)
    expect(received.json()).toMatchObject({ state: 'completed', nextMoves: [] })
    expect(received.json().events.map((e: { move: string }) => e.move)).toEqual([
      'choose_address',
      'ship',
      'confirm_receipt',
    ])
    expect(await accounts(t.db, seller.id)).toEqual({ available: split.sellerProceeds, pending: 0 })
    expect(await accounts(t.db, buyer.id)).toEqual({
      available: 50_000 - split.buyerTotal,
      pending: 0,
    })
  })

  it('tells both sides live, and the seller’s wallet when the money moves', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
    await api(buyer, 'POST', `orders/${orderId}/receipt`)
    const updates = broadcaster.named('order.updated')
    expect(updates.map((e) => e.channel).sort()).toEqual(
      [`private-wallet.${buyer.id}`, `private-wallet.${seller.id}`].sort(),
    )
    expect(updates[0]!.data).toEqual({ id: orderId, state: 'completed', version: 2 })
    const wallets = broadcaster.named('wallet.updated').map((e) => e.channel)
    expect(wallets).toContain(`private-wallet.${seller.id}`)
  })
})

describe('who is told of a move', () => {
  const notices = async (m: Member) =>
    ((await api(m, 'GET', 'notifications')).json().items as Array<{ kind: string; data: object }>)
      .filter((n) => n.kind === 'order_moved')
      .map((n) => n.data)

  it('the side that did not move: the seller of the address and the receipt, the buyer of the shipment', async () => {
    const lotTitle = 'Brass compass'
    const { orderId } = await soldOrder(t.db, { seller, buyer }, { title: lotTitle })
    const addressId = await addressOf(buyer)
    await api(buyer, 'PUT', `orders/${orderId}/address`, { addressId })
    expect(await notices(seller)).toEqual([
      { orderId, title: lotTitle, state: 'awaiting_shipment' },
    ])
    expect(await notices(buyer)).toEqual([])

    await api(seller, 'POST', `orders/${orderId}/shipment`, { carrier: 'Correos' })
    expect(await notices(buyer)).toEqual([{ orderId, title: lotTitle, state: 'shipped' }])
    expect(await notices(seller)).toHaveLength(1)

    await api(buyer, 'POST', `orders/${orderId}/receipt`)
    expect((await notices(seller))[0]).toEqual({ orderId, title: lotTitle, state: 'completed' })
    expect(await notices(buyer)).toHaveLength(1)
    // Each reached its reader live too, on their own user channel.
    const live = broadcaster.userEvents.filter(
      (e) => e.event === 'notification' && (e.data as { kind: string }).kind === 'order_moved',
    )
    expect(live.map((e) => e.userId)).toEqual([seller.id, buyer.id, seller.id])
  })
})

describe('moves the order does not allow', () => {
  it('refuses each with its code and changes nothing', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const cases: Array<[Member, 'POST' | 'PUT', string, object | undefined, number, string]> = [
      [seller, 'POST', 'receipt', undefined, 403, 'forbidden'],
      [buyer, 'POST', 'shipment', { carrier: 'Correos' }, 403, 'forbidden'],
      [buyer, 'POST', 'receipt', undefined, 409, 'order_wrong_state'],
      [buyer, 'POST', 'problem', undefined, 409, 'order_wrong_state'],
      [buyer, 'POST', 'pickup', undefined, 409, 'delivery_not_offered'],
    ]
    for (const [who, method, path, body, status, code] of cases) {
      const res = await api(who, method, `orders/${orderId}/${path}`, body)
      expect([path, res.statusCode, res.json().code]).toEqual([path, status, code])
    }
    const order = (await api(buyer, 'GET', `orders/${orderId}`)).json()
    expect(order).toMatchObject({ state: 'awaiting_address', events: [] })
  })

  it('lets the buyer open a problem on an unsent order only after the ship-by time', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    await api(buyer, 'PUT', `orders/${orderId}/address`, { addressId: await addressOf(buyer) })
    const early = await api(buyer, 'POST', `orders/${orderId}/problem`)
    expect([early.statusCode, early.json().code]).toEqual([409, 'order_too_early'])
    await t.db.query(`update orders set state_since = now() - interval '5 days' where id = $1`, [
      orderId,
    ])
    const opened = await api(buyer, 'POST', `orders/${orderId}/problem`)
    expect(opened.json()).toMatchObject({ state: 'problem', nextMoves: [] })
  })

  it('ships only to one of the buyer’s own addresses', async () => {
    const { orderId } = await soldOrder(t.db, { seller, buyer })
    const someoneElses = await addressOf(seller, 'Not the buyer')
    const res = await api(buyer, 'PUT', `orders/${orderId}/address`, { addressId: someoneElses })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ addressId: 'Must be one of your addresses.' })
  })

  it('wants an Idempotency-Key on every move, and applies a repeat once', async () => {
    const { orderId, split } = await soldOrder(t.db, { seller, buyer }, { delivery: 'pickup' })
    const bare = await buyer.b.request({ method: 'POST', url: `/api/orders/${orderId}/receipt` })
    expect(bare.statusCode).toBe(400)
    const key = randomUUID()
    const send = () =>
      buyer.b.request({
        method: 'POST',
        url: `/api/orders/${orderId}/receipt`,
        headers: { 'idempotency-key': key },
      })
    const [a, b] = await Promise.all([send(), send()])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true')
    expect(await accounts(t.db, seller.id)).toEqual({ available: split.sellerProceeds, pending: 0 })
  })
})

describe('delivery offered both ways', () => {
  it('gives the shipping back when the buyer picks the pickup', async () => {
    const { orderId, split } = await soldOrder(t.db, { seller, buyer }, { delivery: 'either' })
    const before = await accounts(t.db, buyer.id)
    const res = await api(buyer, 'POST', `orders/${orderId}/pickup`)
    expect(res.json()).toMatchObject({
      state: 'awaiting_pickup',
      pickupTown: 'Segovia',
      amounts: { shipping: 0, buyerTotal: split.buyerTotal - 650 },
    })
    expect(await accounts(t.db, buyer.id)).toEqual({
      available: before.available + 650,
      pending: 0,
    })
    expect(await accounts(t.db, seller.id)).toEqual({
      available: 0,
      pending: split.sellerProceeds - 650,
    })
  })
})
