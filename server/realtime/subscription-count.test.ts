/**
 * Pusher's subscription-count feature (subscription-counts.ts): a public channel's sockets hear
 * how many sockets the channel has, at most once per interval and only when it changed; a
 * newcomer hears it even when it did not change; a presence channel gets none; off by default.
 * The cluster case (two nodes through Redis) runs in the pg pass, which has Redis.
 */
import type Pusher from 'pusher-js'
import { afterEach, describe, expect, it } from 'vitest'
import { startRealtimeServer, type RealtimeServer } from './index.ts'
import {
  APP,
  RawClient,
  eventually,
  isEvent,
  pusherJsClient,
  rawSubscribe,
  sdkFor,
  sleep,
  startTestServer,
  testClusterPrefix,
  type ReceivedFrame,
  type TestServer,
} from '../../tests/realtime/kit.ts'

const INTERVAL = 200
const COUNT = 'pusher_internal:subscription_count'
const REDIS_URL = process.env.LOTLINE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let t: TestServer | undefined
let nodes: RealtimeServer[] = []
const raws: RawClient[] = []
const pushers: Pusher[] = []

afterEach(async () => {
  for (const c of raws.splice(0)) c.ws.terminate()
  for (const p of pushers.splice(0)) p.disconnect()
  await t?.server.close()
  t = undefined
  await Promise.all(nodes.splice(0).map((n) => n.close()))
})

async function join(port: number, channel: string, sdk = t!.sdk): Promise<RawClient> {
  const c = await RawClient.connect(port)
  raws.push(c)
  await rawSubscribe(c, sdk, channel)
  return c
}

const counts = (c: RawClient, channel: string) =>
  c.frames
    .filter(isEvent(COUNT, channel))
    .map((f: ReceivedFrame) => (f.data as { subscription_count: number }).subscription_count)

describe('subscription counts', () => {
  it('pusher-js hears pusher:subscription_count with the number of sockets on the channel', async () => {
    t = await startTestServer({ subscriptionCountIntervalMs: INTERVAL })
    const heard: number[] = []
    for (let i = 0; i < 3; i++) {
      const client = pusherJsClient(t.port, { sdk: t.sdk })
      pushers.push(client)
      const channel = client.subscribe('show.a')
      if (i === 0) {
        channel.bind('pusher:subscription_count', (d: { subscription_count: number }) =>
          heard.push(d.subscription_count),
        )
      }
    }
    await eventually(() => heard.at(-1) === 3, 5000, 'count 3')
    const last = pushers.pop()
    last?.disconnect()
    await eventually(() => heard.at(-1) === 2, 5000, 'count 2 after one left')
  })

  it('sends a burst of joins one count per interval, not one per join', async () => {
    t = await startTestServer({
      subscriptionCountIntervalMs: INTERVAL,
      maxConnectionsPerAddress: 100,
    })
    const first = await join(t.port, 'show.burst')
    const started = Date.now()
    for (let i = 0; i < 59; i++) await join(t.port, 'show.burst')
    const joinMs = Date.now() - started
    await eventually(() => counts(first, 'show.burst').at(-1) === 60, 5000, 'count 60')
    await sleep(INTERVAL * 3)
    const seen = counts(first, 'show.burst')
    // One per interval at most (plus the first and the last pass), never one per join.
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(joinMs / INTERVAL) + 3)
    expect(seen.length).toBeLessThan(60)
    expect(seen.at(-1)).toBe(60)
  })

  it('tells a newcomer the count even when a leave kept it unchanged, and nothing when idle', async () => {
    t = await startTestServer({ subscriptionCountIntervalMs: INTERVAL })
    const a = await join(t.port, 'show.same')
    const b = await join(t.port, 'show.same')
    await a.next((f) => isEvent(COUNT, 'show.same')(f) && counts2(f) === 2)
    b.ws.terminate()
    const c = await join(t.port, 'show.same')
    const toNewcomer = await c.next(isEvent(COUNT, 'show.same'))
    expect(counts2(toNewcomer)).toBe(2)
    await sleep(INTERVAL * 3)
    // The count stayed 2 for the first socket: nothing new for it (the pass sends changes only).
    expect(counts(a, 'show.same')).toEqual([])
  })

  it('sends none on presence channels, and none at all unless enabled', async () => {
    t = await startTestServer({ subscriptionCountIntervalMs: INTERVAL })
    const p = await RawClient.connect(t.port)
    raws.push(p)
    await rawSubscribe(p, t.sdk, 'presence-x', { user_id: 'ann' })
    await join(t.port, 'show.control')
    const control = await join(t.port, 'show.control')
    await control.next(isEvent(COUNT, 'show.control'))
    expect(p.frames.filter(isEvent(COUNT))).toEqual([])
    await t.server.close()

    t = await startTestServer()
    const off = await join(t.port, 'show.off')
    await join(t.port, 'show.off')
    await sleep(INTERVAL * 3)
    await t.sdk.trigger('show.off', 'chat.message', { n: 1 })
    await off.noneBefore(isEvent(COUNT), isEvent('chat.message', 'show.off'))
  })

  it('counts only the channels named by subscriptionCountChannels', async () => {
    t = await startTestServer({
      subscriptionCountIntervalMs: INTERVAL,
      subscriptionCountChannels: ['show.'],
    })
    const lot = await join(t.port, 'lot.1')
    await join(t.port, 'lot.1')
    const show = await join(t.port, 'show.1')
    await show.next(isEvent(COUNT, 'show.1'))
    await sleep(INTERVAL * 2)
    await t.sdk.trigger('lot.1', 'bid.placed', { n: 1 })
    await lot.noneBefore(isEvent(COUNT), isEvent('bid.placed', 'lot.1'))
  })

  it.runIf(process.env.LOTLINE_TEST_DATABASE === 'pg')(
    'counts the sockets of every node of a cluster, on every node',
    async () => {
      const cluster = { redisUrl: REDIS_URL, prefix: testClusterPrefix(), heartbeatMs: 200 }
      const start = () =>
        startRealtimeServer({
          port: 0,
          host: '127.0.0.1',
          apps: [APP],
          shutdownGraceMs: 50,
          subscriptionCountIntervalMs: INTERVAL,
          cluster,
        })
      nodes = await Promise.all([start(), start()])
      await eventually(() => nodes.every((n) => n.stats().cluster?.nodes === 2), 10_000, 'joined')
      const [a, b] = nodes as [RealtimeServer, RealtimeServer]
      const onA = await join(a.port, 'show.cl', sdkFor(a.port))
      const onB = await join(b.port, 'show.cl', sdkFor(b.port))
      await join(b.port, 'show.cl', sdkFor(b.port))
      await eventually(() => counts(onA, 'show.cl').at(-1) === 3, 5000, 'A hears 3')
      await eventually(() => counts(onB, 'show.cl').at(-1) === 3, 5000, 'B hears 3')
    },
  )
})

function counts2(f: ReceivedFrame): number {
  return (f.data as { subscription_count: number }).subscription_count
}
