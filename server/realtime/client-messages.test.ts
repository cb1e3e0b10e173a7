/**
 * The frame router on its own, with a fake socket: every rejection's exact code and message (over
 * a real socket a catch-all in ws-handler also answers with a pusher:error, so only here can the
 * router's own checks be told apart), and it never throws.
 */
import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { AppState } from './app-state.ts'
import { handleClientFrame, type MessageContext } from './client-messages.ts'
import { Connection } from './connection.ts'
import type { RealtimeApp } from './options.ts'
import { channelStringToSign, hmacHex, userStringToSign } from './signatures.ts'

const APP: RealtimeApp = { id: 'a', key: 'k', secret: 's' }

interface Sent {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}

/** A socket that records what the server sends it. */
class FakeSocket {
  readyState: number = WebSocket.OPEN
  bufferedAmount = 0
  readonly sent: Sent[] = []
  send(frame: string | Buffer) {
    this.sent.push(JSON.parse(frame.toString()) as Sent)
  }
  close() {
    this.readyState = WebSocket.CLOSED
  }
  terminate() {
    this.readyState = WebSocket.CLOSED
  }
  /** Frames received since the last call (so each step reads only its own answer). */
  take(): Sent[] {
    return this.sent.splice(0)
  }
}

let nextId = 1
function setup(app: RealtimeApp = APP, limits: Partial<MessageContext> = {}) {
  const state = new AppState(app, 3)
  const ctx: MessageContext = {
    state,
    maxMessageBytes: 4096,
    maxChannelsPerConnection: 4,
    ...limits,
  }
  const socket = () => {
    const ws = new FakeSocket()
    const conn = new Connection(ws as unknown as WebSocket, `${nextId++}.1`, {
      onClosed: (c) => state.removeConnection(c),
      maxBufferedBytes: 1 << 20,
      maxClientEventsPerSecond: 2,
      controlBudget: { burst: 1000, perSecond: 1000 },
    })
    state.addConnection(conn)
    const send = (frame: unknown, binary = false) => {
      const raw = Buffer.isBuffer(frame)
        ? frame
        : Buffer.from(typeof frame === 'string' ? frame : JSON.stringify(frame))
      expect(() => handleClientFrame(ctx, conn, raw, binary)).not.toThrow()
      return ws.take()
    }
    const sign = (toSign: string) => `${app.key}:${hmacHex(app.secret, toSign)}`
    return { ws, conn, send, sign }
  }
  return { state, ctx, socket }
}

const error = (code: number, message: string): Sent => ({
  event: 'pusher:error',
  data: { code, message },
})
const subError = (channel: string, type: string, message: string, status: number): Sent => ({
  event: 'pusher:subscription_error',
  channel,
  data: { type, error: message, status },
})
const succeeded = (channel: string, data: object = {}): Sent => ({
  event: 'pusher_internal:subscription_succeeded',
  channel,
  data: JSON.stringify(data),
})

describe('malformed frames: exact code and message, nothing else', () => {
  const objectWithEvent = 'Message must be an object with a string event'
  const cases: Array<[string, string, Sent[]]> = [
    ['not JSON', 'not json {', [error(4300, 'Message is not valid JSON')]],
    ['empty frame', '', [error(4300, 'Message is not valid JSON')]],
    ['a JSON array', '[1,2]', [error(4300, objectWithEvent)]],
    ['JSON null', 'null', [error(4300, objectWithEvent)]],
    ['a JSON string', '"pusher:ping"', [error(4300, objectWithEvent)]],
    ['no event', '{"data":{}}', [error(4300, objectWithEvent)]],
    ['a numeric event', '{"event":42}', [error(4300, objectWithEvent)]],
    ['an empty event', '{"event":""}', [error(4300, objectWithEvent)]],
    [
      'a numeric channel',
      '{"event":"client-x","channel":7}',
      [error(4300, 'channel must be a string')],
    ],
    [
      'subscribe without data',
      '{"event":"pusher:subscribe"}',
      [error(4300, 'pusher:subscribe needs data.channel')],
    ],
    [
      'subscribe with string data that is not JSON',
      '{"event":"pusher:subscribe","data":"oops"}',
      [error(4300, 'pusher:subscribe needs data.channel')],
    ],
    [
      'subscribe with data double-encoded as a JSON array',
      '{"event":"pusher:subscribe","data":"[1]"}',
      [error(4300, 'pusher:subscribe needs data.channel')],
    ],
    [
      'subscribe with a numeric channel',
      '{"event":"pusher:subscribe","data":{"channel":1}}',
      [error(4300, 'pusher:subscribe needs data.channel')],
    ],
    [
      'subscribe with a non-string auth',
      '{"event":"pusher:subscribe","data":{"channel":"private-a","auth":5}}',
      [error(4300, 'auth and channel_data must be strings')],
    ],
    [
      'subscribe with a non-string channel_data',
      '{"event":"pusher:subscribe","data":{"channel":"presence-a","auth":"k:x","channel_data":{}}}',
      [error(4300, 'auth and channel_data must be strings')],
    ],
    [
      'unsubscribe without a channel',
      '{"event":"pusher:unsubscribe","data":"oops"}',
      [error(4300, 'pusher:unsubscribe needs data.channel')],
    ],
    [
      'unsubscribe with a numeric channel',
      '{"event":"pusher:unsubscribe","data":{"channel":3}}',
      [error(4300, 'pusher:unsubscribe needs data.channel')],
    ],
    [
      'signin without user_data',
      '{"event":"pusher:signin","data":{"auth":"x"}}',
      [error(4300, 'pusher:signin needs data.auth and data.user_data')],
    ],
    [
      'signin without auth',
      '{"event":"pusher:signin","data":{"user_data":"{}"}}',
      [error(4300, 'pusher:signin needs data.auth and data.user_data')],
    ],
    [
      'signin without data',
      '{"event":"pusher:signin"}',
      [error(4300, 'pusher:signin needs data.auth and data.user_data')],
    ],
    [
      'an unknown pusher event',
      '{"event":"pusher:teleport","data":{}}',
      [error(4300, 'Unsupported event: pusher:teleport')],
    ],
    [
      'a long unknown event (echoed truncated to 64 characters)',
      JSON.stringify({ event: 'e'.repeat(150) }),
      [error(4300, `Unsupported event: ${'e'.repeat(64)}`)],
    ],
    ['pusher:pong (activity only)', '{"event":"pusher:pong"}', []],
  ]
  for (const [label, frame, expected] of cases) {
    it(label, () => {
      const { socket } = setup()
      const c = socket()
      expect(c.send(frame)).toEqual(expected)
      expect(c.conn.channels.size).toBe(0)
    })
  }

  it('binary frames', () => {
    const c = setup().socket()
    expect(c.send(Buffer.from('{"event":"pusher:ping"}'), true)).toEqual([
      error(4300, 'Binary frames are not supported'),
    ])
  })

  it('accepts a frame of exactly maxMessageBytes and refuses one byte more', () => {
    const c = setup(APP, { maxMessageBytes: 200 }).socket()
    const ping = (size: number) => {
      const frame = JSON.stringify({ event: 'pusher:ping', data: '' })
      return JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(size - frame.length) })
    }
    expect(Buffer.byteLength(ping(200))).toBe(200)
    expect(c.send(ping(200))).toEqual([{ event: 'pusher:pong', data: '{}' }])
    expect(c.send(ping(201))).toEqual([error(4300, 'Message exceeds 200 bytes')])
  })

  it('records activity for every frame, even a rejected one', () => {
    const c = setup().socket()
    c.conn.lastSeen = 0
    c.conn.pingSentAt = 5
    c.send('nonsense')
    expect(c.conn.lastSeen).toBeGreaterThan(0)
    expect(c.conn.pingSentAt).toBeUndefined()
  })

  it('invalid channel names get 4300 and an InvalidRequest subscription_error', () => {
    const c = setup().socket()
    for (const name of ['has space', 'x'.repeat(201), '#other-thing', 'é', '']) {
      const frames = c.send({ event: 'pusher:subscribe', data: { channel: name, auth: '' } })
      expect(frames).toEqual([
        error(4300, 'Invalid channel name'),
        subError(name, 'InvalidRequest', 'Invalid channel name', 400),
      ])
    }
    expect(c.conn.channels.size).toBe(0)
  })
})

describe('subscriptions', () => {
  it('public: succeeds, is idempotent, and unsubscribe forgets it', () => {
    const { state, socket } = setup()
    const c = socket()
    expect(c.send({ event: 'pusher:subscribe', data: { channel: 'lots' } })).toEqual([
      succeeded('lots'),
    ])
    expect(state.channels.get('lots')?.subscribers.has(c.conn)).toBe(true)
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'lots' } })
    expect(state.channels.has('lots')).toBe(false)
    expect(c.conn.channels.size).toBe(0)
  })

  it('private: needs a signature for this socket and this channel', () => {
    const { socket } = setup()
    const c = socket()
    const ch = 'private-w'
    const reject = (message: string) => [
      error(4009, message),
      subError(ch, 'AuthError', message, 401),
    ]
    expect(c.send({ event: 'pusher:subscribe', data: { channel: ch } })).toEqual(
      reject('Missing auth signature'),
    )
    expect(c.send({ event: 'pusher:subscribe', data: { channel: ch, auth: '' } })).toEqual(
      reject('Missing auth signature'),
    )
    const other = c.sign(channelStringToSign('9.9', ch))
    expect(c.send({ event: 'pusher:subscribe', data: { channel: ch, auth: other } })).toEqual(
      reject(`Invalid signature for ${c.conn.socketId}:${ch}`),
    )
    expect(c.conn.channels.size).toBe(0)
    const auth = c.sign(channelStringToSign(c.conn.socketId, ch))
    expect(c.send({ event: 'pusher:subscribe', data: { channel: ch, auth } })).toEqual([
      succeeded(ch),
    ])
  })

  it('private-encrypted: signed like private', () => {
    const c = setup().socket()
    const ch = 'private-encrypted-x'
    const auth = c.sign(channelStringToSign(c.conn.socketId, ch))
    expect(c.send({ event: 'pusher:subscribe', data: { channel: ch, auth } })).toEqual([
      succeeded(ch),
    ])
    expect(
      c.send({ event: 'pusher:subscribe', data: { channel: 'private-encrypted-y', auth } }),
    ).toEqual([
      error(4009, `Invalid signature for ${c.conn.socketId}:private-encrypted-y`),
      subError(
        'private-encrypted-y',
        'AuthError',
        `Invalid signature for ${c.conn.socketId}:private-encrypted-y`,
        401,
      ),
    ])
  })

  it('refuses a subscription beyond maxChannelsPerConnection, counting only new channels', () => {
    const { socket } = setup(APP, { maxChannelsPerConnection: 2 })
    const c = socket()
    c.send({ event: 'pusher:subscribe', data: { channel: 'a' } })
    c.send({ event: 'pusher:subscribe', data: { channel: 'b' } })
    expect(c.send({ event: 'pusher:subscribe', data: { channel: 'a' } })).toEqual([succeeded('a')])
    const message = 'Subscription limit reached: at most 2 channels per connection'
    expect(c.send({ event: 'pusher:subscribe', data: { channel: 'c' } })).toEqual([
      error(4100, message),
      subError('c', 'LimitReached', message, 4100),
    ])
    expect([...c.conn.channels.keys()]).toEqual(['a', 'b'])
  })
})

describe('presence', () => {
  const ch = 'presence-lot'
  function join(
    c: ReturnType<ReturnType<typeof setup>['socket']>,
    channelData: string | undefined,
    channel = ch,
  ) {
    const auth = c.sign(channelStringToSign(c.conn.socketId, channel, channelData))
    return c.send({
      event: 'pusher:subscribe',
      data: { channel, auth, channel_data: channelData },
    })
  }
  const reject = (message: string) => [
    error(4009, message),
    subError(ch, 'AuthError', message, 401),
  ]

  it('without channel_data when not signed in: refused', () => {
    const c = setup().socket()
    expect(join(c, undefined)).toEqual(reject('channel_data is required for presence channels'))
  })

  it('without channel_data when signed in: joins as the signed-in user, signature checked', () => {
    const c = setup().socket()
    const userData = JSON.stringify({ id: 'u1', user_info: { n: 1 } })
    c.send({
      event: 'pusher:signin',
      data: { auth: c.sign(userStringToSign(c.conn.socketId, userData)), user_data: userData },
    })
    expect(
      c.send({ event: 'pusher:subscribe', data: { channel: ch, auth: c.sign('wrong') } }),
    ).toEqual(reject(`Invalid signature for ${c.conn.socketId}:${ch}`))
    expect(join(c, undefined)).toEqual([
      succeeded(ch, { presence: { ids: ['u1'], hash: { u1: { n: 1 } }, count: 1 } }),
    ])
  })

  it('signed channel_data that is not valid JSON, not an object, or has no usable id', () => {
    const c = setup().socket()
    expect(join(c, '{nope')).toEqual(reject('channel_data is not valid JSON'))
    expect(join(c, '[1]')).toEqual(reject('channel_data must be a JSON object'))
    expect(join(c, 'null')).toEqual(reject('channel_data must be a JSON object'))
    const badId = reject('channel_data.user_id must be a non-empty string or a number')
    expect(join(c, '{"user_id":""}')).toEqual(badId)
    expect(join(c, '{"user_id":true}')).toEqual(badId)
    expect(join(c, '{}')).toEqual(badId)
    expect(c.conn.channels.size).toBe(0)
  })

  it('a channel_data altered after signing is refused', () => {
    const c = setup().socket()
    const auth = c.sign(channelStringToSign(c.conn.socketId, ch, '{"user_id":"me"}'))
    const frames = c.send({
      event: 'pusher:subscribe',
      data: { channel: ch, auth, channel_data: '{"user_id":"admin"}' },
    })
    expect(frames).toEqual(reject(`Invalid signature for ${c.conn.socketId}:${ch}:<channel_data>`))
  })

  it('user ids: numeric accepted as a string, 128 characters accepted, 129 refused', () => {
    const { state, socket } = setup()
    const c = socket()
    expect(join(c, '{"user_id":42}')).toEqual([
      succeeded(ch, { presence: { ids: ['42'], hash: { '42': null }, count: 1 } }),
    ])
    const d = socket()
    const id128 = 'u'.repeat(128)
    expect(join(d, JSON.stringify({ user_id: id128 }), 'presence-b')[0]?.event).toBe(
      'pusher_internal:subscription_succeeded',
    )
    const e = socket()
    expect(join(e, JSON.stringify({ user_id: `${id128}u` }), 'presence-b')).toEqual([
      subError('presence-b', 'LimitReached', 'user_id exceeds 128 chars', 400),
    ])
    expect(state.channels.get('presence-b')?.members?.size).toBe(1)
  })

  it('user_info of exactly 1 KB is accepted; one byte more is refused with 413', () => {
    const { socket } = setup()
    const info = (bytes: number) => ({ b: 'x'.repeat(bytes - JSON.stringify({ b: '' }).length) })
    expect(JSON.stringify(info(1024)).length).toBe(1024)
    const c = socket()
    const ok = join(c, JSON.stringify({ user_id: 'a', user_info: info(1024) }))
    expect(ok[0]?.event).toBe('pusher_internal:subscription_succeeded')
    const d = socket()
    expect(join(d, JSON.stringify({ user_id: 'b', user_info: info(1025) }))).toEqual([
      subError(ch, 'LimitReached', 'user_info exceeds 1024 bytes', 413),
    ])
  })

  it('re-joining as another user leaves as the first (member_removed) and joins as the second', () => {
    const { state, socket } = setup()
    const watcher = socket()
    join(watcher, '{"user_id":"w"}')
    const c = socket()
    join(c, '{"user_id":"a"}')
    expect(watcher.ws.take().map((f) => f.event)).toEqual(['pusher_internal:member_added'])
    expect(join(c, '{"user_id":"b"}')).toEqual([
      succeeded(ch, { presence: { ids: ['w', 'b'], hash: { w: null, b: null }, count: 2 } }),
    ])
    expect(watcher.ws.take()).toEqual([
      {
        event: 'pusher_internal:member_removed',
        channel: ch,
        data: JSON.stringify({ user_id: 'a' }),
      },
      {
        event: 'pusher_internal:member_added',
        channel: ch,
        data: JSON.stringify({ user_id: 'b', user_info: null }),
      },
    ])
    expect([...(state.channels.get(ch)?.members?.keys() ?? [])]).toEqual(['w', 'b'])
    // Re-joining as the same user changes nothing for the others.
    join(c, '{"user_id":"b"}')
    expect(watcher.ws.take()).toEqual([])
  })

  it('refuses a new member beyond the member limit (3 here), but not a known one', () => {
    const { socket } = setup()
    for (const id of ['1', '2', '3']) join(socket(), JSON.stringify({ user_id: id }))
    expect(join(socket(), '{"user_id":"4"}')).toEqual([
      error(4100, 'Presence channel member limit reached'),
      subError(ch, 'LimitReached', 'Presence channel member limit reached', 4100),
    ])
    expect(join(socket(), '{"user_id":"2"}')[0]?.event).toBe(
      'pusher_internal:subscription_succeeded',
    )
  })
})

describe('sign-in', () => {
  function signin(c: ReturnType<ReturnType<typeof setup>['socket']>, userData: string) {
    const auth = c.sign(userStringToSign(c.conn.socketId, userData))
    return c.send({ event: 'pusher:signin', data: { auth, user_data: userData } })
  }

  it('refuses a bad signature, non-JSON user_data and user_data without an id', () => {
    const { state, socket } = setup()
    const c = socket()
    expect(
      c.send({ event: 'pusher:signin', data: { auth: 'k:beef', user_data: '{"id":"1"}' } }),
    ).toEqual([error(4009, 'Invalid signin signature')])
    expect(signin(c, 'not json')).toEqual([error(4009, 'user_data is not valid JSON')])
    const noId = [error(4009, 'user_data.id must be a non-empty string')]
    expect(signin(c, '{"name":"x"}')).toEqual(noId)
    expect(signin(c, '{"id":""}')).toEqual(noId)
    expect(signin(c, '{"id":5}')).toEqual(noId)
    expect(signin(c, '[]')).toEqual(noId)
    expect(c.conn.user).toBeUndefined()
    expect(state.users.size).toBe(0)
  })

  it('signs in once; the same identity again is fine, another one is refused', () => {
    const { state, socket } = setup()
    const c = socket()
    const userData = '{"id":"7"}'
    expect(signin(c, userData)).toEqual([
      { event: 'pusher:signin_success', data: { user_data: userData } },
    ])
    expect(c.conn.user).toEqual({ id: '7', userData, info: {} })
    expect(signin(c, userData)).toEqual([
      { event: 'pusher:signin_success', data: { user_data: userData } },
    ])
    expect(signin(c, '{"id":"8"}')).toEqual([
      error(4009, 'Connection is already signed in as another user'),
    ])
    expect(c.conn.user?.id).toBe('7')
    expect([...state.users.keys()]).toEqual(['7'])
  })

  it('the user channel is acknowledged only for the signed-in user', () => {
    const c = setup().socket()
    const message = 'Sign in as this user before subscribing to its channel'
    const sub = (channel: string) => c.send({ event: 'pusher:subscribe', data: { channel } })
    expect(sub('#server-to-user-7')).toEqual([
      error(4009, message),
      subError('#server-to-user-7', 'AuthError', message, 401),
    ])
    signin(c, '{"id":"7"}')
    expect(sub('#server-to-user-8')[0]).toEqual(error(4009, message))
    expect(sub('#server-to-user-7')).toEqual([succeeded('#server-to-user-7')])
  })
})

describe('client events', () => {
  const ON: RealtimeApp = { ...APP, enableClientEvents: true }

  it('are refused when the app has not turned them on (the default)', () => {
    for (const app of [APP, { ...APP, enableClientEvents: false }]) {
      const c = setup(app).socket()
      expect(c.send({ event: 'client-x', channel: 'private-a', data: {} })).toEqual([
        error(4301, 'Client events are disabled for this app'),
      ])
    }
  })

  it('refuse over-long names, a missing channel, public/encrypted/unsubscribed channels', () => {
    const { socket } = setup(ON, { maxMessageBytes: 1000 })
    const c = socket()
    const ch = 'private-room'
    c.send({
      event: 'pusher:subscribe',
      data: { channel: ch, auth: c.sign(channelStringToSign(c.conn.socketId, ch)) },
    })
    expect(c.send({ event: `client-${'x'.repeat(194)}`, channel: ch })).toEqual([
      error(4301, 'Event name too long'),
    ])
    expect(c.send({ event: 'client-x', data: {} })).toEqual([
      error(4300, 'Client events need a channel'),
    ])
    const onlyPrivate = error(
      4009,
      'Client events are only allowed on private and presence channels',
    )
    expect(c.send({ event: 'client-x', channel: 'public' })).toEqual([onlyPrivate])
    expect(c.send({ event: 'client-x', channel: 'private-encrypted-a' })).toEqual([onlyPrivate])
    expect(c.send({ event: 'client-x', channel: 'private-other' })).toEqual([
      error(4009, 'Not subscribed to private-other'),
    ])
  })

  it('relay to the other subscribers (name of exactly 200 characters), user_id on presence, rate-limited', () => {
    const { socket } = setup(ON, { maxMessageBytes: 1000 })
    const a = socket()
    const b = socket()
    const p = 'private-room'
    for (const c of [a, b]) {
      c.send({
        event: 'pusher:subscribe',
        data: { channel: p, auth: c.sign(channelStringToSign(c.conn.socketId, p)) },
      })
    }
    const name = `client-${'n'.repeat(193)}`
    expect(name).toHaveLength(200)
    expect(a.send({ event: name, channel: p, data: { v: 1 } })).toEqual([])
    expect(b.ws.take()).toEqual([{ event: name, channel: p, data: { v: 1 } }])

    const ch = 'presence-room'
    for (const [c, id] of [
      [a, 'ann'],
      [b, 'bob'],
    ] as const) {
      const channelData = JSON.stringify({ user_id: id })
      c.send({
        event: 'pusher:subscribe',
        data: {
          channel: ch,
          auth: c.sign(channelStringToSign(c.conn.socketId, ch, channelData)),
          channel_data: channelData,
        },
      })
    }
    a.ws.take()
    b.ws.take()
    // Budget is 2 per second here; the first relay above used one.
    expect(a.send({ event: 'client-t', channel: ch, data: 'x' })).toEqual([])
    expect(b.ws.take()).toEqual([{ event: 'client-t', channel: ch, data: 'x', user_id: 'ann' }])
    expect(a.send({ event: 'client-t', channel: ch, data: 'y' })).toEqual([
      error(4301, 'Client event rate limit exceeded'),
    ])
    expect(b.ws.take()).toEqual([])
  })
})
