import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { FakePusher, REALTIME_CONFIG as config, fakePusherClass } from '../testing/fake-pusher'
import { RealtimeClient } from './connection'

function client() {
  return new RealtimeClient({
    config,
    queryClient: new QueryClient(),
    rules: [],
    authorize: async () => ({}),
    loadPusher: async () => fakePusherClass,
  })
}

async function live() {
  const realtime = client()
  await realtime.start()
  const pusher = FakePusher.last
  pusher.to('connected')
  return { realtime, pusher }
}

const count = (n: unknown) => ({ subscription_count: n })

describe('how many watch a channel (pusher:subscription_count, the show room’s viewers)', () => {
  it('tells each watcher every well-formed count; a late watcher gets the latest at once', async () => {
    const { realtime, pusher } = await live()
    realtime.use('show.s1')
    const first: Array<number | null> = []
    realtime.watchCount('show.s1', (n) => first.push(n))
    const channel = pusher.channels.get('show.s1')!
    channel.emit('pusher:subscription_count', count(12))
    for (const bad of [-1, 1.5, '3', null]) channel.emit('pusher:subscription_count', count(bad))
    channel.emit('pusher:subscription_count', undefined)
    expect(first).toEqual([12])
    const late: Array<number | null> = []
    realtime.watchCount('show.s1', (n) => late.push(n))
    expect(late).toEqual([12])
    // Another channel's count is its own.
    realtime.use('show.s2')
    pusher.channels.get('show.s2')!.emit('pusher:subscription_count', count(0))
    expect(first).toEqual([12])
    realtime.stop()
  })

  it('forgets a count when the channel subscribes again, until the service tells a fresh one', async () => {
    const { realtime, pusher } = await live()
    realtime.use('show.s1')
    const seen: Array<number | null> = []
    realtime.watchCount('show.s1', (n) => seen.push(n))
    const channel = pusher.channels.get('show.s1')!
    channel.emit('pusher:subscription_count', count(40))
    channel.emit('pusher:subscription_succeeded')
    expect(seen).toEqual([40, null])
    const next: Array<number | null> = []
    realtime.watchCount('show.s1', (n) => next.push(n))
    expect(next).toEqual([])
    channel.emit('pusher:subscription_count', count(41))
    expect(seen).toEqual([40, null, 41])
    expect(next).toEqual([41])
    realtime.stop()
  })

  it('stops telling a released watcher, and forgets the count once nobody watches', async () => {
    const { realtime, pusher } = await live()
    realtime.use('show.s1')
    const channel = pusher.channels.get('show.s1')!
    const kept: Array<number | null> = []
    const gone: Array<number | null> = []
    const releaseKept = realtime.watchCount('show.s1', (n) => kept.push(n))
    const releaseGone = realtime.watchCount('show.s1', (n) => gone.push(n))
    channel.emit('pusher:subscription_count', count(7))
    releaseGone()
    channel.emit('pusher:subscription_count', count(8))
    expect(gone).toEqual([7])
    expect(kept).toEqual([7, 8])
    releaseKept()
    const again: Array<number | null> = []
    realtime.watchCount('show.s1', (n) => again.push(n))
    expect(again).toEqual([])
    realtime.stop()
  })

  it('a presence channel has its members, not a count', async () => {
    const { realtime, pusher } = await live()
    realtime.use('presence-lot.l1')
    const seen: Array<number | null> = []
    realtime.watchCount('presence-lot.l1', (n) => seen.push(n))
    const channel = pusher.channels.get('presence-lot.l1')!
    channel.emit('pusher:subscription_succeeded')
    channel.emit('pusher:subscription_count', count(5))
    expect(seen).toEqual([])
    realtime.stop()
  })
})

describe('starting', () => {
  it('connects in the task after pusher-js is evaluated, and not at all when stopped in between', async () => {
    let evaluated!: (loaded: typeof fakePusherClass) => void
    const realtime = new RealtimeClient({
      config,
      queryClient: new QueryClient(),
      rules: [],
      authorize: async () => ({}),
      loadPusher: () => new Promise((resolve) => (evaluated = resolve)),
    })
    const before = FakePusher.last
    const starting = realtime.start()
    await Promise.resolve()
    evaluated(fakePusherClass)
    // Still the same task: pusher-js is in, the connection waits for the next one.
    for (let tick = 0; tick < 20; tick++) await Promise.resolve()
    expect(FakePusher.last).toBe(before)
    realtime.stop()
    await starting
    expect(FakePusher.last).toBe(before)
  })

  it('connects once the next task comes', async () => {
    const before = FakePusher.last
    const { realtime } = await live()
    expect(FakePusher.last).not.toBe(before)
    realtime.stop()
  })
})
