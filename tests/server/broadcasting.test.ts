import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Pusher from 'pusher-js'
import { startRealtimeServer, type RealtimeServer } from '../../server/realtime/index.ts'
import { Broadcaster } from '../../server/lib/broadcaster.ts'
import {
  browser,
  createTestApp,
  signUp as signUpThroughApi,
  testConfig,
  type TestApp,
} from './helpers.ts'

/**
 * The API side of real-time: channel and user authorization with membership rules, publishing
 * through the official SDK to the real embedded service, sender exclusion by X-Socket-ID, and
 * sign-out closing the user's connections — observed by a real pusher-js client.
 */
let realtime: RealtimeServer
let t: TestApp
let config: ReturnType<typeof testConfig>
const clients: Pusher[] = []

beforeAll(async () => {
  realtime = await startRealtimeServer({
    port: 0,
    host: '127.0.0.1',
    apps: [{ id: 'lotline', key: 'lotline-key', secret: 'lotline-secret' }],
  })
  config = testConfig({ PUSHER_PORT: String(realtime.port) })
  t = await createTestApp({ config, broadcaster: new Broadcaster(config.pusher) })
})
afterAll(async () => {
  for (const c of clients) c.disconnect()
  await t.close()
  await realtime.close()
})

const signUp = () =>
  signUpThroughApi(t.app, { name: 'Rita', password: 'realtime password', emailPrefix: 'rt' })

/** pusher-js (Node build) authorizing through the API exactly as the browser does. */
function connect(b: ReturnType<typeof browser>) {
  const post = async (url: string, body: Record<string, string>) => {
    const res = await b.request({ method: 'POST', url, payload: body })
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`)
    return res.json()
  }
  const client = new Pusher('lotline-key', {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: realtime.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      transport: 'ajax',
      endpoint: '/broadcasting/auth',
      customHandler: ({ socketId, channelName }, callback) => {
        post('/broadcasting/auth', { socket_id: socketId, channel_name: channelName }).then(
          (data) => callback(null, data),
          (error: Error) => callback(error, null),
        )
      },
    },
    userAuthentication: {
      transport: 'ajax',
      endpoint: '/broadcasting/user-auth',
      customHandler: ({ socketId }, callback) => {
        post('/broadcasting/user-auth', { socket_id: socketId }).then(
          (data) => callback(null, data),
          (error: Error) => callback(error, null),
        )
      },
    },
  })
  clients.push(client)
  return client
}

function connected(client: Pusher) {
  return new Promise<string>((resolve) => {
    if (client.connection.state === 'connected') resolve(client.connection.socket_id)
    else client.connection.bind('connected', () => resolve(client.connection.socket_id))
  })
}

function subscribed(client: Pusher, channel: string) {
  return new Promise<void>((resolve, reject) => {
    const ch = client.subscribe(channel)
    ch.bind('pusher:subscription_succeeded', () => resolve())
    ch.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))))
  })
}

async function anyLotId() {
  const owner = await signUp()
  const { rows } = await t.db.query<{ id: string }>(
    `insert into lots (seller_id, title, starting_price, starts_at, ends_at, status)
     values ($1, 'Test lot', 100, now(), now() + interval '1 hour', 'open') returning id`,
    [owner.user.id],
  )
  return rows[0]!.id
}

describe('channel authorization', () => {
  it('lets a user into their own wallet channel only', async () => {
    const { b, user } = await signUp()
    const other = await signUp()
    const own = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '123.456', channel_name: `private-wallet.${user.id}` },
    })
    expect(own.statusCode).toBe(200)
    expect(own.json().auth).toMatch(/^lotline-key:[0-9a-f]{64}$/)

    const theirs = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '123.456', channel_name: `private-wallet.${other.user.id}` },
    })
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json().code).toBe('forbidden')
  })

  it('refuses guests, unknown channels and malformed socket ids', async () => {
    const { b, user } = await signUp()
    const guest = await browser(t.app).request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: `private-wallet.${user.id}` },
    })
    expect(guest.statusCode).toBe(401)
    const unknown = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: 'private-admin' },
    })
    expect(unknown.statusCode).toBe(403)
    const malformed = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: 'x', channel_name: `private-wallet.${user.id}` },
    })
    expect(malformed.statusCode).toBe(422)
  })

  it('accepts the form encoding pusher-js uses by default', async () => {
    const { b, user } = await signUp()
    const res = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.2&channel_name=private-wallet.${user.id}`,
    })
    expect(res.statusCode).toBe(200)
  })

  it('shows presence members by alias, never by email', async () => {
    const lotId = await anyLotId()
    const { b, user } = await signUp()
    const res = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: `presence-lot.${lotId}` },
    })
    expect(res.statusCode).toBe(200)
    const channelData = JSON.parse(res.json().channel_data)
    expect(channelData).toEqual({ user_id: user.id, user_info: { alias: user.alias } })
    expect(res.body).not.toContain(user.email)
    const missing = await b.request({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: {
        socket_id: '1.2',
        channel_name: 'presence-lot.00000000-0000-0000-0000-000000000000',
      },
    })
    expect(missing.statusCode).toBe(403)
  })
})

describe('publishing through the pusher SDK to real clients', () => {
  it('delivers wallet events to the subscriber, and leaves out the sender socket', async () => {
    const { b, user } = await signUp()
    const first = connect(b)
    const second = connect(b)
    const firstSocket = await connected(first)
    await connected(second)
    const channel = `private-wallet.${user.id}`
    await subscribed(first, channel)
    await subscribed(second, channel)
    const got = { first: [] as unknown[], second: [] as unknown[] }
    first.channel(channel).bind('wallet.updated', (d: unknown) => got.first.push(d))
    second.channel(channel).bind('wallet.updated', (d: unknown) => got.second.push(d))

    await t.app.broadcaster.publish(
      [{ channel, name: 'wallet.updated', data: { balance: 100, version: 2 } }],
      firstSocket,
    )
    await expect.poll(() => got.second).toEqual([{ balance: 100, version: 2 }])
    expect(got.first).toEqual([])

    // Events marked for the sender too (its own wallet) reach every socket.
    await t.app.broadcaster.publish(
      [{ channel, name: 'wallet.updated', data: { balance: 90, version: 3 }, toSender: true }],
      firstSocket,
    )
    await expect.poll(() => got.first).toEqual([{ balance: 90, version: 3 }])
    await expect.poll(() => got.second.length).toBe(2)
  })

  it('signs users in and delivers notifications to them; sign-out closes their connections', async () => {
    const { b, user } = await signUp()
    const client = connect(b)
    await connected(client)
    const received: unknown[] = []
    client.user.bind('notification', (d: unknown) => received.push(d))
    client.signin()
    await client.user.signinDonePromise
    await expect
      .poll(async () => {
        await t.app.broadcaster.sendToUser(user.id, 'notification', { kind: 'test' })
        return received.length
      })
      .toBeGreaterThan(0)
    expect(received[0]).toEqual({ kind: 'test' })

    const states: string[] = []
    client.connection.bind('state_change', (s: { current: string }) => states.push(s.current))
    const out = await b.request({ method: 'POST', url: '/api/auth/logout' })
    expect(out.statusCode).toBe(204)
    await expect.poll(() => client.connection.state, { timeout: 5000 }).not.toBe('connected')
    expect(realtime.stats().users).toBe(0)
  })
})
