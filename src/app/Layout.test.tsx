import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '../testing/http'
import { pwaStub } from '../testing/pwa-register-stub'
import { renderWithApp } from '../testing/render'
import { Layout } from './Layout'
import { reloadAfterFlush } from './update-reload'

// The reload itself (guard, cache write, location.reload) is UpdatePrompt.test's and
// update-reload.test's subject; here only that the prompt starts it.
vi.mock('./update-reload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./update-reload')>()),
  reloadAfterFlush: vi.fn(async () => undefined),
}))

describe('app layout', () => {
  afterEach(() => pwaStub.reset())

  it('has a skip link to the main content and labelled navigation', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    renderWithApp(
      <Layout>
        <p>content</p>
      </Layout>,
      { path: '/account' },
    )
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    expect(skip.getAttribute('href')).toBe('#main')
    expect(document.getElementById('main')?.textContent).toBe('content')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(nav).toBeTruthy()
    // Signed out: the sign-in link brings the user back to where they were.
    const signIn = await screen.findByRole('link', { name: 'Sign in' })
    expect(signIn.getAttribute('href')).toBe('/sign-in?next=%2Faccount')
  })

  it('has Shows in the nav for guests and members, marked as the current page on a show', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    renderWithApp(<Layout>x</Layout>, { path: '/shows/abc/host' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const shows = within(nav).getByRole('link', { name: 'Shows' })
    expect(shows.getAttribute('href')).toBe('/shows')
    expect(shows.getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Lots' }).getAttribute('aria-current')).toBeNull()
  })

  it('shows Account in the nav once signed in', async () => {
    mockApi({
      'GET /api/session': () =>
        json({
          user: { id: 'u1', name: 'A', email: 'a@x.y', role: 'member', alias: 'B', createdAt: '' },
        }),
    })
    renderWithApp(<Layout>x</Layout>)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(await within(nav).findByRole('link', { name: 'Account' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Shows' }).getAttribute('aria-current')).toBeNull()
  })

  it('shows the offline state in the header and a banner, and clears them when back online', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    renderWithApp(<Layout>x</Layout>)
    // No real-time connection in this test: online means "connecting", never a false "Live".
    expect(screen.getByText('Connecting…')).toBeTruthy()
    act(() => onlineManager.setOnline(false))
    expect(screen.getByText('Offline')).toBeTruthy()
    expect(screen.getByText(/You are offline. You can browse/)).toBeTruthy()
    act(() => onlineManager.setOnline(true))
    expect(screen.queryByText(/You are offline/)).toBeNull()
  })

  it('asks before applying a new version: Reload applies it', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    pwaStub.needRefresh = true
    renderWithApp(<Layout>x</Layout>)
    // The prompt is a chunk loaded after the first paint.
    expect(await screen.findByText('A new version of Lotline is available.')).toBeTruthy()
    expect(pwaStub.updateCalls).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(pwaStub.updateCalls).toBe(1))
    // No waiting worker in the stub: the new version is active, so the reload follows at once.
    await waitFor(() => expect(reloadAfterFlush).toHaveBeenCalledTimes(1))
    expect(typeof pwaStub.options?.onNeedReload).toBe('function')
  })

  it('Later dismisses the update prompt without updating', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    pwaStub.needRefresh = true
    renderWithApp(<Layout>x</Layout>)
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }))
    expect(screen.queryByText('A new version of Lotline is available.')).toBeNull()
    expect(pwaStub.updateCalls).toBe(0)
  })

  it('announces "ready to work offline" only the first time', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    pwaStub.offlineReady = true
    const first = renderWithApp(<Layout>x</Layout>)
    expect(await screen.findByText('Lotline is ready to work offline.')).toBeTruthy()
    expect(pwaStub.offlineReadyHandled).toBe(1)
    first.unmount()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    renderWithApp(<Layout>x</Layout>)
    // The prompt mounts once the page is idle (the next task here) and then handles the same
    // "offline ready" signal (where it decides whether to say it) ...
    act(() => vi.advanceTimersByTime(1))
    await vi.waitUntil(() => pwaStub.offlineReadyHandled === 2, { interval: 5 })
    // ... and stays quiet for longer than a toast would live (6 s): a late toast would show here.
    act(() => vi.advanceTimersByTime(5_900))
    expect(screen.queryByText('Lotline is ready to work offline.')).toBeNull()
  })
})
