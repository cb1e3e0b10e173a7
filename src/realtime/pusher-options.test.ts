import { describe, expect, it, vi } from 'vitest'
import type { RuntimeConfig } from '../../common/config'
import { pusherOptions } from './pusher-options'
import { toStatus } from './status'

const config: RuntimeConfig['realtime'] = {
  key: 'k',
  host: 'rt.lotline.test',
  port: 6002,
  scheme: 'https',
  cluster: 'eu',
}

type Callback = (error: Error | null, data: unknown) => void
type Handler = (params: { socketId: string; channelName: string }, callback: Callback) => void

function handlers(authorize = vi.fn(async () => ({ auth: 'key:signature' }))) {
  const options = pusherOptions(config, authorize) as {
    channelAuthorization: { customHandler: Handler }
    userAuthentication: { customHandler: Handler }
  }
  return {
    authorize,
    channel: options.channelAuthorization.customHandler,
    user: options.userAuthentication.customHandler,
  }
}

describe("pusher-js's options", () => {
  it('point at our own service only, over TLS when the config says https', () => {
    expect(pusherOptions(config, vi.fn())).toMatchObject({
      cluster: 'eu',
      wsHost: 'rt.lotline.test',
      wsPort: 6002,
      wssPort: 6002,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      // What pusher-js would POST to without our handlers (they send through the app's client).
      channelAuthorization: { transport: 'ajax', endpoint: 'broadcasting/auth' },
      userAuthentication: { transport: 'ajax', endpoint: 'broadcasting/user-auth' },
    })
    expect(pusherOptions({ ...config, scheme: 'http' }, vi.fn()).forceTLS).toBe(false)
  })

  it('set the timeouts of docs/product.md §1 instead of pusher-js defaults', () => {
    expect(pusherOptions(config, vi.fn())).toMatchObject({
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    })
  })

  it('sign a channel through /broadcasting/auth, and pass the signature on', async () => {
    const { authorize, channel } = handlers()
    const callback = vi.fn()
    channel({ socketId: '1.2', channelName: 'private-wallet.7' }, callback)
    await vi.waitFor(() => expect(callback).toHaveBeenCalled())
    expect(authorize).toHaveBeenCalledWith('auth', {
      socket_id: '1.2',
      channel_name: 'private-wallet.7',
    })
    expect(callback).toHaveBeenCalledWith(null, { auth: 'key:signature' })
  })

  it('sign the user in through /broadcasting/user-auth', async () => {
    const { authorize, user } = handlers()
    const callback = vi.fn()
    user({ socketId: '1.2', channelName: '' }, callback)
    await vi.waitFor(() => expect(callback).toHaveBeenCalled())
    expect(authorize).toHaveBeenCalledWith('user-auth', { socket_id: '1.2' })
    expect(callback).toHaveBeenCalledWith(null, { auth: 'key:signature' })
  })

  it('hand a refusal to pusher-js as an error, with no signature', async () => {
    const refused = new Error('403 forbidden')
    const { channel } = handlers(vi.fn(() => Promise.reject(refused)))
    const callback = vi.fn()
    channel({ socketId: '1.2', channelName: 'private-wallet.8' }, callback)
    await vi.waitFor(() => expect(callback).toHaveBeenCalled())
    expect(callback).toHaveBeenCalledWith(refused, null)
  })
})

describe('the status shown for a pusher-js state', () => {
  it.each([
    ['connected', false, 'live'],
    ['connected', true, 'live'],
    ['initialized', false, 'connecting'],
    ['connecting', false, 'connecting'],
    ['unavailable', false, 'connecting'],
    ['connecting', true, 'reconnecting'],
    ['unavailable', true, 'reconnecting'],
    ['initialized', true, 'reconnecting'],
    ['disconnected', true, 'offline'],
    ['failed', false, 'offline'],
  ] as const)('%s (live before: %s) is %s', (state, everConnected, status) => {
    expect(toStatus(state, everConnected)).toBe(status)
  })

  it('is offline whatever pusher-js says while the browser is offline, except a live socket', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(toStatus('connecting', true)).toBe('offline')
    expect(toStatus('unavailable', false)).toBe('offline')
    expect(toStatus('connected', true)).toBe('live')
    vi.restoreAllMocks()
  })

  it('needs no navigator (a worker, Node)', () => {
    vi.stubGlobal('navigator', undefined)
    expect(toStatus('connecting', false)).toBe('connecting')
  })
})
