import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import AccountScreen from './AccountScreen'

const alice = {
  id: 'u1',
  name: 'Alice Example',
  email: 'alice@lotline.test',
  role: 'member',
  alias: 'Bidder 7F3A',
  createdAt: '2026-01-01T00:00:00Z',
}

describe('account settings (decision 0025)', () => {
  it('checks the alias with the shared rule before sending, then says when it is taken', async () => {
    const { requests } = mockApi({
      'GET /api/session': () => json({ user: alice }),
      'PATCH /api/me': () =>
        problem(409, 'alias_taken', 'Another member already uses this alias.', {
          alias: 'Another member already uses this alias.',
        }),
    })
    renderWithApp(<AccountScreen />, { path: '/account' })
    const alias = await screen.findByLabelText('Bidder alias')
    fireEvent.change(alias, { target: { value: 'a  b' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText(/Use 3 to 24 letters or digits/)).toBeTruthy()
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)

    fireEvent.change(alias, { target: { value: 'Taken Name' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(
      await screen.findByText('Another member already uses this alias. Choose another one.'),
    ).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('deleting asks for the password and lists every reason it is refused', async () => {
    mockApi({
      'GET /api/session': () => json({ user: alice }),
      'DELETE /api/me': () =>
        problem(409, 'account_has_holds', 'Refused.', { holds: 'x', lots: 'y' }),
    })
    renderWithApp(<AccountScreen />, { path: '/account' })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }))
    const password = screen.getByLabelText('Your password')
    await waitFor(() => expect(document.activeElement).toBe(password))
    fireEvent.change(password, { target: { value: 'my password!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }))
    const refused = await screen.findByTestId('delete-refused')
    expect(refused.textContent).toContain('Money is held for your bids')
    expect(refused.textContent).toContain('You have lots that are scheduled, open')
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }))
    expect(screen.queryByTestId('delete-refused')).toBeNull()
  })
})
