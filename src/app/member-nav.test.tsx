import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../offline/query-client'
import { meKey } from '../features/auth/api'
import { json, mockApi } from '../testing/http'
import { renderWithApp } from '../testing/render'
import { Layout } from './Layout'
import { useMemberNavReady } from './member-nav'

// Records whether the member links' chunk was ever asked for (this file's tests run in order).
const imported = vi.hoisted(() => vi.fn())
vi.mock('./MemberNav', async (importOriginal) => {
  imported()
  return importOriginal()
})

const member = { id: 'u1', name: 'A', email: 'a@x.y', role: 'member', alias: 'B', createdAt: '' }

describe("the header's member links", () => {
  it('are never downloaded for a guest', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    renderWithApp(<Layout>x</Layout>)
    await screen.findByRole('link', { name: 'Sign in' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(imported).not.toHaveBeenCalled()
    expect(screen.queryByRole('link', { name: 'Watchlist' })).toBeNull()
  })

  it("hold the boot's gate only at the boot: a later sign-in never closes it on the app", () => {
    const client = createQueryClient()
    client.setQueryData(meKey, null)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result, rerender } = renderHook(() => useMemberNavReady(true), { wrapper })
    expect(result.current).toBe(true) // a guest: open at once
    act(() => client.setQueryData(meKey, member))
    rerender()
    expect(result.current).toBe(true)
    expect(imported).not.toHaveBeenCalled()
  })

  it("hold the boot's gate while a signed-in member's links load", async () => {
    const client = createQueryClient()
    client.setQueryData(meKey, member)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useMemberNavReady(true), { wrapper })
    expect(result.current).toBe(false)
    await waitFor(() => expect(result.current).toBe(true))
    expect(imported).toHaveBeenCalledOnce()
  })

  it('load once someone is signed in, and the header then has them all', async () => {
    mockApi({ 'GET /api/session': () => json({ user: member }) })
    renderWithApp(<Layout>x</Layout>)
    expect(await screen.findByRole('link', { name: 'Watchlist' })).toBeTruthy()
    expect(imported).toHaveBeenCalledOnce()
    for (const name of ['My bids', 'Wallet'])
      expect(screen.getByRole('link', { name })).toBeTruthy()
    // The account: in the main navigation, and the header's icon that phones show instead.
    expect(screen.getAllByRole('link', { name: 'Account' })).toHaveLength(2)
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull()
  })
})
