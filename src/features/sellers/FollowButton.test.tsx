import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import SellerProfileScreen from './SellerProfileScreen'

const ID = '22222222-2222-4222-8222-222222222222'
const config = { realtime: {}, stripe: { publishableKey: null }, currency: 'EUR', serverTime: '' }
const profile = {
  id: ID,
  name: 'Marta Ruiz',
  memberSince: '2025-03-10T10:00:00.000Z',
  completedSales: 0,
  ratingCount: 0,
  positiveShare: null,
  recentRatings: [],
  openLots: [],
  following: false,
  followers: 4,
}
const user = {
  id: 'u1',
  name: 'A',
  email: 'a@x.test',
  role: 'member',
  alias: 'Bidder A1',
  createdAt: '',
}

function open(follow: () => Response, signedIn = true) {
  const calls: string[] = []
  mockApi({
    'GET /api/session': () => json({ user: signedIn ? user : null }),
    'GET /api/config': () => json(config),
    [`GET /api/sellers/${ID}`]: () => json(profile),
    [`PUT /api/sellers/${ID}/follow`]: () => {
      calls.push('PUT')
      return follow()
    },
  })
  renderWithApp(<Route path="/sellers/:id" component={SellerProfileScreen} />, {
    path: `/sellers/${ID}`,
  })
  return calls
}

describe('follow a seller', () => {
  it('follows at once, with the count, and says Following', async () => {
    const calls = open(() => new Response(null, { status: 204 }))
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }))
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy()
    expect(screen.getByTestId('followers').textContent).toBe('5 followers')
    expect(calls).toEqual(['PUT'])
  })

  it('goes back and says why when the server refuses', async () => {
    open(() => problem(409, 'conflict', 'No'))
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }))
    await waitFor(() => expect(screen.getByTestId('followers').textContent).toBe('4 followers'))
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy()
  })

  it('a guest is asked to sign in', async () => {
    open(() => new Response(null, { status: 204 }), false)
    expect(await screen.findByRole('link', { name: 'Sign in to follow' })).toBeTruthy()
    expect(screen.getByTestId('followers').textContent).toBe('4 followers')
  })
})
