import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SOCKET_ID_HEADER } from '../../common/config'
import { api } from '../api/client'
import { FakePusher, REALTIME_CONFIG, fakePusherClass } from '../testing/fake-pusher'
import { json, mockApi } from '../testing/http'
import { PROBE_TIMEOUT_MS, RealtimeClient, type RealtimeDeps } from './connection'

/**
 * The connection's own state (connection.ts): the status the indicator shows, the socket id the
 * app's requests carry, who it is signed in as, and when it reconnects at once.
 */
const running: RealtimeClient[] = []
afterEach(() => {
  for (const client of running.splice(0)) client.stop()
})

function realtime(deps: Partial<RealtimeDeps> = {}) {
  const client = new RealtimeClient({
    config: REALTIME_CONFIG,
    queryClient: new QueryClient(),
    rules: [],
    authorize: async () => ({}),
    loadPusher: async () => fakePusherClass,
    ...deps,
  })
  running.push(client)
  return client
}

async function started(deps: Partial<RealtimeDeps> = {}) {
  const client = realtime(deps)
  await client.start()
  return { client, pusher: FakePusher.last }
}

describe('the status the indicator shows', () => {
  it('tells its listeners of each change, not of a state that maps to the same status', async () => {
    const { client, pusher } = await started()
    const heard: string[] = []
    const stop = client.subscribeStatus(() => heard.push(client.getStatus()))
    expect(client.getStatus()).toBe('connecting')
    pusher.to('connecting')
    pusher.to('connected')
    pusher.to('unavailable')
    pusher.to('connecting')
    expect(heard).toEqual(['live', 'reconnecting'])
    stop()
    pusher.to('connected')
    expect(heard).toEqual(['live', 'reconnecting'])
  })

  it('goes offline with the browser, and is not live once stopped', async () => {
    const { client, pusher } = await started()
    pusher.to('connected')
    window.dispatchEvent(new Event('offline'))
    expect(client.getStatus()).toBe('offline')
    window.dispatchEvent(new Event('online'))
    expect(client.getStatus()).toBe('live')
    client.stop()
    expect(client.getStatus()).toBe('offline')
  })
})

describe('the socket id on the app requests', () => {
  it('is sent while connected (the server leaves this tab out of its own broadcasts), not after', async () => {
    const http = mockApi({ 'GET /api/ping': () => json({}) })
    const { client, pusher } = await started()
    const socketOfNextRequest = async () => {
      await api.get('ping').json()
      return http.requests.at(-1)!.headers.get(SOCKET_ID_HEADER)
    }
    pusher.to('connected')
    expect(await socketOfNextRequest()).toBe('socket-1')
    pusher.to('connecting')
    expect(await socketOfNextRequest()).toBeNull()
    pusher.to('connected')
    client.stop()
    expect(await socketOfNextRequest()).toBeNull()
  })
})

describe('who the connection is signed in as', () => {
  it('signs in once per user, and only when there is a user', async () => {
    const { client, pusher } = await started()
    expect(pusher.signins).toBe(0)
    client.setUser('u1')
    client.setUser('u1')
    expect(pusher.signins).toBe(1)
    client.setUser('u2')
    expect(pusher.signins).toBe(2)
  })

  it('on sign-out, starts a fresh guest connection', async () => {
    const { client, pusher } = await started()
    client.setUser('u1')
    pusher.to('connected')
    client.setUser(null)
    expect(pusher.disconnects).toBe(1)
    expect(pusher.connects).toBe(1)
  })

  it('a guest before pusher-js loads has nothing to sign out of', async () => {
    const client = realtime()
    client.setUser(null)
    await client.start()
    expect(FakePusher.last.disconnects).toBe(0)
    expect(FakePusher.last.signins).toBe(0)
  })
})

describe('reconnecting at once', () => {
  it('when the page comes back and the socket is down, but not while it connects', async () => {
    const { pusher } = await started()
    pusher.to('unavailable')
    window.dispatchEvent(new Event('focus'))
    expect(pusher.connects).toBe(1)
    window.dispatchEvent(new Event('focus'))
    expect(pusher.connects).toBe(1)
    expect(pusher.sent).toEqual([]) // no ping on a socket that is not connected
  })

  it('not when the unanswered ping finds the socket already gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { pusher } = await started()
    pusher.to('connected')
    window.dispatchEvent(new Event('focus'))
    expect(pusher.sent).toEqual(['pusher:ping'])
    pusher.to('unavailable') // pusher-js noticed by itself and is on it
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS)
    expect(pusher.disconnects).toBe(0)
    expect(pusher.connects).toBe(0)
    // The probe is over: the next look sends a new ping.
    pusher.to('connected')
    window.dispatchEvent(new Event('focus'))
    expect(pusher.sent).toEqual(['pusher:ping', 'pusher:ping'])
  })

  it('not by a probe that outlived the connection (stopped meanwhile)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { client, pusher } = await started()
    pusher.to('connected')
    window.dispatchEvent(new Event('focus'))
    client.stop()
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS)
    expect(pusher.connects).toBe(0)
  })

  it('after a ping was answered, the next look asks again; no probe stays listening', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { pusher } = await started()
    pusher.to('connected')
    window.dispatchEvent(new Event('focus'))
    expect(pusher.messageListeners).toBe(1)
    pusher.receive('pusher:pong')
    expect(pusher.messageListeners).toBe(0)
    window.dispatchEvent(new Event('focus'))
    expect(pusher.sent).toEqual(['pusher:ping', 'pusher:ping'])
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS) // unanswered: replaced
    expect(pusher.connects).toBe(1)
    expect(pusher.messageListeners).toBe(0)
  })

  it('asks a connected socket when the browser is back online', async () => {
    const { pusher } = await started()
    pusher.to('connected')
    window.dispatchEvent(new Event('online'))
    expect(pusher.sent).toEqual(['pusher:ping'])
  })

  it('when asked directly, leaves a live or connecting socket alone', async () => {
    const before = realtime()
    before.reconnectNow() // pusher-js not loaded yet: nothing to do
    before.checkAlive()
    const { client, pusher } = await started()
    for (const state of ['connected', 'connecting']) {
      pusher.to(state)
      client.reconnectNow()
    }
    expect(pusher.connects).toBe(0)
    pusher.to('disconnected')
    client.reconnectNow()
    expect(pusher.connects).toBe(1)
  })
})

describe('a connection the service ends', () => {
  it('comes back as the same user when who is signed in is unknown, or cannot be asked', async () => {
    for (const onEnded of [async () => undefined, () => Promise.reject(new Error('offline'))]) {
      const { client, pusher } = await started({ onEnded })
      client.setUser('u1')
      pusher.to('connected')
      pusher.to('disconnected')
      await vi.waitFor(() => expect(pusher.connects).toBe(1))
      client.setUser('u1')
      expect(pusher.signins).toBe(1)
    }
  })

  it('is told apart from a connection that never came up, and from our own sign-out', async () => {
    const onEnded = vi.fn(async () => undefined)
    const { client, pusher } = await started({ onEnded })
    pusher.to('connecting')
    pusher.to('disconnected') // a failed attempt: pusher-js retries by itself
    pusher.to('connected')
    pusher.to('unavailable') // the network went: pusher-js retries by itself
    client.setUser('u1')
    pusher.to('connected')
    client.setUser(null) // our own disconnect, then a guest connection
    expect(onEnded).not.toHaveBeenCalled()
    pusher.to('connected')
    pusher.to('disconnected') // and now the service ends the guest's
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1))
  })

  it('comes back even when nobody can say who is signed in (no onEnded)', async () => {
    const { pusher } = await started()
    pusher.to('connected')
    pusher.to('disconnected')
    await vi.waitFor(() => expect(pusher.connects).toBe(1))
  })

  it('heard before a restart, does not touch the new connection', async () => {
    let answer: (user: string | null) => void = () => {}
    const onEnded = () => new Promise<string | null>((resolve) => (answer = resolve))
    const { client, pusher } = await started({ onEnded })
    pusher.to('connected')
    pusher.to('disconnected')
    client.stop()
    await client.start()
    const fresh = FakePusher.last
    answer('u2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect([pusher.connects, fresh.connects, fresh.signins]).toEqual([0, 0, 0])
  })

  it('is not brought back once the connection was stopped meanwhile', async () => {
    let answer: (user: string | null) => void = () => {}
    const onEnded = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)))
    const { client, pusher } = await started({ onEnded })
    pusher.to('connected')
    pusher.to('disconnected')
    client.stop()
    answer(null)
    await vi.waitFor(() => expect(onEnded).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pusher.connects).toBe(0)
  })
})

it('a channel used and let go before pusher-js loaded is never subscribed', async () => {
  const client = realtime()
  client.use('lot.1')()
  await client.start()
  expect(FakePusher.last.subscribed).toEqual([])
})

it('a stop while pusher-js cannot load ends the loading', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false) // it would wait for `online`
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  let attempts = 0
  const client = realtime({
    loadPusher: () => {
      attempts++
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    },
  })
  const starting = client.start()
  client.stop()
  await starting
  expect(attempts).toBe(1)
  vi.restoreAllMocks()
})

it('signs in through the authorize it was given', async () => {
  const authorize = vi.fn(async () => ({ auth: 'k:sig' }))
  const { pusher } = await started({ authorize })
  const options = pusher.options as {
    userAuthentication: { customHandler: (p: { socketId: string }, cb: () => void) => void }
  }
  expect(pusher.key).toBe(REALTIME_CONFIG.key)
  options.userAuthentication.customHandler({ socketId: '1.2' }, () => undefined)
  expect(authorize).toHaveBeenCalledWith('user-auth', { socket_id: '1.2' })
})

it('a stop while pusher-js loads leaves no connection behind', async () => {
  let loaded: (value: typeof fakePusherClass) => void = () => {}
  const before = FakePusher.last
  const client = realtime({ loadPusher: () => new Promise((resolve) => (loaded = resolve)) })
  const starting = client.start()
  client.stop()
  loaded(fakePusherClass)
  await starting
  expect(FakePusher.last).toBe(before)
})
