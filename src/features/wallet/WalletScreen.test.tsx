import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LedgerEntry } from '../../../common/wallet'
import { createQueryClient } from '../../offline/query-client'
import { applyEvent, applyResubscribe } from '../../realtime/bridge'
import { json, mockApi } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { holdsKey, ledgerKey, walletKey } from './api'
import { walletRules, walletUpdatedRule } from './realtime'
import WalletScreen from './WalletScreen'

const me = {
  user: {
    id: 'u1',
    name: 'A',
    email: 'a@x.y',
    role: 'member',
    alias: 'Bidder 1',
    createdAt: '',
    emailVerified: true,
  },
}
const config = (publishableKey: string | null, demoCredit = 0) => ({
  realtime: { key: 'k', host: 'localhost', port: 6001, scheme: 'http', cluster: 'mt1' },
  stripe: { publishableKey },
  currency: 'EUR',
  money: { cardPayments: publishableKey !== null, payouts: publishableKey !== null, demoCredit },
  serverTime: new Date().toISOString(),
})
const wallet = {
  balance: 52_500,
  held: 4_000,
  available: 48_500,
  pending: 0,
  currency: 'EUR',
  version: 7,
}
const entry = (id: number, kind: LedgerEntry['kind'], amount: number): LedgerEntry => ({
  id,
  kind,
  amount,
  lotId: kind === 'purchase' ? 'lot-1' : null,
  lotTitle: kind === 'purchase' ? 'Brass telescope' : null,
  reason:
    kind === 'adjustment'
      ? 'Welcome credit'
      : kind === 'withdrawal'
        ? 'Withdrawal 05a666e3-17d8-4c39-aee5-a06e06cea600 to a card'
        : null,
  createdAt: '2026-11-20T10:00:00Z',
})

function routes(publishableKey: string | null = 'pk_test_1', demoCredit = 0) {
  return mockApi({
    'GET /api/session': () => json(me),
    'GET /api/config': () => json(config(publishableKey, demoCredit)),
    'GET /api/wallet': () => json(wallet),
    'GET /api/wallet/holds': () =>
      json({
        items: [
          {
            lotId: 'lot-9',
            lotTitle: 'Oak chest',
            amount: 4000,
            lotEndsAt: '2026-11-30T10:00:00Z',
          },
        ],
      }),
    'GET /api/wallet/ledger': (request) =>
      new URL(request.url).searchParams.get('cursor') === '2'
        ? json({
            items: [entry(1, 'adjustment', 50_000), entry(0, 'demo_credit', 50_000)],
            nextCursor: null,
          })
        : json({
            items: [
              entry(4, 'withdrawal', -500),
              entry(3, 'top_up', 2_500),
              entry(2, 'purchase', -1_000),
            ],
            nextCursor: '2',
          }),
  })
}

describe('wallet screen', () => {
  it('shows available, balance and held, holds by lot, and the history with Load more', async () => {
    routes()
    renderWithApp(<WalletScreen />, { path: '/wallet' })
    expect(await screen.findByText('€485.00')).toBeTruthy()
    expect(screen.getByText('€525.00')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/wallet/top-up')
    const hold = await screen.findByRole('link', { name: 'Oak chest' })
    expect(hold.getAttribute('href')).toBe('/lots/lot-9')
    expect(await screen.findByText('Card top-up')).toBeTruthy()
    expect(screen.getByText('+€25.00')).toBeTruthy()
    expect(screen.getByText('Purchase')).toBeTruthy()
    expect(screen.getByText('−€10.00')).toBeTruthy()
    // Money sent back to a card says so, without the server's note and its ids.
    expect(screen.getByText('Back to your card')).toBeTruthy()
    expect(screen.queryByText(/05a666e3/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Welcome credit')).toBeTruthy()
    expect(screen.getByText('Adjustment')).toBeTruthy()
    expect(screen.getByText('Demo credit')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull())
  })

  it('says in plain words that card top-ups and payouts are off instead of offering a top-up', async () => {
    routes(null)
    renderWithApp(<WalletScreen />, { path: '/wallet' })
    const note = await screen.findByText(/card top-ups and payouts are off here/)
    expect(note.textContent).not.toContain('demo credit')
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull()
  })

  it('local mode: says the balance includes demo credit that can never be withdrawn', async () => {
    routes(null, 50_000)
    renderWithApp(<WalletScreen />, { path: '/wallet' })
    const note = await screen.findByText(/card top-ups and payouts are off here/)
    expect(note.textContent).toContain('€500.00 of demo credit')
    expect(note.textContent).toContain('can never be withdrawn or paid out')
  })

  it('offline: the saved values with their age, and why top-up is not possible', async () => {
    routes()
    const client = createQueryClient()
    const saved = Date.now() - 5 * 60_000
    client.setQueryData(['me'], me.user, { updatedAt: saved })
    client.setQueryData(['config'], config('pk_test_1'), { updatedAt: saved })
    client.setQueryData(walletKey, wallet, { updatedAt: saved })
    act(() => onlineManager.setOnline(false))
    renderWithApp(<WalletScreen />, { path: '/wallet', client })
    expect(await screen.findByText('€485.00')).toBeTruthy()
    expect(screen.getByText('Saved 5 minutes ago')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Top up' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull()
    expect(
      screen.getByText('You are offline. Top-ups need a connection and are never queued.'),
    ).toBeTruthy()
  })

  it('sends a signed-out visitor to sign in and back', async () => {
    mockApi({
      'GET /api/session': () => json({ user: null }),
      'GET /api/config': () => json(config('pk_test_1')),
    })
    const { location } = renderWithApp(<WalletScreen />, { path: '/wallet' })
    await waitFor(() => expect(location.history.at(-1)).toBe('/sign-in?next=%2Fwallet'))
  })
})

describe('wallet.updated bridge rule', () => {
  it('patches the wallet with the next version, ignores old ones, refetches on a gap', () => {
    const client = createQueryClient()
    client.setQueryData(walletKey, wallet)
    client.setQueryData(ledgerKey, { pages: [], pageParams: [] })
    const userId = '22222222-2222-4222-8222-222222222222'
    const params = { userId }
    expect(walletUpdatedRule.channel.exec(`private-wallet.${userId}`)?.groups).toEqual(params)
    const next = { ...wallet, version: 8, balance: 55_000, available: 51_000 }
    expect(applyEvent(client, walletUpdatedRule, params, next)).toBe('patched')
    expect(client.getQueryData(walletKey)).toEqual(next)
    expect(applyEvent(client, walletUpdatedRule, params, wallet)).toBe('ignored')
    expect(applyEvent(client, walletUpdatedRule, params, { ...wallet, version: 11 })).toBe(
      'invalidated',
    )
    expect(client.getQueryState(ledgerKey)?.isInvalidated).toBe(true)
    expect(applyResubscribe(client, walletRules, `private-wallet.${userId}`)).toEqual([
      walletKey,
      ledgerKey,
      holdsKey,
    ])
  })
})
