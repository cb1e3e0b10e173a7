import { QueryClient } from '@tanstack/react-query'
import type Pusher from 'pusher-js'
import { describe, expect, it, vi } from 'vitest'
import type { RuntimeConfig } from '../../common/config'
import { RealtimeClient } from './connection'

type Change = { previous: string; current: string }

/** Just enough of pusher-js: connection states, connect/disconnect, sign-in. */
class FakePusher {
  static last: FakePusher
  connects = 0
  signins = 0
  private handlers: Array<(change: Change) => void> = []
  connection = {
    state: 'initialized',
    socket_id: 'socket-1',
    bind: (_event: string, handler: (change: Change) => void) => this.handlers.push(handler),
  }
  user = { bind: () => undefined }
  constructor() {
    FakePusher.last = this
  }
  to(current: string) {
    const previous = this.connection.state
    this.connection.state = current
    for (const handler of this.handlers) handler({ previous, current })
  }
  connect() {
    this.connects++
    this.to('connecting')
  }
  disconnect() {
    this.to('disconnected')
  }
  signin() {
    this.signins++
  }
  subscribe() {
    return { unbind_all: () => undefined, bind: () => undefined, bind_global: () => undefined }
  }
  unsubscribe() {}
}

const config: RuntimeConfig['realtime'] = {
  key: 'k',
  host: 'localhost',
  port: 6001,
  scheme: 'http',
  cluster: 'mt1',
}

async function started(onEnded?: () => Promise<string | null | undefined>) {
  const client = new RealtimeClient({
    config,
    queryClient: new QueryClient(),
    rules: [],
    authorize: async () => ({}),
    loadPusher: async () => FakePusher as unknown as typeof Pusher,
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
        return FakePusher as unknown as typeof Pusher
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
