import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pushKeysOf } from '../../server/app.ts'
import { closeLot } from '../../server/commands/settlement/close-lot.ts'
import { notifyEndingSoon } from '../../server/commands/settlement/notify-ending-soon.ts'
import { createPushWorker, type PushWorker } from '../../server/jobs/push-worker.ts'
import { insertNotification } from '../../server/repositories/notifications.ts'
import type { PushPayload } from '../../common/push.ts'
import { hashSessionToken, newSessionToken } from '../../server/lib/tokens.ts'
import { insertSession } from '../../server/repositories/sessions.ts'
import { browser, createTestApp, testConfig, type TestApp, XHR } from './helpers.ts'
import { bid, member, openLot, RecordingBroadcaster, type Member } from './auction-helpers.ts'
import { startPushService, type PushService, type TestSubscription } from './push-service.ts'

/**
 * Web Push end to end (decision 0032) on PGlite or PostgreSQL: the real routes, outbox, worker and
 * `web-push`, against the HTTPS stand-in that verifies VAPID and decrypts every payload.
 */
let svc: PushService
let t: TestApp
let worker: PushWorker
let config: ReturnType<typeof testConfig>
const broadcaster = new RecordingBroadcaster(testConfig().pusher)
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

const newWorker = (app: TestApp) =>
  createPushWorker({
    db: app.db,
    vapid: pushKeysOf(config),
    currency: 'EUR',
    agent: svc.agent,
    retryBaseMs: 50,
  })

beforeAll(async () => {
  svc = await startPushService()
  config = testConfig({ PUSH_ENDPOINT_HOSTS: svc.host })
  t = await createTestApp({ config, broadcaster })
  worker = newWorker(t)
})
afterAll(async () => {
  await worker.stop()
  await t.close()
  await svc.close()
})
beforeEach(() => {
  svc.deliveries.length = 0
  svc.refusals.length = 0
})

const newMember = (credit = 100_000) => member(t.app, t.db, config, { credit })

async function subscribe(m: Member, sub: TestSubscription = svc.subscribe(), extra = {}) {
  const res = await m.b.request({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { 'user-agent': IPHONE },
    payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys, ...extra },
  })
  return { res, sub }
}

/** The same member signed in a second time (another device, or this one after its cookie went). */
async function anotherSession(m: Member) {
  const token = newSessionToken()
  const sessionHash = hashSessionToken(token, config.sessionSecret)
  await insertSession(t.db, sessionHash, m.id)
  const b = browser(t.app)
  b.cookie = `lotline_session=${token}`
  return { b, sessionHash }
}

const deliveriesTo = (sub: TestSubscription) =>
  svc.deliveries.filter((d) => d.subscriptionId === sub.id)
const outboxCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from push_outbox')).rows[0]!.n

describe('subscriptions', () => {
  it('publishes the public key in /api/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.json().push).toEqual({ publicKey: pushKeysOf(config)!.publicKey })
  })

  it('stores a device once per endpoint (201, then 200 with the same id), labelled, newest first', async () => {
    const m = await newMember()
    const first = await subscribe(m)
    expect(first.res.statusCode).toBe(201)
    const device = first.res.json()
    expect(device).toMatchObject({ device: 'iPhone', browser: 'Safari 18', current: true })
    const again = await subscribe(m, first.sub)
    expect(again.res.statusCode).toBe(200)
    expect(again.res.json().id).toBe(device.id)
    const second = await subscribe(m)
    const list = await m.b.request({ method: 'GET', url: '/api/push/subscriptions' })
    expect(list.json().items.map((d: { id: string }) => d.id)).toEqual([
      second.res.json().id,
      device.id,
    ])
  })

  it('keeps the language the app gave when the service worker renews the subscription', async () => {
    const m = await newMember()
    await subscribe(m, svc.subscribe(), { lang: 'es' })
    // pushsubscriptionchange: a new endpoint, no lang, an English browser.
    const renewed = svc.subscribe()
    const res = await m.b.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { endpoint: renewed.endpoint, expirationTime: null, keys: renewed.keys },
    })
    expect(res.statusCode).toBe(201)
    const { rows } = await t.db.query<{ lang: string }>(
      'select lang from push_subscriptions where endpoint = $1',
      [renewed.endpoint],
    )
    expect(rows).toEqual([{ lang: 'es' }])
  })

  it('refuses (409) an endpoint another member holds and changes nothing: its owner keeps the alerts', async () => {
    const [seller, alice, bob] = await Promise.all([newMember(0), newMember(), newMember()])
    const { sub } = await subscribe(alice)
    const row = () =>
      t.db.query(
        'select user_id, session_hash, p256dh, auth, lang from push_subscriptions where endpoint = $1',
        [sub.endpoint],
      )
    const before = (await row()).rows
    // Bob sends Alice's endpoint with keys of his own and another language.
    const other = svc.subscribe()
    const taken = await bob.b.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: sub.endpoint, keys: other.keys, lang: 'es' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(taken.json().code).toBe('push_endpoint_taken')
    expect((await row()).rows).toEqual(before)
    const bobs = await bob.b.request({ method: 'GET', url: '/api/push/subscriptions' })
    expect(bobs.json().items).toEqual([])

    // Alice is outbid: her push reaches her device, readable with her keys, in her language.
    const lotId = await openLot(t.db, seller.id, { title: 'Brass lamp' })
    expect((await bid(alice, lotId, { amount: 40_000 })).statusCode).toBe(201)
    expect((await bid(bob, lotId, { amount: 45_000 })).statusCode).toBe(201)
    expect(await worker.runOnce()).toMatchObject({ sent: 1 })
    expect(svc.refusals).toEqual([])
    expect(deliveriesTo(sub).map((d) => d.payload)).toMatchObject([
      { kind: 'outbid', body: 'You were outbid on Brass lamp — bid €460?' },
    ])
  })

  it('the member’s own endpoint again, from another session, keeps its row and takes the new keys', async () => {
    const m = await newMember()
    const { res, sub } = await subscribe(m)
    // The same member signed in again on this device: a session of its own.
    const { b: again, sessionHash } = await anotherSession(m)
    const renewed = svc.subscribe()
    const moved = await again.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: sub.endpoint, keys: renewed.keys, lang: 'es' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ id: res.json().id, current: true })
    const { rows } = await t.db.query<{ p256dh: string; lang: string; session_hash: string }>(
      'select p256dh, lang, session_hash from push_subscriptions where user_id = $1',
      [m.id],
    )
    expect(rows).toEqual([
      {
        p256dh: renewed.keys.p256dh,
        lang: 'es',
        session_hash: sessionHash,
      },
    ])
  })

  const hostile: Array<[string, (s: TestSubscription) => Record<string, unknown>]> = [
    [
      'a look-alike host',
      (s) => ({ endpoint: 'https://fcm.googleapis.com.evil.test/x', keys: s.keys }),
    ],
    ['userinfo', (s) => ({ endpoint: 'https://user@fcm.googleapis.com/x', keys: s.keys })],
    ['an upper-case host', (s) => ({ endpoint: 'https://FCM.googleapis.com/x', keys: s.keys })],
    ['a trailing dot', (s) => ({ endpoint: 'https://fcm.googleapis.com./x', keys: s.keys })],
    ['an IPv4 literal', (s) => ({ endpoint: 'https://10.0.0.1/x', keys: s.keys })],
    ['an IPv6 literal', (s) => ({ endpoint: 'https://[::1]/x', keys: s.keys })],
    ['another port', (s) => ({ endpoint: 'https://fcm.googleapis.com:8443/x', keys: s.keys })],
    [
      'the stand-in on another port',
      (s) => ({ endpoint: s.endpoint.replace(/:\d+\//, ':1/'), keys: s.keys }),
    ],
    ['http:', (s) => ({ endpoint: 'http://fcm.googleapis.com/x', keys: s.keys })],
    [
      'a subdomain of no wildcard',
      (s) => ({ endpoint: 'https://x.fcm.googleapis.com/x', keys: s.keys }),
    ],
    [
      'a key off the curve',
      (s) => {
        const point = Buffer.from(s.keys.p256dh, 'base64url')
        point[64] = point[64]! ^ 1
        return { endpoint: s.endpoint, keys: { ...s.keys, p256dh: point.toString('base64url') } }
      },
    ],
    [
      'a compressed key',
      (s) => ({
        endpoint: s.endpoint,
        keys: {
          ...s.keys,
          p256dh: Buffer.from(s.keys.p256dh, 'base64url').subarray(0, 33).toString('base64url'),
        },
      }),
    ],
    [
      'a 15-byte auth secret',
      (s) => ({
        endpoint: s.endpoint,
        keys: { ...s.keys, auth: Buffer.alloc(15, 1).toString('base64url') },
      }),
    ],
    ['no keys', (s) => ({ endpoint: s.endpoint })],
    ['an unknown field', (s) => ({ endpoint: s.endpoint, keys: s.keys, evil: true })],
    ['an unknown language', (s) => ({ endpoint: s.endpoint, keys: s.keys, lang: 'fr' })],
    ['a huge endpoint', (s) => ({ endpoint: `${s.endpoint}${'a'.repeat(3000)}`, keys: s.keys })],
  ]
  it.each(hostile)('refuses %s with problem+json and stores nothing', async (_name, body) => {
    const m = await newMember()
    const res = await m.b.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: body(svc.subscribe()),
    })
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.json().code).toBe('validation_failed')
    const { rows } = await t.db.query('select 1 from push_subscriptions where user_id = $1', [m.id])
    expect(rows).toEqual([])
  })

  it('needs a signed-in member and the async header', async () => {
    const sub = svc.subscribe()
    const payload = { endpoint: sub.endpoint, keys: sub.keys }
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: XHR,
      payload,
    })
    expect(guest.statusCode).toBe(401)
    const m = await newMember()
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: m.b.cookie! },
      payload,
    })
    expect(noHeader.statusCode).toBe(403)
  })

  it('deletes only the member’s own device', async () => {
    const [a, b] = await Promise.all([newMember(), newMember()])
    const id = (await subscribe(a)).res.json().id as string
    const url = `/api/push/subscriptions/${id}`
    expect((await b.b.request({ method: 'DELETE', url })).statusCode).toBe(404)
    expect((await a.b.request({ method: 'DELETE', url })).statusCode).toBe(204)
    expect((await a.b.request({ method: 'DELETE', url })).statusCode).toBe(404)
  })

  it('keeps at most 20 devices per member, dropping the oldest', async () => {
    const m = await newMember()
    const first = (await subscribe(m)).res.json().id as string
    for (let i = 0; i < 20; i += 1) await subscribe(m)
    const items = (await m.b.request({ method: 'GET', url: '/api/push/subscriptions' })).json()
      .items
    expect(items).toHaveLength(20)
    expect(items.map((d: { id: string }) => d.id)).not.toContain(first)
  })

  it('signing out of a device removes its subscription (the session row goes, and it with it)', async () => {
    const m = await newMember()
    await subscribe(m)
    const before = await t.db.query('select 1 from push_subscriptions where user_id = $1', [m.id])
    expect(before.rows).toHaveLength(1)
    expect((await m.b.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204)
    const sessions = await t.db.query('select 1 from sessions where user_id = $1', [m.id])
    expect(sessions.rows).toEqual([])
    const after = await t.db.query('select 1 from push_subscriptions where user_id = $1', [m.id])
    expect(after.rows).toEqual([])
  })

  it('signing out with this browser’s endpoint removes the member’s device whichever session subscribed it, never another member’s', async () => {
    const [m, other] = await Promise.all([newMember(), newMember()])
    // Subscribed in an older session whose cookie this browser no longer has.
    const { sub } = await subscribe(m)
    const othersSub = (await subscribe(other)).sub
    const devices = async (id: string) =>
      (await t.db.query('select endpoint from push_subscriptions where user_id = $1', [id])).rows
    const { b: current } = await anotherSession(m)
    const logout = (payload?: Record<string, unknown>) =>
      current.request({ method: 'POST', url: '/api/auth/logout', ...(payload ? { payload } : {}) })

    // Bad input is refused before anything changes: still signed in, the device still there.
    const bad = await logout({ pushEndpoint: sub.endpoint, evil: true })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().code).toBe('validation_failed')
    expect(await devices(m.id)).toEqual([{ endpoint: sub.endpoint }])
    expect((await current.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200)

    // Another member's endpoint named at sign-out is left alone.
    const { b: third } = await anotherSession(m)
    const named = await third.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { pushEndpoint: othersSub.endpoint },
    })
    expect(named.statusCode).toBe(204)
    expect(await devices(other.id)).toEqual([{ endpoint: othersSub.endpoint }])

    expect((await logout({ pushEndpoint: sub.endpoint })).statusCode).toBe(204)
    expect(await devices(m.id)).toEqual([])
    expect((await current.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401)
    // The older session itself is not ended by it (that is its own device's sign-out).
    expect((await m.b.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200)
  })

  it('keeps the four switches per member (defaults on; all four required)', async () => {
    const m = await newMember()
    const url = '/api/push/preferences'
    expect((await m.b.request({ method: 'GET', url })).json()).toEqual({
      outbid: true,
      endingSoon: true,
      result: true,
      topUp: true,
    })
    const partial = await m.b.request({ method: 'PUT', url, payload: { outbid: false } })
    expect(partial.statusCode).toBe(422)
    const all = { outbid: false, endingSoon: true, result: false, topUp: true }
    expect((await m.b.request({ method: 'PUT', url, payload: all })).json()).toEqual(all)
    expect((await m.b.request({ method: 'GET', url })).json()).toEqual(all)
  })
})

/** Alice leads a lot ending in `endsInSeconds`, then Bob outbids her. */
async function outbidAlice(endsInSeconds = 3_600, devices = 1) {
  const [seller, alice, bob] = await Promise.all([newMember(0), newMember(), newMember()])
  const subs = []
  for (let i = 0; i < devices; i += 1) subs.push((await subscribe(alice)).sub)
  const bobSub = (await subscribe(bob)).sub
  const lotId = await openLot(t.db, seller.id, { endsInSeconds, title: 'Brass lamp' })
  expect((await bid(alice, lotId, { amount: 40_000 })).statusCode).toBe(201)
  expect((await bid(bob, lotId, { amount: 45_000 })).statusCode).toBe(201)
  return { seller, alice, bob, subs, bobSub, lotId }
}

describe('delivery', () => {
  it('an outbid reaches each device of the outbid member once, encrypted, with its headers', async () => {
    const { subs, bobSub, lotId } = await outbidAlice(3_600, 2)
    expect(await outboxCount()).toBe(2)
    expect(await worker.runOnce()).toMatchObject({ sent: 2, retried: 0, dropped: 0 })
    expect(svc.refusals).toEqual([])
    expect(deliveriesTo(bobSub)).toEqual([])
    for (const sub of subs) {
      const [d] = deliveriesTo(sub)
      expect(deliveriesTo(sub)).toHaveLength(1)
      expect(d!.vapidKey).toBe(pushKeysOf(config)!.publicKey)
      expect(d!.urgency).toBe('normal')
      expect(d!.topic).toBe(lotId.replaceAll('-', ''))
      expect(d!.ttl).toBeGreaterThan(3_000)
      expect(d!.ttl).toBeLessThanOrEqual(3_600)
      expect(d!.payload).toEqual({
        v: 1,
        kind: 'outbid',
        lotId,
        title: 'You were outbid',
        body: 'You were outbid on Brass lamp — bid €460?',
        path: `lots/${lotId}`,
        icon: null,
        tag: `lot-${lotId}`,
        renotify: true,
        bidAmount: 46_000,
        actions: [
          { action: 'bid', title: 'Bid €460' },
          { action: 'open', title: 'Open' },
        ],
      } satisfies PushPayload)
    }
    expect(await outboxCount()).toBe(0)
  })

  it('is urgent in the last ten minutes, in Spanish for a Spanish device', async () => {
    const [seller, alice, bob] = await Promise.all([newMember(0), newMember(), newMember()])
    const { sub } = await subscribe(alice, svc.subscribe(), { lang: 'es' })
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 300, title: 'Lámpara' })
    await bid(alice, lotId, { amount: 1_000 })
    await bid(bob, lotId, { amount: 1_100 })
    await worker.runOnce()
    const [d] = deliveriesTo(sub)
    expect(d!.urgency).toBe('high')
    expect(d!.ttl).toBeLessThanOrEqual(300)
    expect(d!.payload).toMatchObject({
      body: 'Te han superado en Lámpara: ¿pujas 12\u00a0€?',
      bidAmount: 1_200,
      actions: [
        { action: 'bid', title: 'Pujar 12\u00a0€' },
        { action: 'open', title: 'Abrir' },
      ],
    })
  })

  it('sends nothing for a kind the member turned off', async () => {
    const [seller, alice, bob] = await Promise.all([newMember(0), newMember(), newMember()])
    await subscribe(alice)
    await alice.b.request({
      method: 'PUT',
      url: '/api/push/preferences',
      payload: { outbid: false, endingSoon: true, result: true, topUp: true },
    })
    const lotId = await openLot(t.db, seller.id)
    await bid(alice, lotId, { amount: 1_000 })
    await bid(bob, lotId, { amount: 1_100 })
    expect(await outboxCount()).toBe(0)
    expect(await worker.runOnce()).toMatchObject({ sent: 0 })
  })

  it('a 410 removes the subscription and its deliveries', async () => {
    const { subs, alice } = await outbidAlice()
    svc.forget(subs[0]!.id)
    expect(await worker.runOnce()).toMatchObject({ sent: 0, gone: 1 })
    const { rows } = await t.db.query('select 1 from push_subscriptions where user_id = $1', [
      alice.id,
    ])
    expect(rows).toEqual([])
    expect(await outboxCount()).toBe(0)
  })

  it('a 503 is retried with growing backoff, then delivered exactly once', async () => {
    const { subs } = await outbidAlice()
    const slow = createPushWorker({
      db: t.db,
      vapid: pushKeysOf(config),
      currency: 'EUR',
      agent: svc.agent,
      retryBaseMs: 1_000,
    })
    const waitSeconds = async () =>
      (
        await t.db.query<{ wait: number }>(
          'select extract(epoch from due_at - now())::float8 as wait from push_outbox',
        )
      ).rows[0]!.wait
    // Instead of sleeping through the backoff, the test makes the row due once it has checked it.
    const makeDue = () => t.db.query('update push_outbox set due_at = now()')
    svc.answer(subs[0]!.id, { status: 503 }, { status: 503 })
    expect(await slow.runOnce()).toMatchObject({ sent: 0, retried: 1 })
    expect(await waitSeconds()).toBeGreaterThan(0.5)
    expect(await slow.runOnce()).toMatchObject({ sent: 0, retried: 0 })
    await makeDue()
    expect(await slow.runOnce()).toMatchObject({ retried: 1 })
    expect(await waitSeconds()).toBeGreaterThan(1.5)
    await makeDue()
    expect(await slow.runOnce()).toMatchObject({ sent: 1 })
    expect(deliveriesTo(subs[0]!)).toHaveLength(1)
    expect(await outboxCount()).toBe(0)
    await slow.stop()
  })

  it('a 429 waits as long as Retry-After says', async () => {
    const { subs } = await outbidAlice()
    svc.answer(subs[0]!.id, { status: 429, headers: { 'retry-after': '30' } })
    expect(await worker.runOnce()).toMatchObject({ retried: 1 })
    const { rows } = await t.db.query<{ wait: number }>(
      `select extract(epoch from due_at - now())::float8 as wait from push_outbox`,
    )
    expect(rows[0]!.wait).toBeGreaterThan(25)
    await t.db.query('delete from push_outbox')
  })

  it('a restart between the commit and the send still delivers, once', async () => {
    const { subs } = await outbidAlice()
    // The app and its worker stop before the worker ran; a new one starts on the same data.
    await worker.stop()
    await t.app.close()
    const next = await createTestApp({ config, broadcaster, db: t.db })
    t = { ...next, close: next.close }
    worker = newWorker(t)
    worker.start()
    await svc.waitFor(1)
    await worker.stop()
    expect(await worker.runOnce()).toMatchObject({ sent: 0 })
    expect(deliveriesTo(subs[0]!)).toHaveLength(1)
  })

  it('two workers at once send each push once (skip locked)', async () => {
    const { subs } = await outbidAlice(3_600, 3)
    const other = newWorker(t)
    const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()])
    expect(a.sent + b.sent).toBe(3)
    expect(subs.map((s) => deliveriesTo(s).length)).toEqual([1, 1, 1])
    await other.stop()
  })

  it('is woken by the commit itself when running (no poll wait)', async () => {
    const running = newWorker(t)
    const stopListening = broadcaster.onNotified(() => running.nudge())
    try {
      running.start()
      const { subs } = await outbidAlice()
      // Well within the 5 s poll: only the nudge explains it.
      const arrived = await svc.waitFor(1, 4_000)
      expect(arrived.map((d) => d.subscriptionId)).toEqual([subs[0]!.id])
    } finally {
      stopListening()
      await running.stop()
    }
  })
})

describe('every kind reaches the right members', () => {
  it('ending soon reaches the watchers', async () => {
    const [seller, watcher, other] = await Promise.all([newMember(0), newMember(), newMember()])
    const [ws, os] = [(await subscribe(watcher)).sub, (await subscribe(other)).sub]
    const lotId = await openLot(t.db, seller.id, { endsInSeconds: 120, title: 'Clock' })
    await watcher.b.request({ method: 'PUT', url: `/api/lots/${lotId}/watch` })
    await notifyEndingSoon(t.db, new Date(), { broadcaster })
    await worker.runOnce()
    expect(deliveriesTo(os)).toEqual([])
    const [d] = deliveriesTo(ws)
    expect(d!.urgency).toBe('high')
    expect(d!.payload).toMatchObject({
      kind: 'ending_soon',
      title: 'Ending soon',
      body: 'Clock ends in 2 minutes.',
    })
  })

  it('won and lost reach the winner and the other bidders, sold the seller', async () => {
    const { seller, alice, bob, subs, bobSub, lotId } = await outbidAlice()
    const sellerSub = (await subscribe(seller)).sub
    void alice
    void bob
    await worker.runOnce()
    svc.deliveries.length = 0
    expect(
      await closeLot({ db: t.db, currency: 'EUR' }, lotId, new Date(Date.now() + 7_200_000)),
    ).toBe('settled')
    await worker.runOnce()
    expect(deliveriesTo(bobSub).map((d) => d.payload)).toMatchObject([
      { kind: 'won', body: 'You won Brass lamp for €450.', renotify: true },
    ])
    expect(deliveriesTo(subs[0]!).map((d) => d.payload)).toMatchObject([
      { kind: 'lot_ended', body: 'Brass lamp has ended. You did not win it.' },
    ])
    expect(deliveriesTo(sellerSub).map((d) => d.payload)).toMatchObject([
      { kind: 'lot_sold', body: 'Brass lamp sold for €450.' },
    ])
  })

  it('top-up results reach the member (the notification the top-up commands write)', async () => {
    const m = await newMember()
    const { sub } = await subscribe(m)
    await t.db.transaction((tx) =>
      insertNotification(tx, {
        userId: m.id,
        kind: 'top_up_succeeded',
        lotId: null,
        data: { topUpId: 'tu-1', amount: 2_550, currency: 'EUR' },
      }),
    )
    await worker.runOnce()
    expect(deliveriesTo(sub).map((d) => d.payload)).toMatchObject([
      {
        kind: 'top_up_succeeded',
        body: '€25.50 was added to your wallet.',
        path: 'wallet',
        tag: 'top-up-tu-1',
        bidAmount: null,
        actions: [{ action: 'open', title: 'Open' }],
      },
    ])
  })

  it('a failed payout reaches the member with its amount, one alert per payout', async () => {
    const m = await newMember()
    const { sub } = await subscribe(m)
    await t.db.transaction((tx) =>
      insertNotification(tx, {
        userId: m.id,
        kind: 'payout_failed',
        lotId: null,
        data: { payoutId: 'po-1', amount: 12_000, currency: 'EUR', message: 'No funds' },
      }),
    )
    await worker.runOnce()
    expect(deliveriesTo(sub).map((d) => d.payload)).toMatchObject([
      {
        kind: 'payout_failed',
        body: 'Your payout of €120 did not go through; the money is back in your wallet.',
        path: 'wallet',
        tag: 'payout-po-1',
      },
    ])
  })

  it('a failed refund to a card: its amount, the wallet, one alert per withdrawal', async () => {
    const m = await newMember()
    const { sub } = await subscribe(m)
    await t.db.transaction((tx) =>
      insertNotification(tx, {
        userId: m.id,
        kind: 'withdrawal_failed',
        lotId: null,
        data: { withdrawalId: 'wd-1', amount: 4_250, currency: 'EUR' },
      }),
    )
    await worker.runOnce()
    expect(deliveriesTo(sub).map((d) => d.payload)).toMatchObject([
      {
        kind: 'withdrawal_failed',
        body: '€42.50 could not go back to your card; the money is back in your wallet.',
        path: 'wallet',
        tag: 'withdrawal-wd-1',
      },
    ])
  })

  it('a notification that cannot be put into words is dropped, not retried forever', async () => {
    const m = await newMember()
    await subscribe(m)
    await t.db.transaction((tx) =>
      insertNotification(tx, {
        userId: m.id,
        kind: 'top_up_failed',
        lotId: null,
        data: { topUpId: 'tu-2', amount: 100, currency: 'not a currency' },
      }),
    )
    expect(await worker.runOnce()).toMatchObject({ sent: 0, dropped: 1 })
    expect(await outboxCount()).toBe(0)
  })

  it('shows the lot’s first picture at its smallest copy, and drops a push past its lifetime', async () => {
    const { subs, lotId } = await outbidAlice()
    await t.db.query(
      `insert into lot_pictures (lot_id, path, position, width, height, widths)
       values ($1, 'lots/second.jpg', 1, 800, 600, '{320,640,800}'),
              ($1, 'lots/first.jpg', 0, 1600, 1200, '{320,640,1280}')`,
      [lotId],
    )
    await worker.runOnce()
    expect(deliveriesTo(subs[0]!)[0]!.payload).toMatchObject({
      icon: 'uploads/lots/first-320w.webp',
    })
    // Outbid again, but the push waited past its hour: it is dropped unsent.
    const carol = await newMember()
    await bid(carol, lotId, { amount: 50_000 })
    await t.db.query(`update notifications set created_at = now() - interval '2 hours'
                       where id in (select notification_id from push_outbox)`)
    expect(await worker.runOnce()).toMatchObject({ sent: 0, dropped: 1 })
    expect(await outboxCount()).toBe(0)
  })
})
