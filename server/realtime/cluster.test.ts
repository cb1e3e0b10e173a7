/**
 * Presence edge cases across two in-process nodes joined through Redis: the same user on both
 * nodes is one member, the member limit counts the whole cluster, client events cross, and a node
 * that shuts down cleanly has its members removed at once. Needs Redis: the pg pass runs it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './index.ts'
import {
  APP,
  RawClient,
  eventually,
  isEvent,
  rawSubscribe,
  sdkFor,
  sleep,
  testClusterPrefix,
  type ReceivedFrame,
} from '../../tests/realtime/kit.ts'

const enabled = process.env.LOTLINE_TEST_DATABASE === 'pg'
const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let nodes: RealtimeServer[] = []
const memberEvent = (event: string) => (userId: string) => (f: ReceivedFrame) =>
  isEvent(event, 'presence-x')(f) && (f.data as { user_id?: unknown }).user_id === userId
const memberAdded = memberEvent('pusher_internal:member_added')
const memberRemoved = memberEvent('pusher_internal:member_removed')
const clients: RawClient[] = []

async function twoNodes(extra: Partial<RealtimeServerOptions> = {}) {
  const cluster = { redisUrl: REDIS_URL, prefix: testClusterPrefix(), heartbeatMs: 200 }
  const start = () =>
    startRealtimeServer({
      port: 0,
      host: '127.0.0.1',
      apps: [APP],
      shutdownGraceMs: 50,
      cluster,
      ...extra,
    })
  nodes = await Promise.all([start(), start()])
  await eventually(() => nodes.every((n) => n.stats().cluster?.nodes === 2), 10_000, 'joined')
  return nodes as [RealtimeServer, RealtimeServer]
}

async function member(node: RealtimeServer, channel: string, userId: string) {
  const c = await RawClient.connect(node.port)
  clients.push(c)
  const res = await rawSubscribe(c, sdkFor(node.port), channel, { user_id: userId })
  return { c, res }
}

async function userIds(node: RealtimeServer, channel: string) {
  const res = await sdkFor(node.port).get({ path: `/channels/${channel}/users` })
  return ((await res.json()) as { users: Array<{ id: string }> }).users.map((u) => u.id).sort()
}

const isMemberFrame = (f: { event: string }) =>
  f.event === 'pusher_internal:member_added' || f.event === 'pusher_internal:member_removed'

afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await Promise.all(nodes.map((n) => n.close()))
  nodes = []
})

describe.runIf(enabled)('presence across two nodes', () => {
  it('the same user on both nodes is one member: one member_added, removed with its last socket', async () => {
    const [a, b] = await twoNodes()
    const { c: watcher } = await member(a, 'presence-x', 'w')
    await member(a, 'presence-x', 'bob')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-x'))
    await eventually(async () => (await userIds(b, 'presence-x')).length === 2)

    const { c: bobOnB, res } = await member(b, 'presence-x', 'bob')
    expect(res.data).toMatchObject({ presence: { count: 2 } })
    // Carl joins on B after Bob's second socket did: the watcher hears of Carl, and of Bob only once.
    const { c: carlOnB } = await member(b, 'presence-x', 'carl')
    await watcher.noneBefore(memberAdded('bob'), memberAdded('carl'), 10_000)

    const bobOnA = clients[1]!
    bobOnA.close()
    await bobOnA.closed
    await eventually(() => a.stats().connections === 1, 5000, 'A lets go of Bob’s socket')
    // Carl leaves after A let Bob's first socket go: his removal is heard, Bob's never was.
    carlOnB.close()
    await watcher.noneBefore(memberRemoved('bob'), memberRemoved('carl'), 10_000)
    expect(await userIds(a, 'presence-x')).toEqual(['bob', 'w'])

    bobOnB.close()
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', 'presence-x'))
    expect(removed.data).toEqual({ user_id: 'bob' })
  })

  it('a leave-and-rejoin within the window shows no node anything; a real leave does (issue 27)', async () => {
    const [a, b] = await twoNodes({ presenceLeaveWindowMs: 500, maxControlMessageBurst: 100_000 })
    const { c: watcher } = await member(b, 'presence-churn', 'w')
    const { c: churner } = await member(a, 'presence-churn', 'bob')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-churn'))

    // Churn on node A, alone there: each unsubscribe empties A's channel.
    const channel = 'presence-churn'
    const auth = sdkFor(a.port).authorizeChannel(churner.socketId, channel, { user_id: 'bob' })
    for (let i = 0; i < 1000; i++) {
      churner.send({ event: 'pusher:unsubscribe', data: { channel } })
      churner.send({ event: 'pusher:subscribe', data: { channel, ...auth } })
    }
    churner.send({ event: 'pusher:ping', data: {} })
    await churner.next(isEvent('pusher:pong'), 20_000)
    // Leave A, come back on B within the window.
    churner.close()
    await churner.closed
    const { c: bobOnB } = await member(b, 'presence-churn', 'bob')
    // Positive control: a newcomer on A reaches the watcher on B meanwhile.
    await member(a, 'presence-churn', 'carol')
    const added = await watcher.next(isEvent('pusher_internal:member_added', 'presence-churn'))
    expect(added.data).toMatchObject({ user_id: 'carol' })
    await sleep(1000) // past the leave window: bob's move would have shown by now
    expect(watcher.frames.filter(isMemberFrame)).toEqual([])
    expect(await userIds(a, 'presence-churn')).toEqual(['bob', 'carol', 'w'])

    bobOnB.close()
    const removed = await watcher.next(isEvent('pusher_internal:member_removed', 'presence-churn'))
    expect(removed.data).toEqual({ user_id: 'bob' })
    await eventually(async () => (await userIds(a, 'presence-churn')).length === 2)
  })

  it('the member limit counts the whole cluster', async () => {
    const [a, b] = await twoNodes({ maxPresenceMembers: 2 })
    await member(a, 'presence-full', 'u1')
    await member(b, 'presence-full', 'u2')
    await eventually(async () => (await userIds(a, 'presence-full')).length === 2)
    const { res } = await member(a, 'presence-full', 'u3')
    expect(res.event).toBe('pusher:subscription_error')
  })

  it('client events cross nodes with their user_id', async () => {
    const [a, b] = await twoNodes({ apps: [{ ...APP, enableClientEvents: true }] })
    const { c: onA } = await member(a, 'presence-chat', 'ann')
    const { c: onB } = await member(b, 'presence-chat', 'bob')
    onA.send({ event: 'client-typing', channel: 'presence-chat', data: { on: true } })
    const got = await onB.next(isEvent('client-typing', 'presence-chat'))
    expect(got).toMatchObject({ user_id: 'ann', data: { on: true } })
  })

  it('a node that shuts down cleanly has its members removed at once elsewhere', async () => {
    const [a, b] = await twoNodes()
    const { c: watcher } = await member(a, 'presence-y', 'w')
    await member(b, 'presence-y', 'leaver')
    await watcher.next(isEvent('pusher_internal:member_added', 'presence-y'))
    const started = Date.now()
    await b.close()
    await watcher.next(isEvent('pusher_internal:member_removed', 'presence-y'), 1500)
    expect(Date.now() - started).toBeLessThan(1500)
    nodes = [a]
  })
})
