/**
 * Property-based fuzzing of both faces of the real-time service with fast-check: hostile socket
 * frames and hostile HTTP API requests. For every generated input the answer is the exact
 * pusher:error (or 4xx) its family calls for, never the catch-all "Internal error" (a throw in
 * the router), never a 5xx, never a closed socket; afterwards the server still serves and nothing
 * changed for anyone else (stats, a bystander's subscriptions).
 */
import fc from 'fast-check'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isValidChannelName } from './names.ts'
import { hmacHex, md5Hex } from './signatures.ts'
import {
  APP,
  RawClient,
  eventually,
  isEvent,
  rawSubscribe,
  startTestServer,
  type ReceivedFrame,
  type TestServer,
} from '../../tests/realtime/kit.ts'

// Seeded so a CI run is repeatable; FUZZ_SEED explores elsewhere (fast-check prints the seed of
// any failure, to replay it).
fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED ?? 20_261_122) })

let t: TestServer
let attacker: RawClient
let bystander: RawClient
let baseline: ReturnType<typeof held>

/**
 * What the service holds (sockets, channels, users, members), without its running totals of
 * events and deliveries: those grow with the bystander's own traffic, and hostile input must
 * change only what is held.
 */
function held(stats: ReturnType<TestServer['server']['stats']>) {
  const { eventsIn: _events, deliveriesOut: _deliveries, apps, ...rest } = stats
  return {
    ...rest,
    apps: Object.fromEntries(
      Object.entries(apps).map(([id, { eventsIn: _e, deliveriesOut: _d, ...app }]) => [id, app]),
    ),
  }
}

beforeAll(async () => {
  // Every probe is followed by a ping: far past the control-message budget, which is not what
  // these properties are about (limits.test.ts covers it).
  t = await startTestServer({ maxControlMessageBurst: 1_000_000 })
  attacker = await RawClient.connect(t.port)
  bystander = await RawClient.connect(t.port)
  await rawSubscribe(bystander, t.sdk, 'lots')
  await rawSubscribe(bystander, t.sdk, 'private-wallet.1')
  await rawSubscribe(bystander, t.sdk, 'presence-lot.1', { user_id: 'b' })
  baseline = held(t.server.stats())
})
afterAll(async () => {
  attacker.ws.terminate()
  bystander.ws.terminate()
  await t.server.close()
})

/** What one frame must produce: exact frames, in order, before the pong of a following ping. */
type Case = {
  frame: string | Uint8Array
  binary?: boolean
  expected: Array<Partial<ReceivedFrame>>
}

const err = (code: number, message: string) => ({ event: 'pusher:error', data: { code, message } })
const objectWithEvent = err(4300, 'Message must be an object with a string event')
const KNOWN = [
  'pusher:ping',
  'pusher:pong',
  'pusher:subscribe',
  'pusher:unsubscribe',
  'pusher:signin',
]

/** Strings heavy in the characters that break parsers: NUL, controls, quotes, escapes, astral. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '"', '\\', '%', '#', ':', '\u2028'),
    fc.constantFrom('é', '😀', '\ud800', 'a', '-', '.', ' '),
  ),
  maxLength: 40,
})
const anyString = fc.oneof(nasty, fc.string({ maxLength: 300 }))
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 1e308, -0),
)
const extraFields = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((k) => !['event', 'channel', 'data'].includes(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
)

const families: Record<string, fc.Arbitrary<Case>> = {
  'not JSON': fc
    .string({ maxLength: 200 })
    .filter((s) => {
      try {
        JSON.parse(s)
        return false
      } catch {
        return true
      }
    })
    .map((frame) => ({ frame, expected: [err(4300, 'Message is not valid JSON')] })),
  'JSON that is not an object with a string event': fc
    .oneof(
      fc.jsonValue({ maxDepth: 3 }),
      notAString.map((event) => ({ event })),
      fc.constant({ event: '' }),
    )
    .filter(
      (v) =>
        typeof v !== 'object' ||
        v === null ||
        Array.isArray(v) ||
        typeof (v as { event?: unknown }).event !== 'string' ||
        (v as { event: string }).event === '',
    )
    .map((v) => ({ frame: JSON.stringify(v), expected: [objectWithEvent] })),
  'binary frames': fc.uint8Array({ maxLength: 200 }).map((frame) => ({
    frame,
    binary: true,
    expected: [err(4300, 'Binary frames are not supported')],
  })),
  'a channel that is not a string': fc
    .tuple(
      anyString.filter((e) => e !== ''),
      notAString,
    )
    .map(([event, channel]) => ({
      frame: JSON.stringify({ event, channel }),
      expected: [err(4300, 'channel must be a string')],
    })),
  'unknown events (extra fields, huge numbers)': fc
    .tuple(
      anyString.filter((e) => e !== '' && !KNOWN.includes(e) && !e.startsWith('client-')),
      extraFields,
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map(([event, extra, data]) => ({
      frame: JSON.stringify({ ...extra, event, data }),
      expected: [err(4300, `Unsupported event: ${event.slice(0, 64)}`)],
    })),
  'subscribe without a string data.channel': fc
    .oneof(
      notAString.map((channel) => ({ channel })),
      fc.constant(undefined),
      notAString,
      anyString,
    )
    .filter((data) => {
      // A string that parses as an object with a string channel would be a real subscribe.
      try {
        const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data
        return typeof (parsed as { channel?: unknown } | null)?.channel !== 'string'
      } catch {
        return true
      }
    })
    .map((data) => ({
      frame: JSON.stringify({ event: 'pusher:subscribe', data }),
      expected: [err(4300, 'pusher:subscribe needs data.channel')],
    })),
  'subscribe to an invalid or over-long channel name': fc
    .oneof(nasty, fc.string({ minLength: 201, maxLength: 400 }), fc.constant(''))
    .filter((name) => !isValidChannelName(name))
    .map((channel) => ({
      frame: JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: '' } }),
      expected: [
        err(4300, 'Invalid channel name'),
        {
          event: 'pusher:subscription_error',
          channel,
          data: { type: 'InvalidRequest', error: 'Invalid channel name', status: 400 },
        },
      ],
    })),
  'subscribe with a forged or non-string auth / channel_data': fc
    .tuple(
      fc.constantFrom('private-wallet.1', 'presence-lot.1', 'private-encrypted-x'),
      fc.oneof(
        anyString.filter((a) => a !== ''),
        notAString,
      ),
      fc.option(fc.oneof(anyString, notAString), { nil: undefined }),
    )
    .map(([channel, auth, channelData]) => {
      const frame = JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel, auth, channel_data: channelData },
      })
      if (
        typeof auth !== 'string' ||
        (channelData !== undefined && typeof channelData !== 'string')
      ) {
        return { frame, expected: [err(4300, 'auth and channel_data must be strings')] }
      }
      const message = !channel.startsWith('presence-')
        ? `Invalid signature for ${attacker.socketId}:${channel}`
        : channelData === undefined
          ? 'channel_data is required for presence channels'
          : `Invalid signature for ${attacker.socketId}:${channel}:<channel_data>`
      return {
        frame,
        expected: [
          err(4009, message),
          {
            event: 'pusher:subscription_error',
            channel,
            data: { type: 'AuthError', error: message, status: 401 },
          },
        ],
      }
    }),
  'signin with bad auth or user_data': fc
    .tuple(fc.oneof(anyString, notAString), fc.oneof(anyString, notAString))
    .map(([auth, userData]) => ({
      frame: JSON.stringify({ event: 'pusher:signin', data: { auth, user_data: userData } }),
      expected: [
        typeof auth === 'string' && typeof userData === 'string'
          ? err(4009, 'Invalid signin signature')
          : err(4300, 'pusher:signin needs data.auth and data.user_data'),
      ],
    })),
  'client events (off by default), including over-long names': fc
    .tuple(anyString, fc.option(anyString, { nil: undefined }), fc.jsonValue({ maxDepth: 2 }))
    .map(([suffix, channel, data]) => ({
      frame: JSON.stringify({ event: `client-${suffix}`, channel, data }),
      expected: [err(4301, 'Client events are disabled for this app')],
    })),
  'frames over 10 KB': fc.integer({ min: 10_241, max: 40_000 }).map((size) => ({
    frame: JSON.stringify({ event: 'pusher:subscribe', data: 'x'.repeat(size - 38) }),
    expected: [err(4300, `Message exceeds 10240 bytes`)],
  })),
}

/** Send, then ping; everything before the pong is this frame's answer. */
async function answerTo(c: RawClient, frame: string | Uint8Array, binary = false) {
  c.ws.send(frame, { binary })
  c.send({ event: 'pusher:ping', data: {} })
  await c.next(isEvent('pusher:pong'))
  return c.frames.splice(0)
}

describe('socket frames', () => {
  for (const [family, arbitrary] of Object.entries(families)) {
    it(family, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ frame, binary, expected }) => {
          const got = await answerTo(attacker, frame, binary)
          expect(got.map(({ raw: _raw, ...f }) => f)).toEqual(expected)
        }),
        { numRuns: 40 },
      )
      expect(attacker.ws.readyState).toBe(attacker.ws.OPEN)
      expect(held(t.server.stats())).toEqual(baseline)
      // The bystander still gets what it subscribed to, and nothing from the attacker.
      await t.sdk.trigger(['lots', 'private-wallet.1'], 'still-here', {})
      await bystander.next(isEvent('still-here', 'lots'))
      await bystander.next(isEvent('still-here', 'private-wallet.1'))
      expect(bystander.frames).toEqual([])
    })
  }

  it('invalid UTF-8 in a text frame closes only that socket (1007)', async () => {
    const victim = await RawClient.connect(t.port)
    victim.ws.send(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), { binary: false })
    expect((await victim.closed).code).toBe(1007)
    // The server forgets the socket when its side of the close completes, a moment later.
    await eventually(() => t.server.stats().connections === baseline.connections, 3000, 'cleanup')
    expect(held(t.server.stats())).toEqual(baseline)
    await answerTo(attacker, '{"event":"pusher:pong"}')
  })
})

/** A raw HTTP request (http.request sends paths fetch() would normalise). */
function send(
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: t.port, method, path }, (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

function signed(method: string, path: string, body?: string, extra: Record<string, string> = {}) {
  const params: Record<string, string> = {
    auth_key: APP.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...extra,
  }
  if (body !== undefined) params.body_md5 = md5Hex(body)
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return `${path}?${query}&auth_signature=${hmacHex(APP.secret, `${method}\n${path}\n${query}`)}`
}

/** Path segments built from the pieces that break decoders. */
const segment = fc
  .array(
    fc.constantFrom('%', '%E0', '%A4%A', '%ZZ', '%00', '%2F', 'a', '-', 'é', '.', '%C3%A9', '@'),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((parts) => parts.join(''))

describe('WebSocket upgrade paths', () => {
  it('bad encodings in the app key: 4005 or 4001, the server keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(segment.filter(isNotDotSegment), async (key) => {
        const c = new RawClient(`ws://127.0.0.1:${t.port}/app/${key}?protocol=7`)
        const refusal = await c.next(isEvent('pusher:error'))
        if (decodable(key)) expect([4001, 4005]).toContain((refusal.data as { code: number }).code)
        else {
          expect(refusal.data).toEqual({
            code: 4005,
            message: 'Malformed percent-encoding in app key',
          })
        }
        await c.closed
      }),
      { numRuns: 40 },
    )
    expect(held(t.server.stats())).toEqual(baseline)
    expect(await t.server.healthy()).toBe(true)
  })
})

/**
 * A URL client resolves `.`/`..` segments (also spelled `%2e`, any case) before sending, so
 * `/app/..` leaves as `/` and never reaches the app-key check this property is about.
 */
function isNotDotSegment(s: string): boolean {
  return !/^(\.|%2e){1,2}$/i.test(s)
}

function decodable(s: string): boolean {
  try {
    decodeURIComponent(s)
    return true
  } catch {
    return false
  }
}

describe('HTTP API requests', () => {
  const routes: Array<(s: string) => [string, string]> = [
    (s: string) => ['GET', `/apps/${s}/channels`],
    (s: string) => ['GET', `/apps/${APP.id}/channels/${s}`],
    (s: string) => ['GET', `/apps/${APP.id}/channels/${s}/users`],
    (s: string) => ['POST', `/apps/${APP.id}/users/${s}/terminate_connections`],
    (s: string) => ['GET', `/apps/${APP.id}/${s}`],
  ]

  it('bad encodings in every path part, signed or not: 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        segment,
        fc.boolean(),
        async (route, part, sign) => {
          const [method, path] = route(part)
          const res = await send(method, sign ? signed(method, path) : path)
          expect(res.status, `${method} ${path} → ${res.body}`).toBeGreaterThanOrEqual(200)
          expect(res.status, `${method} ${path} → ${res.body}`).toBeLessThan(500)
          if (!sign && /^\/apps\/[^/]*%(?![0-9A-F]{2})/i.test(path)) expect(res.status).toBe(400)
        },
      ),
      { numRuns: 80 },
    )
    expect(held(t.server.stats())).toEqual(baseline)
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN)
  })

  it('bad, wrongly typed and extra-field JSON bodies: 400 or 413, nothing published', async () => {
    const path = `/apps/${APP.id}/events`
    const body = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            name: fc.oneof(anyString, notAString),
            data: fc.oneof(anyString, notAString),
            channels: fc.oneof(
              fc.array(fc.oneof(anyString, notAString), { maxLength: 3 }),
              notAString,
            ),
            socket_id: fc.oneof(anyString, notAString),
            info: fc.oneof(anyString, notAString),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await send('POST', signed('POST', path, text), text)
        if (res.status === 200) {
          // Only a genuinely valid event may pass; then it must name real channels.
          const parsed = JSON.parse(text) as { channels: unknown[] }
          expect(parsed.channels.every((c) => isValidChannelName(c))).toBe(true)
        } else {
          expect([400, 413]).toContain(res.status)
          expect(JSON.parse(res.body)).toEqual({ error: expect.any(String) })
        }
      }),
      { numRuns: 80 },
    )
    await t.sdk.trigger('lots', 'after-fuzz', {})
    await bystander.next(isEvent('after-fuzz', 'lots'))
    expect(bystander.frames).toEqual([])
    expect(held(t.server.stats())).toEqual(baseline)
  })

  it('bounds ± 1: name length, data size, channels per event, batch size', async () => {
    const post = async (route: string, payload: unknown) => {
      const text = JSON.stringify(payload)
      return (await send('POST', signed('POST', `/apps/${APP.id}${route}`, text), text)).status
    }
    const event = (over: object) => ({ name: 'e', data: '', channels: ['c'], ...over })
    expect(await post('/events', event({ name: 'n'.repeat(200) }))).toBe(200)
    expect(await post('/events', event({ name: 'n'.repeat(201) }))).toBe(400)
    expect(await post('/events', event({ data: 'd'.repeat(10_240) }))).toBe(200)
    expect(await post('/events', event({ data: 'd'.repeat(10_241) }))).toBe(413)
    const channels = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`)
    expect(await post('/events', event({ channels: channels(100) }))).toBe(200)
    expect(await post('/events', event({ channels: channels(101) }))).toBe(400)
    expect(await post('/events', event({ channels: ['c'.repeat(200)] }))).toBe(200)
    expect(await post('/events', event({ channels: ['c'.repeat(201)] }))).toBe(400)
    const batch = (n: number) => ({
      batch: Array.from({ length: n }, () => ({ name: 'e', data: '', channel: 'c' })),
    })
    expect(await post('/batch_events', batch(10))).toBe(200)
    expect(await post('/batch_events', batch(11))).toBe(400)
    expect(await post('/batch_events', batch(0))).toBe(400)
    expect(held(t.server.stats())).toEqual(baseline)
  })
})
