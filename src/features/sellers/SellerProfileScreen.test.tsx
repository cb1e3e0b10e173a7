import { act, fireEvent, screen } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { SellerProfile } from '../../../common/orders/ratings'
import { json, mockApi, problem } from '../../testing/http'
import { summary } from '../../testing/lot-fixtures'
import { renderWithApp } from '../../testing/render'
import SellerProfileScreen from './SellerProfileScreen'

const ID = '22222222-2222-4222-8222-222222222222'
const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
}
const user = (role: 'member' | 'admin') => ({
  id: 'u1',
  name: 'Alice',
  email: 'a@x.test',
  role,
  alias: 'Bidder A1',
  createdAt: '',
})

function profile(overrides: Partial<SellerProfile> = {}): SellerProfile {
  return {
    id: ID,
    name: 'Marta Ruiz',
    memberSince: '2025-03-10T10:00:00.000Z',
    completedSales: 3,
    ratingCount: 3,
    positiveShare: 2 / 3,
    recentRatings: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        score: 'negative',
        comment: 'Never again.',
        createdAt: '2026-11-01T10:00:00.000Z',
        raterName: 'Luis',
      },
      {
        id: '44444444-4444-4444-8444-444444444444',
        score: 'positive',
        comment: '',
        createdAt: '2026-10-01T10:00:00.000Z',
        raterName: 'Ana',
      },
    ],
    openLots: [summary({ title: 'Pocket watch' })],
    followers: 0,
    following: false,
    ...overrides,
  }
}

function open(routes: Parameters<typeof mockApi>[0], role: 'member' | 'admin' | null = null) {
  const api = mockApi({
    'GET /api/session': () => json({ user: role ? user(role) : null }),
    'GET /api/config': () => json(config),
    ...routes,
  })
  const view = renderWithApp(<Route path="/sellers/:id" component={SellerProfileScreen} />, {
    path: `/sellers/${ID}`,
  })
  return { ...api, ...view }
}

describe('seller profile screen', () => {
  it('shows the seller, their numbers, ratings and open lots to a guest', async () => {
    open({ [`GET /api/sellers/${ID}`]: () => json(profile()) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Marta Ruiz' })).toBeTruthy()
    expect(screen.getByText('Member since March 2025')).toBeTruthy()
    expect(screen.getByTestId('seller-sales').textContent).toBe('3 sales')
    expect(screen.getByTestId('seller-share').textContent).toBe(
      '67% positive from 3 ratings in the last 12 months',
    )
    expect(screen.getByText('Never again.')).toBeTruthy()
    expect(screen.getByText('No comment.')).toBeTruthy()
    expect(screen.getByText(/^Luis · /)).toBeTruthy()
    const lot = screen.getByRole('link', { name: 'Pocket watch' })
    expect(lot.getAttribute('href')).toBe(`/lots/${summary().id}`)
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()
  })

  it('says when there are no ratings and no open lots', async () => {
    open({
      [`GET /api/sellers/${ID}`]: () =>
        json(
          profile({
            completedSales: 0,
            ratingCount: 0,
            positiveShare: null,
            recentRatings: [],
            openLots: [],
          }),
        ),
    })
    expect(await screen.findByText('No ratings yet')).toBeTruthy()
    expect(screen.getByTestId('seller-sales').textContent).toBe('No sales yet')
    expect(screen.getByTestId('seller-share').textContent).toBe('No ratings in the last 12 months')
    expect(screen.getByText('No open lots right now')).toBeTruthy()
  })

  it('says an unknown seller does not exist', async () => {
    open({ [`GET /api/sellers/${ID}`]: () => problem(404, 'not_found', 'Seller not found.') })
    expect(await screen.findByText('This seller does not exist')).toBeTruthy()
  })

  it('offers a retry when the profile fails to load, and shows it once it does', async () => {
    let fail = true
    open({
      [`GET /api/sellers/${ID}`]: () =>
        fail ? problem(500, 'internal_error', 'Boom') : json(profile()),
    })
    expect(
      await screen.findByText('This seller could not be loaded', {}, { timeout: 5000 }),
    ).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Marta Ruiz' })).toBeTruthy()
  })

  it('offline with nothing saved, says it shows when online', async () => {
    act(() => onlineManager.setOnline(false))
    open({ [`GET /api/sellers/${ID}`]: () => json(profile()) })
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy()
  })

  it('lets an admin remove a rating with a reason', async () => {
    const ratingId = profile().recentRatings[0]!.id
    const bodies: unknown[] = []
    open(
      {
        [`GET /api/sellers/${ID}`]: () => json(profile()),
        [`DELETE /api/admin/ratings/${ratingId}`]: async (request) => {
          bodies.push(await request.json())
          return json({ id: ratingId, removedAt: new Date().toISOString() })
        },
      },
      'admin',
    )
    const removes = await screen.findAllByRole('button', { name: 'Remove' })
    fireEvent.click(removes[0]!)
    fireEvent.click(screen.getByRole('button', { name: 'Remove rating' }))
    expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeTruthy()
    expect(bodies).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Insults the seller' } })
    fireEvent.click(screen.getByRole('button', { name: 'Remove rating' }))
    expect(await screen.findByText('The rating was removed.')).toBeTruthy()
    expect(bodies).toEqual([{ reason: 'Insults the seller' }])
  })
})
