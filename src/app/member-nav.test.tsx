import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '../testing/http'
import { renderWithApp } from '../testing/render'
import { Layout } from './Layout'

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

  it('load once someone is signed in, and the header then has them all', async () => {
    mockApi({ 'GET /api/session': () => json({ user: member }) })
    renderWithApp(<Layout>x</Layout>)
    expect(await screen.findByRole('link', { name: 'Watchlist' })).toBeTruthy()
    expect(imported).toHaveBeenCalledOnce()
    for (const name of ['My bids', 'Wallet', 'Account'])
      expect(screen.getByRole('link', { name })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull()
  })
})
