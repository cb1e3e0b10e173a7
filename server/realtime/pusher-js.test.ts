/**
 * Conformance with the real browser-side peer: pusher-js 8 (its Node build, which is what
 * `import Pusher from 'pusher-js'` resolves to under Node via package.json "main"), authorizing
 * through the official `pusher` SDK's authorizeChannel / authenticateUser.
 */
import type Pusher from 'pusher-js'
import type { PresenceChannel } from 'pusher-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  APP,
  eventually,
  pusherJsClient,
  sdkFor,
  sleep,
  startTestServer,
  waitForState,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer
let clients: Pusher[] = []
function client(opts: Omit<Parameters<typeof pusherJsClient>[1], 'sdk'> = {}) {
  const c = pusherJsClient(t.port, { sdk: t.sdk, ...opts })
  clients.push(c)
  return c
}
function subscribed(c: Pusher, name: string) {
  const ch = c.subscribe(name)
  return new Promise<typeof ch>((resolve, reject) => {
    ch.bind('pusher:subscription_succeeded', () => resolve(ch))
    ch.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))))
  })
}
function nextEvent<T = unknown>(
  bindable: { bind(event: string, cb: (data: T, meta?: { user_id?: string }) => void): unknown },
  event: string,
  timeoutMs = 3000,
) {
  return new Promise<{ data: T; meta?: { user_id?: string } }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs)
    bindable.bind(event, (data, meta) => {
      clearTimeout(timer)
      resolve({ data, meta })
    })
  })
}

/** This suite exercises client events, which are off unless an app turns them on. */
const APPS = [{ ...APP, enableClientEvents: true }]

beforeEach(async () => {
  t = await startTestServer({ apps: APPS })
})
afterEach(async () => {
  for (const c of clients) c.disconnect()
  clients = []
  await t.server.close()
})

describe('pusher-js against the embedded service', () => {
  it('connects, gets a Pusher socket id, receives public events', async () => {
    const c = client()
    await waitForState(c, 'connected')
    expect(c.connection.socket_id).toMatch(/^\d+\.\d+$/)
    const ch = await subscribed(c, 'lots')
    const got = nextEvent(ch, 'lot.created')
    await t.sdk.trigger('lots', 'lot.created', { id: 3, version: 1 })
    expect((await got).data).toEqual({ id: 3, version: 1 })
  })

  it('authorizes private channels; a bad signature surfaces as pusher:subscription_error', async () => {
    const c = client()
    const ch = await subscribed(c, 'private-wallet.1')
    const got = nextEvent(ch, 'wallet.updated')
    await t.sdk.trigger('private-wallet.1', 'wallet.updated', { balance: 10 })
    expect((await got).data).toEqual({ balance: 10 })

    const wrong = pusherJsClient(t.port, { sdk: sdkFor(t.port, 'not-the-secret') })
    clients.push(wrong)
    const bad = wrong.subscribe('private-wallet.2')
    const err = await nextEvent<{ type: string; status: number }>(bad, 'pusher:subscription_error')
    expect(err.data).toMatchObject({ type: 'AuthError', status: 401 })
    expect(wrong.connection.state).toBe('connected')
  })

  it('presence: one member per user across two sockets; join/leave seen once', async () => {
    const bob = client({ presence: { user_id: 'bob', user_info: { name: 'Bob' } } })
    const bobCh = (await subscribed(bob, 'presence-lot.5')) as PresenceChannel
    const added: string[] = []
    const removed: string[] = []
    bobCh.bind('pusher:member_added', (m: { id: string }) => added.push(m.id))
    bobCh.bind('pusher:member_removed', (m: { id: string }) => removed.push(m.id))

    const ann1 = client({ presence: { user_id: 'ann', user_info: { name: 'Ann' } } })
    const ann1Ch = (await subscribed(ann1, 'presence-lot.5')) as PresenceChannel
    expect(ann1Ch.members.count).toBe(2)
    expect(ann1Ch.members.me).toEqual({ id: 'ann', info: { name: 'Ann' } })
    await eventually(() => added.length === 1, 2000, 'member_added')

    const ann2 = client({ presence: { user_id: 'ann', user_info: { name: 'Ann' } } })
    const ann2Ch = (await subscribed(ann2, 'presence-lot.5')) as PresenceChannel
    expect(ann2Ch.members.count).toBe(2)
    // Cy joins after Ann's second socket: Bob hears of Cy, and of Ann only once before.
    const cy = client({ presence: { user_id: 'cy', user_info: { name: 'Cy' } } })
    await subscribed(cy, 'presence-lot.5')
    await eventually(() => added.includes('cy'), 5000, 'member_added for Cy')
    expect(added).toEqual(['ann', 'cy'])
    expect(bobCh.members.count).toBe(3)

    const subscriptions = async () => {
      const res = await t.sdk.get({
        path: '/channels/presence-lot.5',
        params: { info: 'subscription_count' },
      })
      return ((await res.json()) as { subscription_count: number }).subscription_count
    }
    expect(await subscriptions()).toBe(4)
    ann1.disconnect()
    await vi.waitFor(async () => expect(await subscriptions()).toBe(3), {
      timeout: 5000,
      interval: 50,
    })
    // Cy leaves after the server let Ann's first socket go: heard, and Ann's leaving never was.
    cy.unsubscribe('presence-lot.5')
    await eventually(() => removed.includes('cy'), 5000, 'member_removed for Cy')
    expect(removed).toEqual(['cy'])
    ann2.unsubscribe('presence-lot.5')
    await eventually(() => removed.length === 2, 5000, 'member_removed')
    expect(removed).toEqual(['cy', 'ann'])
    expect(bobCh.members.count).toBe(1)
  })

  it('client events reach other members with user_id and are not echoed', async () => {
    const a = client({ presence: { user_id: 'a' } })
    const b = client({ presence: { user_id: 'b' } })
    const aCh = await subscribed(a, 'presence-room')
    const bCh = await subscribed(b, 'presence-room')
    const echoed: unknown[] = []
    aCh.bind('client-typing', (d: unknown) => echoed.push(d))
    const got = nextEvent(bCh, 'client-typing')
    expect(aCh.trigger('client-typing', { on: true })).toBe(true)
    const { data, meta } = await got
    expect(data).toEqual({ on: true })
    expect(meta?.user_id).toBe('a')
    // b answers: a gets b's event, and had not got its own back before it.
    expect(bCh.trigger('client-typing', { on: false })).toBe(true)
    await eventually(() => echoed.length > 0, 5000, "b's answer")
    expect(echoed).toEqual([{ on: false }])
  })

  it('socket_id exclusion: the sender’s socket does not receive its own event', async () => {
    const sender = client()
    const other = client()
    const sCh = await subscribed(sender, 'lot.7')
    const oCh = await subscribed(other, 'lot.7')
    const seenBySender: unknown[] = []
    sCh.bind('bid.placed', (d: unknown) => seenBySender.push(d))
    const got = nextEvent(oCh, 'bid.placed')
    await t.sdk.trigger(
      'lot.7',
      'bid.placed',
      { amount: 1 },
      { socket_id: sender.connection.socket_id },
    )
    expect((await got).data).toEqual({ amount: 1 })
    // The next event, sent to everyone, reaches the sender; the first never did before it.
    await t.sdk.trigger('lot.7', 'bid.placed', { amount: 2 })
    await eventually(() => seenBySender.length > 0, 5000, 'the second event')
    expect(seenBySender).toEqual([{ amount: 2 }])
  })

  it('user sign-in: sendToUser reaches pusher.user; terminate leaves the client disconnected', async () => {
    const c = client({ user: { id: '7', user_info: { name: 'Ann' } } })
    c.signin()
    await waitForState(c, 'connected')
    await eventually(() => t.server.stats().users === 1, 3000, 'sign-in')
    const got = nextEvent(c.user, 'notification')
    await t.sdk.sendToUser('7', 'notification', { text: 'outbid' })
    expect((await got).data).toEqual({ text: 'outbid' })

    await t.sdk.terminateUserConnections('7')
    // 4009 is in pusher-js's "refused" range: it must stop, not reconnect.
    await waitForState(c, 'disconnected')
    await sleep(1500)
    expect(c.connection.state).toBe('disconnected')
    expect(t.server.stats().connections).toBe(0)
  })

  it('presence with a signed-in user and no channel_data uses the user id', async () => {
    const c = pusherJsClient(t.port, {
      sdk: t.sdk,
      user: { id: 'signed', user_info: { name: 'S' } },
    })
    clients.push(c)
    c.signin()
    const ch = (await subscribed(c, 'presence-signed')) as PresenceChannel
    expect(ch.members.me?.id).toBe('signed')
    expect(ch.members.count).toBe(1)
  })

  it('an unknown app key leaves pusher-js refused (no reconnect loop)', async () => {
    const c = pusherJsClient(t.port, { sdk: t.sdk, key: 'no-such-key' })
    clients.push(c)
    await waitForState(c, 'disconnected', 5000)
    const states: string[] = []
    c.connection.bind('state_change', (s: { current: string }) => states.push(s.current))
    await sleep(1500)
    expect(states).toEqual([]) // no reconnect attempt after the 4001 refusal
    expect(c.connection.state).toBe('disconnected')
  })
})

describe('restart', () => {
  it('pusher-js reconnects and re-subscribes (with a new socket id) after close() + start on the same port', async () => {
    const port = t.port
    const c = client({ presence: { user_id: 'u1' } })
    const pub = await subscribed(c, 'lots')
    await subscribed(c, 'private-wallet.1')
    await subscribed(c, 'presence-lot.1')
    const firstId = c.connection.socket_id
    const errors: unknown[] = []
    c.connection.bind('error', (e: unknown) => errors.push(e))
    let resubscribed = 0
    pub.bind('pusher:subscription_succeeded', () => resubscribed++)

    await t.server.close()
    const closedAt = Date.now()
    t = await startTestServer({ port, apps: APPS })
    await waitForState(c, 'connected', 10_000)
    await eventually(() => t.server.stats().channels === 3, 10_000, 're-subscription')
    // The server registers the channel before the client has read subscription_succeeded.
    await eventually(() => resubscribed === 1, 2000, 'subscription_succeeded on the client')
    const reconnectMs = Date.now() - closedAt
    expect(c.connection.socket_id).not.toBe(firstId)
    expect(JSON.stringify(errors)).toContain('4200')
    expect(reconnectMs).toBeLessThan(5000)

    const got = nextEvent(pub, 'lot.updated')
    await t.sdk.trigger('lots', 'lot.updated', { v: 2 })
    expect((await got).data).toEqual({ v: 2 })
    const users = await (await t.sdk.get({ path: '/channels/presence-lot.1/users' })).json()
    expect(users).toEqual({ users: [{ id: 'u1' }] })
  })
})
