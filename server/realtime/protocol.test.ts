/**
 * Wire-level conformance with a bare `ws` client speaking Pusher protocol 7: handshake, close
 * codes, malformed frames, subscriptions and signatures, presence, client events, heartbeat.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  APP,
  RawClient,
  isEvent,
  rawSubscribe,
  startTestServer,
  type ReceivedFrame,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer
const clients: RawClient[] = []
/** Presence events may be held back briefly (coalesced); controls wait for them longer. */
const PRESENCE_WAIT = 10_000
const memberEvent = (event: string) => (channel: string, userId: string) => (f: ReceivedFrame) =>
  isEvent(event, channel)(f) && (f.data as { user_id?: unknown }).user_id === userId
const memberAdded = memberEvent('pusher_internal:member_added')
const memberRemoved = memberEvent('pusher_internal:member_removed')
async function connect(key = APP.key, query?: string) {
  const c = await RawClient.connect(t.port, key, query)
  clients.push(c)
  return c
}
/** Connect without waiting for the handshake (for refused connections). */
function open(path: string) {
  const c = new RawClient(`ws://127.0.0.1:${t.port}${path}`)
  clients.push(c)
  return c
}

beforeAll(async () => {
  t = await startTestServer({
    // Client events are off by default; this suite's main app turns them on to test them, the
    // 'quiet' app keeps the default.
    apps: [
      { ...APP, enableClientEvents: true },
      { id: 'quiet', key: 'quiet-key', secret: 'quiet-secret' },
    ],
    maxPresenceMembers: 3,
  })
})
afterAll(async () => {
  for (const c of clients) c.ws.terminate()
  await t.server.close()
})

describe('handshake', () => {
  it('sends connection_established with a Pusher-shaped socket id and activity_timeout 120', async () => {
    const c = await connect()
    expect(c.socketId).toMatch(/^\d+\.\d+$/)
    // data must be a JSON string (double encoded), as Pusher sends it
    const raw = new RawClient(`ws://127.0.0.1:${t.port}/app/${APP.key}?protocol=7`)
    clients.push(raw)
    const f = await raw.next(isEvent('pusher:connection_established'))
    expect(typeof JSON.parse(f.raw).data).toBe('string')
    expect(f.data).toMatchObject({ activity_timeout: 120 })
  })

  it('gives every socket a distinct id', async () => {
    const ids = await Promise.all([connect(), connect(), connect()]).then((cs) =>
      cs.map((c) => c.socketId),
    )
    expect(new Set(ids).size).toBe(3)
  })

  it('refuses an unknown key with pusher:error 4001 and close 4001', async () => {
    const c = open('/app/nope?protocol=7')
    const err = await c.next(isEvent('pusher:error'))
    expect(err.data).toMatchObject({ code: 4001 })
    expect((await c.closed).code).toBe(4001)
  })

  it('refuses an unsupported protocol with 4007 and a missing one with 4008', async () => {
    const a = open(`/app/${APP.key}?protocol=5`)
    expect((await a.next(isEvent('pusher:error'))).data).toMatchObject({ code: 4007 })
    expect((await a.closed).code).toBe(4007)
    const b = open(`/app/${APP.key}`)
    expect((await b.closed).code).toBe(4008)
  })

  it.each(['7.0', '07', '0x7', '7e0', '+7', ' 7', '%207'])(
    'takes the protocol version as written: %j is not 7',
    async (spelling) => {
      const c = open(`/app/${APP.key}?protocol=${spelling}`)
      expect((await c.next(isEvent('pusher:error'))).data).toMatchObject({ code: 4007 })
      expect((await c.closed).code).toBe(4007)
    },
  )

  it('answers pusher:ping with pusher:pong', async () => {
    const c = await connect()
    const pong = await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
    expect(pong.event).toBe('pusher:pong')
  })

  it('answers plain HTTP health checks', async () => {
    const res = await fetch(`http://127.0.0.1:${t.port}/health`)
    expect(res.status).toBe(200)
  })
})

describe('malformed frames get pusher:error and the socket survives', () => {
  const objectWithEvent = 'Message must be an object with a string event'
  const bad: Array<[string, string | Buffer, number, string]> = [
    ['non-JSON', 'not json {', 4300, 'Message is not valid JSON'],
    ['JSON array', '[1,2]', 4300, objectWithEvent],
    ['JSON null', 'null', 4300, objectWithEvent],
    ['missing event', '{"data":{}}', 4300, objectWithEvent],
    ['event not a string', '{"event":42}', 4300, objectWithEvent],
    ['channel not a string', '{"event":"client-x","channel":7}', 4300, 'channel must be a string'],
    [
      'subscribe without data',
      '{"event":"pusher:subscribe"}',
      4300,
      'pusher:subscribe needs data.channel',
    ],
    [
      'subscribe with numeric channel',
      '{"event":"pusher:subscribe","data":{"channel":1}}',
      4300,
      'pusher:subscribe needs data.channel',
    ],
    [
      'subscribe with non-string auth',
      '{"event":"pusher:subscribe","data":{"channel":"private-a","auth":5}}',
      4300,
      'auth and channel_data must be strings',
    ],
    [
      'unsubscribe without channel',
      '{"event":"pusher:unsubscribe","data":"oops"}',
      4300,
      'pusher:unsubscribe needs data.channel',
    ],
    [
      'signin without user_data',
      '{"event":"pusher:signin","data":{"auth":"x"}}',
      4300,
      'pusher:signin needs data.auth and data.user_data',
    ],
    [
      'unknown pusher event',
      '{"event":"pusher:teleport","data":{}}',
      4300,
      'Unsupported event: pusher:teleport',
    ],
    [
      'oversize frame (> 10 KB)',
      JSON.stringify({ event: 'client-big', data: 'x'.repeat(11_000) }),
      4300,
      'Message exceeds 10240 bytes',
    ],
  ]
  for (const [label, frame, code, message] of bad) {
    it(label, async () => {
      const c = await connect()
      const err = await c.request(frame, isEvent('pusher:error'))
      expect(err.data).toEqual({ code, message })
      // still alive and responsive, and nothing else was sent
      await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
      expect(c.frames).toEqual([])
    })
  }

  it('the frame size limit itself: exactly 10 KB is read, one byte more is refused', async () => {
    const c = await connect()
    const ping = (size: number) => {
      const frame = JSON.stringify({ event: 'pusher:ping', data: '' })
      return JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(size - frame.length) })
    }
    expect(ping(10_240)).toHaveLength(10_240)
    await c.request(ping(10_240), isEvent('pusher:pong'))
    const err = await c.request(ping(10_241), isEvent('pusher:error'))
    expect(err.data).toEqual({ code: 4300, message: 'Message exceeds 10240 bytes' })
    expect(c.frames).toEqual([])
  })

  it('a frame over ten times the limit is cut by the socket itself (close 1009), never buffered', async () => {
    const c = await connect()
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)))
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(10 * 10_240 + 1) }))
    expect(await closed).toBe(1009)
    // The service is unharmed: a new socket is served.
    const d = await connect()
    await d.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
  })

  it('binary frames', async () => {
    const c = await connect()
    const p = c.next(isEvent('pusher:error'))
    c.ws.send(Buffer.from('{"event":"pusher:ping"}'), { binary: true })
    expect((await p).data).toEqual({ code: 4300, message: 'Binary frames are not supported' })
    await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
  })

  it('invalid channel names', async () => {
    const c = await connect()
    const before = t.server.stats().channels
    for (const name of ['has space', 'x'.repeat(201), '#other-thing', 'é']) {
      const err = await c.request(
        { event: 'pusher:subscribe', data: { channel: name, auth: '' } },
        isEvent('pusher:error'),
      )
      expect(err.data).toEqual({ code: 4300, message: 'Invalid channel name' })
      const subErr = await c.next(isEvent('pusher:subscription_error', name))
      expect(subErr.data).toEqual({
        type: 'InvalidRequest',
        error: 'Invalid channel name',
        status: 400,
      })
    }
    expect(t.server.stats().channels).toBe(before)
  })
})

describe('subscriptions and signatures', () => {
  it('subscribes to public channels and receives API events', async () => {
    const c = await connect()
    const ok = await rawSubscribe(c, t.sdk, 'lots')
    expect(ok.event).toBe('pusher_internal:subscription_succeeded')
    await t.sdk.trigger('lots', 'lot.created', { id: 1 })
    const ev = await c.next(isEvent('lot.created', 'lots'))
    expect(ev.data).toEqual({ id: 1 })
    expect(typeof JSON.parse(ev.raw).data).toBe('string') // double encoded
  })

  it('accepts a valid private signature and rejects a wrong one (socket stays open)', async () => {
    const c = await connect()
    const ok = await rawSubscribe(c, t.sdk, 'private-wallet.1')
    expect(ok.event).toBe('pusher_internal:subscription_succeeded')

    const other = await connect()
    // Signature minted for a different socket id must not work here.
    const stolen = t.sdk.authorizeChannel(c.socketId, 'private-wallet.2')
    const err = await other.request(
      { event: 'pusher:subscribe', data: { channel: 'private-wallet.2', auth: stolen.auth } },
      isEvent('pusher:subscription_error', 'private-wallet.2'),
    )
    expect(err.data).toMatchObject({ type: 'AuthError', status: 401 })
    // A token with the right signature but another key is rejected too.
    const sig = t.sdk.authorizeChannel(other.socketId, 'private-wallet.2').auth.split(':')[1]
    const err2 = await other.request(
      {
        event: 'pusher:subscribe',
        data: { channel: 'private-wallet.2', auth: `other-key:${sig}` },
      },
      isEvent('pusher:subscription_error', 'private-wallet.2'),
    )
    expect(err2.data).toMatchObject({ status: 401 })
    // Missing auth
    const err3 = await other.request(
      { event: 'pusher:subscribe', data: { channel: 'private-wallet.2' } },
      isEvent('pusher:subscription_error', 'private-wallet.2'),
    )
    expect(err3.data).toMatchObject({ status: 401 })
    await rawSubscribe(other, t.sdk, 'control-wallet')
    await t.sdk.trigger('private-wallet.2', 'wallet.updated', { v: 1 })
    await t.sdk.trigger('control-wallet', 'control', {})
    await other.noneBefore(isEvent('wallet.updated'), isEvent('control', 'control-wallet'))
    expect(other.ws.readyState).toBe(other.ws.OPEN)
  })

  it('supports private-encrypted- channels as opaque relays', async () => {
    const c = await connect()
    const auth = `${APP.key}:${(await import('./signatures.ts')).hmacHex(APP.secret, `${c.socketId}:private-encrypted-x`)}`
    const ok = await c.request(
      { event: 'pusher:subscribe', data: { channel: 'private-encrypted-x', auth } },
      (f) => f.channel === 'private-encrypted-x',
    )
    expect(ok.event).toBe('pusher_internal:subscription_succeeded')
  })

  it('accepts subscribe data double-encoded as a JSON string', async () => {
    const c = await connect()
    const ok = await c.request(
      { event: 'pusher:subscribe', data: JSON.stringify({ channel: 'str-data', auth: '' }) },
      (f) => f.channel === 'str-data',
    )
    expect(ok.event).toBe('pusher_internal:subscription_succeeded')
  })

  it('stops delivering after pusher:unsubscribe', async () => {
    const c = await connect()
    await rawSubscribe(c, t.sdk, 'unsub-me')
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'unsub-me' } })
    // Frames on one socket are handled in order: once the ping after it is answered, the
    // unsubscribe has been applied.
    await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
    const res = await t.sdk.get({ path: '/channels/unsub-me', params: {} })
    expect(await res.json()).toEqual({ occupied: false })
    await t.sdk.trigger('unsub-me', 'e', {})
    // The trigger is answered after fan-out, and the socket delivers in order: anything sent to
    // it would arrive before the answer to this ping.
    await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
    expect(c.frames.filter(isEvent('e'))).toEqual([])
  })

  it('forgets a closed socket in every channel', async () => {
    const c = await connect()
    await rawSubscribe(c, t.sdk, 'cleanup-check')
    const before = await (await t.sdk.get({ path: '/channels/cleanup-check', params: {} })).json()
    expect(before).toEqual({ occupied: true })
    c.close()
    await c.closed
    // The server forgets the socket when it sees the close; poll for it rather than guess a delay.
    await vi.waitFor(async () => {
      const after = await (await t.sdk.get({ path: '/channels/cleanup-check', params: {} })).json()
      expect(after).toEqual({ occupied: false })
    })
  })
})

describe('presence', () => {
  it('dedupes sockets per user: member_added on first socket, member_removed after last', async () => {
    const ch = 'presence-lot.1'
    const watcher = await connect()
    const w = await rawSubscribe(watcher, t.sdk, ch, { user_id: 'w', user_info: { name: 'W' } })
    expect(w.data).toEqual({ presence: { ids: ['w'], hash: { w: { name: 'W' } }, count: 1 } })

    const a1 = await connect()
    const s1 = await rawSubscribe(a1, t.sdk, ch, { user_id: 'ann', user_info: { name: 'Ann' } })
    expect(s1.data).toMatchObject({ presence: { count: 2 } })
    const added = await watcher.next(isEvent('pusher_internal:member_added', ch))
    expect(added.data).toEqual({ user_id: 'ann', user_info: { name: 'Ann' } })
    // Bea joins: Ann's socket hears of her, and never heard of itself joining.
    const bea = await connect()
    await rawSubscribe(bea, t.sdk, ch, { user_id: 'bea' })
    await a1.noneBefore(memberAdded(ch, 'ann'), memberAdded(ch, 'bea'), PRESENCE_WAIT)
    await watcher.next(memberAdded(ch, 'bea'), PRESENCE_WAIT)

    // Second socket of the same user: no member_added, count stays 3
    const a2 = await connect()
    const s2 = await rawSubscribe(a2, t.sdk, ch, { user_id: 'ann', user_info: { name: 'Ann 2' } })
    expect(s2.data).toMatchObject({ presence: { count: 3, hash: { ann: { name: 'Ann' } } } })
    bea.send({ event: 'pusher:unsubscribe', data: { channel: ch } })
    await watcher.noneBefore(memberAdded(ch, 'ann'), memberRemoved(ch, 'bea'), PRESENCE_WAIT)

    const users = await (await t.sdk.get({ path: `/channels/${ch}/users` })).json()
    expect(users).toEqual({ users: expect.arrayContaining([{ id: 'w' }, { id: 'ann' }]) })
    expect(users.users).toHaveLength(2)

    // First socket leaves: still a member through a2 (once the server has let a1 go, Bea's
    // return is heard, and no member_removed for Ann came before it).
    a1.close()
    await a1.closed
    await vi.waitFor(
      async () => {
        const info = await t.sdk.get({
          path: `/channels/${ch}`,
          params: { info: 'subscription_count' },
        })
        expect(await info.json()).toMatchObject({ subscription_count: 2 })
      },
      { timeout: 5000, interval: 50 },
    )
    await rawSubscribe(bea, t.sdk, ch, { user_id: 'bea' })
    await watcher.noneBefore(memberRemoved(ch, 'ann'), memberAdded(ch, 'bea'), PRESENCE_WAIT)
    // Last socket leaves (unsubscribe path)
    a2.send({ event: 'pusher:unsubscribe', data: { channel: ch } })
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', ch))
    expect(removed.data).toEqual({ user_id: 'ann' })
  })

  it('accepts numeric user ids, rejects bad channel_data and enforces the member limit', async () => {
    const ch = 'presence-limit'
    const cs = await Promise.all([connect(), connect(), connect(), connect()])
    for (const [i, c] of cs.slice(0, 3).entries()) {
      const ok = await rawSubscribe(c, t.sdk, ch, { user_id: i as unknown as string })
      expect(ok.event).toBe('pusher_internal:subscription_succeeded')
    }
    // limit is 3 in this suite; a 4th distinct user is refused
    const full = await rawSubscribe(cs[3]!, t.sdk, ch, { user_id: 'fourth' })
    expect(full.event).toBe('pusher:subscription_error')
    expect(full.data).toMatchObject({ type: 'LimitReached' })
    // ... but an existing user may add a socket
    const extra = await connect()
    expect((await rawSubscribe(extra, t.sdk, ch, { user_id: '0' })).event).toBe(
      'pusher_internal:subscription_succeeded',
    )

    const big = await connect()
    const tooBig = await rawSubscribe(big, t.sdk, 'presence-big', {
      user_id: 'b',
      user_info: { blob: 'x'.repeat(1100) },
    })
    expect(tooBig.data).toMatchObject({ type: 'LimitReached' })
    const longId = await rawSubscribe(big, t.sdk, 'presence-big', { user_id: 'u'.repeat(129) })
    expect(longId.data).toMatchObject({ type: 'LimitReached' })
    const noId = await rawSubscribe(big, t.sdk, 'presence-big', { user_info: {} } as never)
    expect(noId.data).toMatchObject({ type: 'AuthError' })
  })

  it('rejects a presence signature when channel_data was altered', async () => {
    const c = await connect()
    const auth = t.sdk.authorizeChannel(c.socketId, 'presence-x', { user_id: 'me' })
    const err = await c.request(
      {
        event: 'pusher:subscribe',
        data: { channel: 'presence-x', auth: auth.auth, channel_data: '{"user_id":"admin"}' },
      },
      isEvent('pusher:subscription_error', 'presence-x'),
    )
    expect(err.data).toMatchObject({ status: 401 })
  })
})

describe('client events', () => {
  it('relays to other subscribers only, never echoes, adds user_id on presence', async () => {
    const ch = 'presence-chat'
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, ch, { user_id: 'a' })
    await rawSubscribe(b, t.sdk, ch, { user_id: 'b' })
    a.send({ event: 'client-typing', channel: ch, data: { on: true } })
    const got = await b.next(isEvent('client-typing', ch))
    expect(got.data).toEqual({ on: true })
    expect(got.user_id).toBe('a')
    // b answers: a gets b's event, and never got its own back before it.
    b.send({ event: 'client-typing', channel: ch, data: { on: false } })
    await a.noneBefore(
      (f) => isEvent('client-typing')(f) && f.user_id === 'a',
      (f) => isEvent('client-typing', ch)(f) && f.user_id === 'b',
    )

    const p = 'private-chat'
    await rawSubscribe(a, t.sdk, p)
    await rawSubscribe(b, t.sdk, p)
    b.send({ event: 'client-hi', channel: p, data: 'plain' })
    const hi = await a.next(isEvent('client-hi', p))
    expect(hi.data).toBe('plain')
    expect(hi.user_id).toBeUndefined()
    a.send({ event: 'client-hi', channel: p, data: 'reply' })
    await b.noneBefore(
      (f) => isEvent('client-hi')(f) && f.data === 'plain',
      (f) => isEvent('client-hi', p)(f) && f.data === 'reply',
    )
  })

  it('refuses client events on public channels, unsubscribed channels and disabled apps', async () => {
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, 'public-room')
    await rawSubscribe(b, t.sdk, 'public-room')
    const e1 = await a.request(
      { event: 'client-x', channel: 'public-room', data: {} },
      isEvent('pusher:error'),
    )
    expect(e1.data).toMatchObject({ code: 4009 })
    // a's refusal is answered, so a server event sent now reaches b after any relay would have.
    await t.sdk.trigger('public-room', 'control', {})
    await b.noneBefore(isEvent('client-x'), isEvent('control', 'public-room'))

    await rawSubscribe(b, t.sdk, 'private-not-a')
    const e2 = await a.request(
      { event: 'client-x', channel: 'private-not-a', data: {} },
      isEvent('pusher:error'),
    )
    expect(e2.data).toMatchObject({ code: 4009 })
    await t.sdk.trigger('private-not-a', 'control', {})
    await b.noneBefore(isEvent('client-x'), isEvent('control', 'private-not-a'))

    const q = await connect('quiet-key')
    const e3 = await q.request(
      { event: 'client-x', channel: 'private-a', data: {} },
      isEvent('pusher:error'),
    )
    expect(e3.data).toMatchObject({ code: 4301 })
  })

  it('rate-limits client events to 10/s per socket with pusher:error 4301', async () => {
    const a = await connect()
    const b = await connect()
    await rawSubscribe(a, t.sdk, 'private-rate')
    await rawSubscribe(b, t.sdk, 'private-rate')
    for (let i = 0; i < 15; i++) a.send({ event: 'client-n', channel: 'private-rate', data: { i } })
    const err = await a.next(isEvent('pusher:error'))
    expect(err.data).toMatchObject({ code: 4301 })
    // Once a's ping after the burst is answered, all 15 were handled; b's own pong then comes
    // after anything relayed to it.
    await a.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
    await b.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:pong'))
    const delivered = b.frames.filter(isEvent('client-n')).length
    expect(delivered).toBe(10)
    expect(a.ws.readyState).toBe(a.ws.OPEN)
  })
})

describe('sign-in', () => {
  it('signs in, acknowledges the user channel only for that user, and rejects a second identity', async () => {
    const c = await connect()
    const bad = await c.request(
      { event: 'pusher:signin', data: { auth: `${APP.key}:deadbeef`, user_data: '{"id":"1"}' } },
      isEvent('pusher:error'),
    )
    expect(bad.data).toEqual({ code: 4009, message: 'Invalid signin signature' })
    expect(c.ws.readyState).toBe(c.ws.OPEN)

    const auth = t.sdk.authenticateUser(c.socketId, { id: '7', user_info: { name: 'Ann' } })
    const ok = await c.request(
      { event: 'pusher:signin', data: auth },
      isEvent('pusher:signin_success'),
    )
    expect(ok.data).toEqual({ user_data: auth.user_data })

    const denied = await c.request(
      { event: 'pusher:subscribe', data: { channel: '#server-to-user-8', auth: '' } },
      isEvent('pusher:subscription_error'),
    )
    expect(denied.channel).toBe('#server-to-user-8')
    // The refusal is two frames; read the other one too, so the next check sees only its own.
    const deniedError = await c.next(isEvent('pusher:error'))
    expect(deniedError.data).toEqual({
      code: 4009,
      message: 'Sign in as this user before subscribing to its channel',
    })
    expect(c.frames).toEqual([])
    const acked = await c.request(
      { event: 'pusher:subscribe', data: { channel: '#server-to-user-7', auth: '' } },
      (f) => f.channel === '#server-to-user-7',
    )
    expect(acked.event).toBe('pusher_internal:subscription_succeeded')

    expect(c.frames).toEqual([])
    const other = t.sdk.authenticateUser(c.socketId, { id: '9' })
    const err = await c.request({ event: 'pusher:signin', data: other }, isEvent('pusher:error'))
    expect(err.data).toEqual({
      code: 4009,
      message: 'Connection is already signed in as another user',
    })
    expect(c.frames).toEqual([])

    await t.sdk.sendToUser('7', 'notification', { text: 'hi' })
    const n = await c.next(isEvent('notification', '#server-to-user-7'))
    expect(n.data).toEqual({ text: 'hi' })
  })

  it('presence without channel_data uses the signed-in user', async () => {
    const c = await connect()
    const auth = t.sdk.authenticateUser(c.socketId, { id: 'su', user_info: { n: 1 } })
    await c.request({ event: 'pusher:signin', data: auth }, isEvent('pusher:signin_success'))
    const ok = await rawSubscribe(c, t.sdk, 'presence-signed')
    expect(ok.data).toEqual({ presence: { ids: ['su'], hash: { su: { n: 1 } }, count: 1 } })
  })
})

describe('pre-framed broadcasts', () => {
  it('deliver payloads of every WebSocket length class intact (7-bit, 16-bit, 64-bit lengths)', async () => {
    const c = await connect()
    await rawSubscribe(c, t.sdk, 'sizes')
    for (const size of [10, 125, 126, 1000, 10_000]) {
      const data = 'y'.repeat(size)
      await t.sdk.trigger('sizes', 'sized', data)
      const got = await c.next(isEvent('sized', 'sizes'))
      expect(got.data).toBe(data)
    }
    const { prepareFrame } = await import('./frames.ts')
    const big = prepareFrame('z'.repeat(70_000))
    expect(big.wire.length).toBe(70_000 + 10)
    expect(big.wire.readBigUInt64BE(2)).toBe(70_000n)
  })
})
