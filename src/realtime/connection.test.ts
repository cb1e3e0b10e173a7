import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { FakePusher, REALTIME_CONFIG as config, fakePusherClass } from '../testing/fake-pusher'
import { PROBE_TIMEOUT_MS, RealtimeClient } from './connection'

async function started(
  onEnded?: () => Promise<string | null | undefined>,
  queryClient = new QueryClient(),
) {
  const client = new RealtimeClient({
    config,
    queryClient,
    rules: [],
    authorize: async () => ({}),
    loadPusher: async () => fakePusherClass,
    onEnded,
  })
  client.setUser('u1')
  await client.start()
  const pusher = FakePusher.last
  pusher.to('connected')
  return { client, pusher }
}

describe('a connection the service ends', () => {
  it('asks who is signed in, then comes back as that user (signed out elsewhere, not here)', async () => {
    const onEnded = vi.fn(async () => 'u1')
    const { client, pusher } = await started(onEnded)
    pusher.to('disconnected') // 4009 from terminate_connections: pusher-js stays down
    await vi.waitFor(() => expect(pusher.connects).toBe(1))
    expect(onEnded).toHaveBeenCalledTimes(1)
    pusher.to('connected')
    expect(client.getStatus()).toBe('live')
  })

  it('comes back as a guest when the session is gone', async () => {
    const { pusher, client } = await started(async () => null)
    pusher.to('disconnected')
    await vi.waitFor(() => expect(pusher.connects).toBe(1))
    // It now counts itself a guest: signing in again is a change (a sign-in), not a no-op.
    client.setUser('u1')
    expect(pusher.signins).toBe(2)
  })

  it('is not what our own disconnects are (sign-out here, stop)', async () => {
    const onEnded = vi.fn(async () => null)
    const { client, pusher } = await started(onEnded)
    client.setUser(null)
    pusher.to('connected')
    client.stop()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(onEnded).not.toHaveBeenCalled()
  })
})

describe('the browser going offline and back', () => {
  it('is live again when the socket outlived the blip (nothing closed it)', async () => {
    const { client, pusher } = await started()
    window.dispatchEvent(new Event('offline'))
    expect(client.getStatus()).toBe('offline')
    window.dispatchEvent(new Event('online'))
    expect(client.getStatus()).toBe('live')
    expect(pusher.connects).toBe(0) // still the same socket
    client.stop()
  })

  it('loads pusher-js again once back online when the network dropped while it loaded', async () => {
    let attempts = 0
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const client = new RealtimeClient({
      config,
      queryClient: new QueryClient(),
      rules: [],
      authorize: async () => ({}),
      loadPusher: async () => {
        if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return fakePusherClass
      },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const starting = client.start()
    await vi.waitFor(() => expect(attempts).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(attempts).toBe(1) // waits for the network, not a loop
    online.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    await starting
    expect(attempts).toBe(2)
    FakePusher.last.to('connected')
    expect(client.getStatus()).toBe('live')
    client.stop()
    online.mockRestore()
    warn.mockRestore()
  })
})

describe('a socket that says it is connected but died silently (decision 0049)', () => {
  const becomeVisible = () => document.dispatchEvent(new Event('visibilitychange'))

  it('is asked on coming back to the page, and replaced when no frame answers the ping', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, pusher } = await started()
    becomeVisible()
    expect(pusher.sent).toEqual(['pusher:ping'])
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS - 1)
    expect(pusher.connects).toBe(0)
    vi.advanceTimersByTime(1)
    // A fresh socket now, not after pusher-js's 150 s: our own disconnect, then connect.
    expect(pusher.disconnects).toBe(1)
    expect(pusher.connects).toBe(1)
    client.stop()
    vi.useRealTimers()
  })

  it('is kept when it answers, and one ping is out at a time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, pusher } = await started()
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('focus'))
    expect(pusher.sent).toEqual(['pusher:ping'])
    pusher.receive('pusher:pong')
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS * 2)
    expect(pusher.connects).toBe(0)
    expect(pusher.disconnects).toBe(0)
    client.stop()
    vi.useRealTimers()
  })

  it('is asked when a write fails', async () => {
    const queryClient = new QueryClient()
    const { client, pusher } = await started(undefined, queryClient)
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.reject(new Error('bid_too_low')),
      })
      .execute(undefined)
      .catch(() => undefined)
    expect(pusher.sent).toEqual(['pusher:ping'])
    client.stop()
  })
})
