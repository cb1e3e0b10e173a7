import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { get, set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '../../i18n'
import { PERSIST_KEY } from '../../offline/persist'
import { json, mockApi } from '../../testing/http'
import { stubPush, unstubPush } from '../../testing/push-env'
import { renderWithApp } from '../../testing/render'
import AccountScreen from './AccountScreen'

const alice = {
  id: 'u1',
  name: 'Alice Example',
  email: 'alice@lotline.test',
  role: 'member',
  alias: 'Bidder 7F3A',
  createdAt: '2026-01-01T00:00:00Z',
  emailVerified: true,
}

describe('account screen', () => {
  afterEach(() => {
    unstubPush()
    setLanguage('en')
  })

  it('sends a signed-out visitor to sign-in and back here afterwards', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    const { location } = renderWithApp(<AccountScreen />, { path: '/account' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/sign-in?next=%2Faccount'))
  })

  it('shows the profile with the public alias and switches the language', async () => {
    const { requests } = mockApi({
      'GET /api/session': () => json({ user: alice }),
      'PATCH /api/me': () => json({ user: alice }),
    })
    renderWithApp(<AccountScreen />, { path: '/account' })
    expect(await screen.findByText('Bidder 7F3A')).toBeTruthy()
    expect(screen.getByText('alice@lotline.test')).toBeTruthy()
    expect(screen.getByText('Member')).toBeTruthy()

    fireEvent.click(screen.getByLabelText('Español'))
    expect(await screen.findByRole('heading', { name: 'Tu cuenta' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('es')
    expect(screen.getByRole('button', { name: 'Salir' })).toBeTruthy()
    // The member's mails follow the app's language (decision 0054).
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true))
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(await patch.clone().json()).toEqual({ lang: 'es' })
  })

  it('signing out clears the cached data in memory and in IndexedDB', async () => {
    const { requests } = mockApi({
      'GET /api/session': () => json({ user: alice }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    })
    await set(PERSIST_KEY, JSON.stringify({ buster: 'x', timestamp: 1, clientState: {} }))
    const { client, location } = renderWithApp(<AccountScreen />, { path: '/account' })
    act(() => client.setQueryData(['wallet'], { balance: 50000 }))
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))

    await waitFor(() => expect(location.history.at(-1)).toBe('/'))
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/auth/logout'))).toBe(
      true,
    )
    expect(client.getQueryData(['wallet'])).toBeUndefined()
    expect(client.getQueryData(['me'])).toBeNull()
    expect(await get(PERSIST_KEY)).toBeUndefined()
    expect(await screen.findByText('You are signed out.')).toBeTruthy()
  })

  it('signing out names this browser’s push endpoint, and says signed out only once the browser dropped it', async () => {
    const env = stubPush({ permission: 'granted', subscribed: true })
    let release = () => {}
    const unsubscribe = env.state.subscription!.unsubscribe
    unsubscribe.mockImplementation(
      () =>
        new Promise<boolean>((resolve) => {
          release = () => {
            env.state.subscription = null
            resolve(true)
          }
        }),
    )
    let logoutBody: unknown = null
    let subscribedAtLogout = false
    mockApi({
      'GET /api/session': () => json({ user: alice }),
      'POST /api/auth/logout': async (request) => {
        logoutBody = await request.json()
        subscribedAtLogout = env.state.subscription !== null
        return new Response(null, { status: 204 })
      },
    })
    const { client, location } = renderWithApp(<AccountScreen />, { path: '/account' })
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))

    // The server drops this browser's device before the session ends; the browser's own
    // subscription is dropped after that answer, and sign-out waits for it.
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledOnce())
    expect(logoutBody).toEqual({ pushEndpoint: 'https://push.example/send/abc' })
    expect(subscribedAtLogout).toBe(true)
    expect(location.history.at(-1)).toBe('/account')
    expect(client.getQueryData(['me'])).not.toBeNull()
    act(() => release())
    await waitFor(() => expect(location.history.at(-1)).toBe('/'))
    expect(client.getQueryData(['me'])).toBeNull()
    expect(env.state.subscription).toBeNull()
  })
})
