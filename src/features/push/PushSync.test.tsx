import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n'
import { json, mockApi, problem } from '../../testing/http'
import { stubPush, unstubPush } from '../../testing/push-env'
import { renderWithApp } from '../../testing/render'
import { PushSync } from './PushSync'
import { base64UrlBytes } from './browser'

const config = (push: { publicKey: string } | null) => ({
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
  push,
})
const KEY = `B${'A'.repeat(86)}`

function start(userId: string, push: { publicKey: string } | null = { publicKey: KEY }) {
  const api = mockApi({
    'GET /api/config': () => json(config(push)),
    'POST /api/push/subscriptions': () =>
      json({ id: 'd1', device: 'PC', browser: 'X', createdAt: '', current: true }),
  })
  const view = renderWithApp(<PushSync userId={userId} />)
  const posts = () => api.requests.filter((r) => r.method === 'POST')
  return { ...api, ...view, posts }
}
/** The config has been read and the effect had its chance. */
async function settle(requests: Request[]) {
  await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/config'))).toBe(true))
  await act(() => new Promise((r) => setTimeout(r, 100)))
}

/** This browser already subscribed with the server's key (so start-up keeps it). */
function subscribedWithKey(env: ReturnType<typeof stubPush>) {
  const subscription = env.state.subscription!
  subscription.options.applicationServerKey = base64UrlBytes(KEY).buffer
  return subscription
}

afterEach(() => {
  unstubPush()
  setLanguage('en')
})

describe('start-up keeps this browser registered (decision 0032)', () => {
  it('granted: subscribes if needed and registers, again when the language changes', async () => {
    const env = stubPush({ permission: 'granted' })
    const { posts } = start('u-start')
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(env.requestPermission).not.toHaveBeenCalled()
    expect((await posts()[0]!.clone().json()).lang).toBe('en')
    act(() => setLanguage('es'))
    await waitFor(() => expect(posts()).toHaveLength(2))
    expect((await posts()[1]!.clone().json()).lang).toBe('es')
    // The same browser subscription both times.
    expect(env.subscribe).toHaveBeenCalledOnce()
  })

  it('never asks, and does nothing unless granted, with push on, and not removed here', async () => {
    const asked = stubPush({ permission: 'default' })
    const a = start('u-default')
    await settle(a.requests)
    expect(a.posts()).toHaveLength(0)
    expect(asked.requestPermission).not.toHaveBeenCalled()
    a.unmount()

    stubPush({ permission: 'granted' })
    const b = start('u-off', null)
    await settle(b.requests)
    expect(b.posts()).toHaveLength(0)
    b.unmount()

    localStorage.setItem('lotline.pushOff', '1')
    const c = start('u-removed')
    await settle(c.requests)
    expect(c.posts()).toHaveLength(0)
  })

  it('an endpoint the server keeps for another member: drops it, subscribes afresh, registers once', async () => {
    const env = stubPush({ permission: 'granted', subscribed: true })
    const taken = subscribedWithKey(env)
    const registered: string[] = []
    mockApi({
      'GET /api/config': () => json(config({ publicKey: KEY })),
      'POST /api/push/subscriptions': async (request) => {
        const { endpoint } = (await request.json()) as { endpoint: string }
        registered.push(endpoint)
        return endpoint === taken.endpoint
          ? problem(409, 'push_endpoint_taken', 'Another member gets these alerts.')
          : json({ id: 'd2', device: 'PC', browser: 'X', createdAt: '', current: true }, 201)
      },
    })
    renderWithApp(<PushSync userId="u-taken" />)
    await waitFor(() => expect(registered).toHaveLength(2))
    expect(taken.unsubscribe).toHaveBeenCalledOnce()
    expect(registered).toEqual([taken.endpoint, 'https://push.example/send/abc-2'])
    expect(env.state.subscription?.endpoint).toBe('https://push.example/send/abc-2')
  })

  it('refused again after subscribing afresh: stops there (no loop)', async () => {
    const env = stubPush({ permission: 'granted', subscribed: true })
    subscribedWithKey(env)
    const registered: string[] = []
    mockApi({
      'GET /api/config': () => json(config({ publicKey: KEY })),
      'POST /api/push/subscriptions': async (request) => {
        registered.push(((await request.json()) as { endpoint: string }).endpoint)
        return problem(409, 'push_endpoint_taken', 'Another member gets these alerts.')
      },
    })
    renderWithApp(<PushSync userId="u-taken-twice" />)
    await waitFor(() => expect(registered).toHaveLength(2))
    // The fresh subscription was made and refused too; nothing more is sent after that.
    await waitFor(() => expect(env.subscribe).toHaveBeenCalledOnce())
    await act(() => new Promise((r) => setTimeout(r, 200)))
    expect(registered).toHaveLength(2)
  })
})
