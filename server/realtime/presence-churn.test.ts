/**
 * Issue 27, defect 4: 3,000 unsubscribe/subscribe pairs on one socket made every other member of
 * the room receive 6,000 member frames. subscribe/unsubscribe/ping now have a per-socket budget
 * (4301, then 4302), and a member's leave-and-rejoin within the leave window shows the room
 * nothing; a member who really leaves is removed once the window has passed.
 */
import type Pusher from 'pusher-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { RealtimeServerOptions } from './index.ts'
import {
  RawClient,
  isEvent,
  pusherJsClient,
  rawSubscribe,
  sleep,
  startTestServer,
  waitForState,
  type ReceivedFrame,
  type TestServer,
} from '../../tests/realtime/kit.ts'

let t: TestServer | undefined
const clients: RawClient[] = []
const pushers: Pusher[] = []

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate()
  for (const p of pushers.splice(0)) p.disconnect()
  await t?.server.close()
  t = undefined
})

async function start(options: Partial<RealtimeServerOptions> = {}) {
  t = await startTestServer(options)
  return t
}

async function connect(): Promise<RawClient> {
  const c = await RawClient.connect(t!.port)
  clients.push(c)
  return c
}

async function member(channel: string, userId: string) {
  const c = await connect()
  const res = await rawSubscribe(c, t!.sdk, channel, { user_id: userId })
  expect(res.event).toBe('pusher_internal:subscription_succeeded')
  return c
}

const isMemberFrame = (f: ReceivedFrame) =>
  f.event === 'pusher_internal:member_added' || f.event === 'pusher_internal:member_removed'

/** `pairs` unsubscribe/subscribe pairs in one go, then a ping whose pong says all were handled. */
async function churn(c: RawClient, channel: string, userId: string, pairs: number) {
  const auth = t!.sdk.authorizeChannel(c.socketId, channel, { user_id: userId })
  const unsubscribe = JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } })
  const subscribe = JSON.stringify({ event: 'pusher:subscribe', data: { channel, ...auth } })
  for (let i = 0; i < pairs; i++) {
    c.ws.send(unsubscribe)
    c.ws.send(subscribe)
  }
}

describe('presence churn is coalesced', () => {
  it('3,000 unsubscribe/subscribe pairs show the room nothing; a real leave still does', async () => {
    // Budget out of the way: this is about what the room sees of the pairs that are handled.
    await start({ maxControlMessageBurst: 100_000, presenceLeaveWindowMs: 500 })
    const watcher = await member('presence-room', 'watcher')
    const churner = await member('presence-room', 'churner')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-room'))

    await churn(churner, 'presence-room', 'churner', 3000)
    churner.send({ event: 'pusher:ping', data: {} })
    await churner.next(isEvent('pusher:pong'), 20_000) // 6,000 frames in; slow on a busy machine
    expect(churner.frames.filter((f) => f.event === 'pusher:error')).toEqual([])
    // Positive control in the same wait: a newcomer is announced at once.
    await member('presence-room', 'newcomer')
    const added = await watcher.next(isEvent('pusher_internal:member_added', 'presence-room'))
    expect(added.data).toMatchObject({ user_id: 'newcomer' })
    await sleep(800) // past the leave window: the pairs would have shown by now
    expect(watcher.frames.filter(isMemberFrame)).toEqual([])

    // Leaving for real: removed once the window has passed, not before.
    const left = Date.now()
    churner.close()
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', 'presence-room'))
    expect(removed.data).toEqual({ user_id: 'churner' })
    expect(Date.now() - left).toBeGreaterThanOrEqual(450)
    expect(watcher.frames.filter(isMemberFrame)).toEqual([])
  })

  it('a quick reconnect within the window (same user, new socket) is no news either', async () => {
    await start({ presenceLeaveWindowMs: 500 })
    const watcher = await member('presence-lot', 'watcher')
    const first = await member('presence-lot', 'bob')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-lot'))
    first.close()
    await first.closed
    const again = await member('presence-lot', 'bob')
    await sleep(800) // past the leave window; the real leave below is the positive control
    expect(watcher.frames.filter(isMemberFrame)).toEqual([])
    again.close()
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', 'presence-lot'))
    expect(removed.data).toEqual({ user_id: 'bob' })
  })

  it('during the window the leaver is still listed, as the room still sees it', async () => {
    await start({ presenceLeaveWindowMs: 500 })
    const leaver = await member('presence-w', 'leaver')
    leaver.close()
    await leaver.closed
    const late = await connect()
    const res = await rawSubscribe(late, t!.sdk, 'presence-w', { user_id: 'late' })
    expect(res.data).toMatchObject({ presence: { count: 2, ids: ['leaver', 'late'] } })
    const removed = await late.next(isEvent('pusher_internal:member_removed', 'presence-w'))
    expect(removed.data).toEqual({ user_id: 'leaver' })
  })
})

describe('subscribe/unsubscribe/ping budget per socket', () => {
  it('past the burst: 4301 and the message ignored; another burst refused closes with 4302', async () => {
    await start({ maxControlMessageBurst: 20, maxControlMessagesPerSecond: 1 })
    const c = await connect()
    for (let i = 0; i < 20; i++) c.send({ event: 'pusher:ping', data: {} })
    for (let i = 0; i < 20; i++) await c.next(isEvent('pusher:pong'))
    const refused = await c.request({ event: 'pusher:ping', data: {} }, isEvent('pusher:error'))
    expect(refused.data).toEqual({
      code: 4301,
      message: 'Too many control messages, pusher:ping ignored',
    })
    // (A token may come back meanwhile at 1/s, so send more than the 19 left to refuse.)
    for (let i = 0; i < 30; i++) c.send({ event: 'pusher:subscribe', data: { channel: `c${i}` } })
    const closed = await c.closed
    expect(closed).toEqual({
      code: 4302,
      reason: 'Too many subscribe, unsubscribe and ping messages',
    })
    expect(c.frames.filter(isEvent('pusher:error')).map((f) => f.data)).toContainEqual({
      code: 4302,
      message: 'Too many subscribe, unsubscribe and ping messages',
    })
    expect(t!.server.stats()).toMatchObject({ connections: 0, messagesRefusedOverBudget: 20 })
  })

  it('3,000 pairs at the default budget: the churner is cut off, the room hears one real leave', async () => {
    await start()
    const watcher = await member('presence-room', 'watcher')
    const churner = await member('presence-room', 'churner')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-room'))
    await churn(churner, 'presence-room', 'churner', 3000)
    expect((await churner.closed).code).toBe(4302)
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', 'presence-room'))
    expect(removed.data).toEqual({ user_id: 'churner' })
    // Nothing more of the churner: a newcomer's announcement, sent after, is the control.
    await member('presence-room', 'late')
    await watcher.noneBefore(
      isMemberFrame,
      isEvent('pusher_internal:member_added', 'presence-room'),
    )
  })

  it('pusher-js with 100 channels subscribes, reconnects and re-subscribes all, never refused', async () => {
    await start()
    const client = pusherJsClient(t!.port, { sdk: t!.sdk, presence: { user_id: 'u1' } })
    pushers.push(client)
    const errors: unknown[] = []
    client.connection.bind('error', (e: unknown) => errors.push(e))
    const names = Array.from({ length: 99 }, (_, i) => `private-ch-${i}`)
    names.push('presence-ch')
    const allSubscribed = () => names.every((n) => client.channel(n)?.subscribed)
    for (const name of names) client.subscribe(name)
    await waitForState(client, 'connected')
    await expectEventually(allSubscribed)

    for (let round = 0; round < 3; round++) {
      client.disconnect()
      await waitForState(client, 'disconnected')
      client.connect()
      await waitForState(client, 'connected')
      await expectEventually(allSubscribed)
      // And in use: pings answered.
      client.send_event('pusher:ping', {})
    }
    expect(errors).toEqual([])
    expect(t!.server.stats().messagesRefusedOverBudget).toBe(0)
  })
})

async function expectEventually(fn: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!fn()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}
