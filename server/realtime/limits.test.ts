/**
 * The service's resource limits and what a client sees at each one: channels per socket, sockets
 * across apps, inbound frame size, HTTP body size and body timeout; plus what the HTTP side
 * answers without a signature (health says only ok, stats need the app secret).
 */
import { connect as tcpConnect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealtimeServer } from './index.ts'
import { hmacHex, md5Hex } from './signatures.ts'
import {
  APP,
  RawClient,
  isEvent,
  rawSubscribe,
  startTestServer,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer
const clients: RawClient[] = []
async function connect(key = APP.key) {
  const c = await RawClient.connect(t.port, key)
  clients.push(c)
  return c
}

const OTHER = { id: 'other', key: 'other-key', secret: 'other-secret' }

beforeAll(async () => {
  t = await startTestServer({
    apps: [APP, OTHER],
    maxChannelsPerConnection: 3,
    maxConnections: 6,
    maxBodyBytes: 1000,
    bodyTimeoutMs: 400,
  })
})
afterAll(async () => {
  for (const c of clients) c.ws.terminate()
  await t.server.close()
})

/** Path + signed query for the HTTP API, as the `pusher` SDK builds it. */
function signedUrl(method: string, path: string, body?: string, app = APP): string {
  const params: Record<string, string> = {
    auth_key: app.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  }
  if (body !== undefined) params.body_md5 = md5Hex(body)
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return `${path}?${query}&auth_signature=${hmacHex(app.secret, `${method}\n${path}\n${query}`)}`
}

/** Raw HTTP: the status line and how long it took, for requests fetch() will not send. */
function rawRequest(bytes: string, ms = 3000): Promise<{ status: number; elapsed: number }> {
  const started = Date.now()
  return new Promise((done) => {
    const socket = tcpConnect(t.port, '127.0.0.1')
    let out = ''
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      done({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0),
        elapsed: Date.now() - started,
      })
    }
    const timer = setTimeout(finish, ms)
    socket.on('data', (d) => {
      out += d.toString()
      if (out.includes('\r\n\r\n')) finish()
    })
    socket.on('error', finish)
    socket.write(bytes)
  })
}

/** An events body of exactly `size` bytes. */
function eventBodyOfSize(size: number): string {
  const empty = JSON.stringify({ name: 'e', channel: 'c', data: '' })
  return JSON.stringify({ name: 'e', channel: 'c', data: 'x'.repeat(size - empty.length) })
}

describe('HTTP API body limits', () => {
  const eventsPath = `/apps/${APP.id}/events`

  it('accepts a signed body of exactly maxBodyBytes and refuses one byte more with 413', async () => {
    const atLimit = eventBodyOfSize(1000)
    expect(Buffer.byteLength(atLimit)).toBe(1000)
    const ok = await fetch(`http://127.0.0.1:${t.port}${signedUrl('POST', eventsPath, atLimit)}`, {
      method: 'POST',
      body: atLimit,
    })
    expect(ok.status).toBe(200)
    const over = eventBodyOfSize(1001)
    const refused = await fetch(
      `http://127.0.0.1:${t.port}${signedUrl('POST', eventsPath, over)}`,
      {
        method: 'POST',
        body: over,
      },
    )
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ error: 'Request body exceeds 1000 bytes' })
  })

  it('answers an unsigned 2 MB body with 413, not a connection reset', async () => {
    const res = await fetch(`http://127.0.0.1:${t.port}${eventsPath}`, {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    })
    expect(res.status).toBe(413)
  })

  it('stops a chunked body (no Content-Length) at the limit with 413', async () => {
    const body = eventBodyOfSize(3000)
    const chunks = [body.slice(0, 1500), body.slice(1500)]
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift()
        if (next === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(next))
      },
    })
    const res = await fetch(`http://127.0.0.1:${t.port}${signedUrl('POST', eventsPath, body)}`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('refuses an unsigned request at once, without waiting for its body', async () => {
    const res = await rawRequest(
      `POST ${eventsPath} HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n`,
    )
    expect(res.status).toBe(401)
    expect(res.elapsed).toBeLessThan(300) // the body timeout is 400 ms
  })

  it('gives a signed request whose body never arrives 408 after the body timeout', async () => {
    const body = eventBodyOfSize(200)
    const res = await rawRequest(
      `POST ${signedUrl('POST', eventsPath, body)} HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n${body.slice(0, 20)}`,
    )
    expect(res.status).toBe(408)
    expect(res.elapsed).toBeGreaterThanOrEqual(350)
    expect(res.elapsed).toBeLessThan(2000)
  })

  it('drops a connection whose unread body trickles in after an answer that needed none', async () => {
    // GET /health declares a body and sends it a byte at a time: the answer comes at once, and
    // the socket is closed once the body timeout (400 ms here) passes, not Node's 5 minutes.
    const started = Date.now()
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = tcpConnect(t.port, '127.0.0.1')
      const drip = setInterval(() => socket.writable && socket.write('x'), 50)
      socket.on('close', () => {
        clearInterval(drip)
        resolve(Date.now() - started)
      })
      socket.on('error', () => {})
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n')
    })
    expect(closedAfter).toBeGreaterThanOrEqual(350)
    expect(closedAfter).toBeLessThan(2000)
  })

  it('answers malformed percent-encodings with 400 naming the part', async () => {
    const cases: Array<[string, string, string]> = [
      ['GET', '/apps/%E0%A4%A/channels', 'Malformed percent-encoding in app id'],
      ['GET', `/apps/${APP.id}/channels/%E0%A4%A`, 'Malformed percent-encoding in channel name'],
      [
        'GET',
        `/apps/${APP.id}/channels/presence-%ZZ/users`,
        'Malformed percent-encoding in channel name',
      ],
      [
        'POST',
        `/apps/${APP.id}/users/%E0%A4%A/terminate_connections`,
        'Malformed percent-encoding in user id',
      ],
    ]
    for (const [method, path, error] of cases) {
      const url = path.startsWith('/apps/%') ? path : signedUrl(method, path)
      const res = await fetch(`http://127.0.0.1:${t.port}${url}`, { method })
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 400,
        body: { error },
      })
    }
  })
})

describe('health and stats', () => {
  it('/health and /ready say only ok', async () => {
    for (const path of ['/health', '/ready']) {
      const res = await fetch(`http://127.0.0.1:${t.port}${path}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
    }
  })

  it('GET / needs a request signed with an app secret and reports that app only', async () => {
    const c = await connect(OTHER.key)
    const unsigned = await fetch(`http://127.0.0.1:${t.port}/`)
    expect(unsigned.status).toBe(401)
    expect(JSON.stringify(await unsigned.json())).not.toMatch(/connections/)
    const forged = await fetch(
      `http://127.0.0.1:${t.port}${signedUrl('GET', '/', undefined, { ...APP, secret: 'guess' })}`,
    )
    expect(forged.status).toBe(401)
    const own = await fetch(`http://127.0.0.1:${t.port}${signedUrl('GET', '/', undefined, OTHER)}`)
    expect(await own.json()).toEqual({ connections: 1, channels: 0, users: 0 })
    c.ws.terminate()
  })

  it('healthy() is true while listening and false once closed', async () => {
    const own = await startTestServer()
    expect(await own.server.healthy()).toBe(true)
    await own.server.close()
    expect(await own.server.healthy()).toBe(false)
  })
})

describe('socket limits', () => {
  it('refuses a subscription beyond maxChannelsPerConnection with 4100 and keeps the socket', async () => {
    const c = await connect()
    for (const ch of ['a', 'b', 'c']) {
      expect((await rawSubscribe(c, t.sdk, ch)).event).toBe(
        'pusher_internal:subscription_succeeded',
      )
    }
    // Re-subscribing to a channel it already has is not a new channel.
    expect((await rawSubscribe(c, t.sdk, 'a')).event).toBe('pusher_internal:subscription_succeeded')
    const message = 'Subscription limit reached: at most 3 channels per connection'
    const refused = await rawSubscribe(c, t.sdk, 'd')
    expect(refused).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'LimitReached', error: message, status: 4100 },
    })
    const err = await c.next(isEvent('pusher:error'))
    expect(err.data).toEqual({ code: 4100, message })
    await t.sdk.trigger('d', 'e', {})
    await t.sdk.trigger('a', 'control', {})
    await c.noneBefore(isEvent('e'), isEvent('control', 'a'))
    // Leaving one makes room again; the socket was never closed.
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'b' } })
    expect((await rawSubscribe(c, t.sdk, 'd')).event).toBe('pusher_internal:subscription_succeeded')
    c.ws.terminate()
  })

  it('closes sockets beyond maxConnections across all apps with 4100', async () => {
    const open = await Promise.all(
      [APP.key, APP.key, APP.key, OTHER.key, OTHER.key, OTHER.key].map((k) => connect(k)),
    )
    expect(t.server.stats().connections).toBe(6)
    const extra = new RawClient(`ws://127.0.0.1:${t.port}/app/${OTHER.key}?protocol=7`)
    clients.push(extra)
    const err = await extra.next(isEvent('pusher:error'))
    expect(err.data).toEqual({
      code: 4100,
      message: 'Server connection limit reached, retry later',
    })
    expect((await extra.closed).code).toBe(4100)
    for (const c of open) c.ws.terminate()
  })
})

describe('options', () => {
  it('refuses a body timeout over 30 s and non-positive limits', async () => {
    const base = { port: 0, host: '127.0.0.1', apps: [APP] }
    await expect(startRealtimeServer({ ...base, bodyTimeoutMs: 30_001 })).rejects.toThrow(
      /bodyTimeoutMs must be at most 30000/,
    )
    await expect(startRealtimeServer({ ...base, maxChannelsPerConnection: 0 })).rejects.toThrow(
      /maxChannelsPerConnection must be a positive integer/,
    )
  })
})
