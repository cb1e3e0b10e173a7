/**
 * The HTTP API as the official `pusher` SDK uses it, plus hand-signed requests for the cases the
 * SDK refuses to send (so the server-side checks are exercised too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hmacHex, md5Hex } from './signatures.ts'
import {
  APP,
  RawClient,
  isEvent,
  rawSubscribe,
  sdkFor,
  startTestServer,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer
const clients: RawClient[] = []
async function connect() {
  const c = await RawClient.connect(t.port)
  clients.push(c)
  return c
}

beforeAll(async () => {
  t = await startTestServer()
})
afterAll(async () => {
  for (const c of clients) c.ws.terminate()
  await t.server.close()
})

/** Sign and send a request the way the SDK does, with knobs to break it. */
async function signedFetch(
  method: string,
  subPath: string,
  opts: {
    body?: string
    params?: Record<string, string>
    timestamp?: number
    secret?: string
    md5?: string
  } = {},
) {
  const path = `/apps/${APP.id}${subPath}`
  const params: Record<string, string> = {
    auth_key: APP.key,
    auth_timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...opts.params,
  }
  if (opts.body !== undefined) params.body_md5 = opts.md5 ?? md5Hex(opts.body)
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  const sig = hmacHex(opts.secret ?? APP.secret, `${method}\n${path}\n${query}`)
  return fetch(`http://127.0.0.1:${t.port}${path}?${query}&auth_signature=${sig}`, {
    method,
    body: opts.body,
    headers: opts.body ? { 'content-type': 'application/json' } : {},
  })
}

const eventBody = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'e', data: '{}', channels: ['c'], ...over })

describe('authentication of API requests', () => {
  it('rejects a wrong secret with 401 (SDK sees a RequestError)', async () => {
    const bad = sdkFor(t.port, 'wrong-secret')
    await expect(bad.trigger('c', 'e', {})).rejects.toMatchObject({ status: 401 })
    await expect(bad.get({ path: '/channels' })).rejects.toMatchObject({ status: 401 })
  })

  it('rejects stale and future timestamps (> 600 s) and accepts one within the window', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody(), timestamp: now - 610 })).status,
    ).toBe(401)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody(), timestamp: now + 610 })).status,
    ).toBe(401)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody(), timestamp: now - 590 })).status,
    ).toBe(200)
  })

  it('rejects a body that does not match body_md5, and a missing signature', async () => {
    const res = await signedFetch('POST', '/events', { body: eventBody(), md5: md5Hex('{}') })
    expect(res.status).toBe(401)
    const unsigned = await fetch(`http://127.0.0.1:${t.port}/apps/${APP.id}/events`, {
      method: 'POST',
      body: eventBody(),
    })
    expect(unsigned.status).toBe(401)
  })

  it('returns 404 for an unknown app id and unknown paths', async () => {
    const res = await fetch(`http://127.0.0.1:${t.port}/apps/nope/events`, { method: 'POST' })
    expect(res.status).toBe(404)
    expect((await signedFetch('GET', '/nothing-here')).status).toBe(404)
  })
})

describe('events', () => {
  it('trigger delivers to subscribers of every listed channel and returns {}', async () => {
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, 'lot.1')
    await rawSubscribe(b, t.sdk, 'private-lot.2')
    const res = await t.sdk.trigger(['lot.1', 'private-lot.2'], 'bid.placed', { amount: 5 })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    expect((await a.next(isEvent('bid.placed', 'lot.1'))).data).toEqual({ amount: 5 })
    expect((await b.next(isEvent('bid.placed', 'private-lot.2'))).data).toEqual({ amount: 5 })
  })

  it('excludes the socket named in socket_id', async () => {
    const sender = await connect()
    const other = await connect()
    await rawSubscribe(sender, t.sdk, 'lot.9')
    await rawSubscribe(other, t.sdk, 'lot.9')
    await t.sdk.trigger('lot.9', 'bid.placed', { n: 1 }, { socket_id: sender.socketId })
    await other.next(isEvent('bid.placed', 'lot.9'))
    // The next event, sent to everyone, reaches the sender; the first never did before it.
    await t.sdk.trigger('lot.9', 'bid.placed', { n: 2 })
    await sender.noneBefore(
      (f) => isEvent('bid.placed')(f) && (f.data as { n: number }).n === 1,
      (f) => isEvent('bid.placed', 'lot.9')(f) && (f.data as { n: number }).n === 2,
    )
  })

  it('returns channel info when asked', async () => {
    const c = await connect()
    await rawSubscribe(c, t.sdk, 'presence-info', { user_id: 'u1' })
    const trigger = async () => {
      const res = await t.sdk.trigger(
        'presence-info',
        'x',
        {},
        { info: 'user_count,subscription_count' },
      )
      return res.json()
    }
    // Polled: on the two-node cluster (cluster-conformance.test.ts) the SDK publishes to the
    // other node, whose view of the channel follows the subscription a Redis round trip later.
    // One node answers at the first try.
    await expect
      .poll(trigger, { timeout: 5000, interval: 50 })
      .toEqual({ channels: { 'presence-info': { user_count: 1, subscription_count: 1 } } })
  })

  it('triggerBatch publishes every event, with socket_id per event', async () => {
    const a = await connect()
    await rawSubscribe(a, t.sdk, 'batch-a')
    await rawSubscribe(a, t.sdk, 'batch-b')
    const res = await t.sdk.triggerBatch([
      { channel: 'batch-a', name: 'one', data: { i: 1 } },
      { channel: 'batch-b', name: 'two', data: 'raw-string' },
      { channel: 'batch-b', name: 'skipped', data: {}, socket_id: a.socketId },
      { channel: 'batch-b', name: 'after', data: {} },
    ])
    expect(await res.json()).toEqual({})
    expect((await a.next(isEvent('one', 'batch-a'))).data).toEqual({ i: 1 })
    expect((await a.next(isEvent('two', 'batch-b'))).data).toBe('raw-string')
    await a.noneBefore(isEvent('skipped'), isEvent('after', 'batch-b'))
  })

  it('batch with info returns one entry per event', async () => {
    const res = await t.sdk.triggerBatch([
      { channel: 'nobody-here', name: 'x', data: {}, info: 'subscription_count' },
      { channel: 'nobody-here', name: 'y', data: {} },
    ])
    expect(await res.json()).toEqual({
      batch: [{ channels: { 'nobody-here': { subscription_count: 0 } } }, {}],
    })
  })

  it('enforces Pusher limits: 413 for data > 10 KB, 400 for > 100 channels, > 10 batch events, bad names', async () => {
    await expect(t.sdk.trigger('c', 'e', 'x'.repeat(10 * 1024 + 1))).rejects.toMatchObject({
      status: 413,
    })
    expect((await t.sdk.trigger('c', 'e', 'x'.repeat(10 * 1024 - 2))).status).toBe(200)

    const many = Array.from({ length: 101 }, (_, i) => `c${i}`)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ channels: many }) })).status,
    ).toBe(400)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ channels: many.slice(0, 100) }) }))
        .status,
    ).toBe(200)

    const batch = Array.from({ length: 11 }, () => ({ channel: 'c', name: 'e', data: '{}' }))
    await expect(t.sdk.triggerBatch(batch)).rejects.toMatchObject({ status: 400 })
    await expect(
      t.sdk.triggerBatch([{ channel: 'c', name: 'e', data: 'x'.repeat(11_000) }]),
    ).rejects.toMatchObject({ status: 413 })

    for (const channels of [['has space'], ['x'.repeat(201)], ['#nope'], [42], []]) {
      const res = await signedFetch('POST', '/events', { body: eventBody({ channels }) })
      expect(res.status).toBe(400)
    }
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ channels: ['x'.repeat(200)] }) }))
        .status,
    ).toBe(200)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ name: 'n'.repeat(201) }) })).status,
    ).toBe(400)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ data: { obj: 1 } }) })).status,
    ).toBe(400)
    expect(
      (await signedFetch('POST', '/events', { body: eventBody({ socket_id: 'abc' }) })).status,
    ).toBe(400)
    expect((await signedFetch('POST', '/events', { body: 'not json' })).status).toBe(400)
  })
})

describe('channel queries', () => {
  it('lists occupied channels with filter_by_prefix and info', async () => {
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, 'presence-q.1', { user_id: 'x' })
    await rawSubscribe(b, t.sdk, 'presence-q.1', { user_id: 'x' })
    await rawSubscribe(b, t.sdk, 'presence-q.2', { user_id: 'y' })
    await rawSubscribe(a, t.sdk, 'q-public')

    const all = await (await t.sdk.get({ path: '/channels' })).json()
    expect(Object.keys(all.channels)).toEqual(
      expect.arrayContaining(['presence-q.1', 'presence-q.2', 'q-public']),
    )
    const res = await t.sdk.get({
      path: '/channels',
      params: { filter_by_prefix: 'presence-q', info: 'user_count,subscription_count' },
    })
    expect(await res.json()).toEqual({
      channels: {
        'presence-q.1': { user_count: 1, subscription_count: 2 },
        'presence-q.2': { user_count: 1, subscription_count: 1 },
      },
    })
    await expect(
      t.sdk.get({ path: '/channels', params: { info: 'user_count' } }),
    ).rejects.toMatchObject({
      status: 400,
    })
  })

  it('reports a single channel', async () => {
    const a = await connect()
    await rawSubscribe(a, t.sdk, 'presence-one', { user_id: 'z' })
    await rawSubscribe(a, t.sdk, 'one-public')
    const p = await t.sdk.get({
      path: '/channels/presence-one',
      params: { info: 'user_count,subscription_count' },
    })
    expect(await p.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 })
    const pub = await t.sdk.get({
      path: '/channels/one-public',
      params: { info: 'subscription_count' },
    })
    expect(await pub.json()).toEqual({ occupied: true, subscription_count: 1 })
    const empty = await t.sdk.get({ path: '/channels/empty-one' })
    expect(await empty.json()).toEqual({ occupied: false })
    await expect(
      t.sdk.get({ path: '/channels/one-public', params: { info: 'user_count' } }),
    ).rejects.toMatchObject({ status: 400 })
  })

  it('lists presence users (deduplicated) and refuses non-presence channels', async () => {
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, 'presence-users', { user_id: '1' })
    await rawSubscribe(b, t.sdk, 'presence-users', { user_id: '1' })
    const c = await connect()
    await rawSubscribe(c, t.sdk, 'presence-users', { user_id: '2' })
    const res = await t.sdk.get({ path: '/channels/presence-users/users' })
    const body = (await res.json()) as { users: Array<{ id: string }> }
    expect(body.users.map((u) => u.id).sort()).toEqual(['1', '2'])
    await expect(t.sdk.get({ path: '/channels/plain/users' })).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('users', () => {
  it('sendToUser reaches every socket signed in as that user, honours nothing else', async () => {
    const a = await connect()
    const b = await connect()
    const other = await connect()
    for (const [c, id] of [
      [a, '42'],
      [b, '42'],
      [other, '43'],
    ] as const) {
      await c.request(
        { event: 'pusher:signin', data: t.sdk.authenticateUser(c.socketId, { id }) },
        isEvent('pusher:signin_success'),
      )
    }
    await t.sdk.sendToUser('42', 'notification', { hello: 1 })
    expect((await a.next(isEvent('notification', '#server-to-user-42'))).data).toEqual({ hello: 1 })
    expect((await b.next(isEvent('notification', '#server-to-user-42'))).data).toEqual({ hello: 1 })
    await t.sdk.sendToUser('43', 'notification', { hello: 2 })
    await other.noneBefore(
      (f) => isEvent('notification')(f) && f.channel !== '#server-to-user-43',
      isEvent('notification', '#server-to-user-43'),
    )
  })

  it('terminateUserConnections closes that user’s sockets with 4009 only', async () => {
    const a = await connect()
    const b = await connect()
    const bystander = await connect()
    await rawSubscribe(bystander, t.sdk, 'presence-term', { user_id: 'watch' })
    await rawSubscribe(a, t.sdk, 'presence-term', { user_id: 'kick' })
    for (const c of [a, b]) {
      await c.request(
        { event: 'pusher:signin', data: t.sdk.authenticateUser(c.socketId, { id: 'kick' }) },
        isEvent('pusher:signin_success'),
      )
    }
    const res = await t.sdk.terminateUserConnections('kick')
    expect(res.status).toBe(200)
    const [ca, cb] = await Promise.all([a.closed, b.closed])
    expect([ca.code, cb.code]).toEqual([4009, 4009])
    const removed = await bystander.next(isEvent('pusher_internal:member_removed', 'presence-term'))
    expect(removed.data).toEqual({ user_id: 'kick' })
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN)
  })
})
