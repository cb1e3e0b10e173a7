import { act, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n'
import { json, mockApi } from '../../testing/http'
import { stubPush, unstubPush } from '../../testing/push-env'
import { renderWithApp } from '../../testing/render'
import { PushSync } from './PushSync'

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
})
