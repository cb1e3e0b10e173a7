import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished } from 'vitest'
import { loadLanguage, setLanguage } from '../../i18n'
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

  /** Opens the delete form and submits it with a password; returns the refusal shown. */
  async function refuseDelete() {
    renderWithApp(<AccountScreen />, { path: '/account' })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }))
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'my password!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }))
    return screen.findByTestId('delete-refused')
  }

  it('with money in the wallet, shows the amount and offers to withdraw it first', async () => {
    mockApi({
      'GET /api/session': () => json({ user: alice }),
      'DELETE /api/me': () => problem(409, 'account_has_money', 'Refused.', { money: 'x' }, 5_050),
    })
    const refused = await refuseDelete()
    expect(refused.textContent).toContain('Your wallet still holds €50.50.')
    const withdraw = screen.getByRole('link', { name: 'Withdraw it first' })
    expect(withdraw.getAttribute('href')).toBe('/wallet?withdraw=1')
  })

  it('with orders not finished, links to them; with money on its way out, says to wait', async () => {
    mockApi({
      'GET /api/session': () => json({ user: alice }),
      'DELETE /api/me': () =>
        problem(409, 'account_has_orders', 'Refused.', { orders: 'x', inTransit: 'y' }),
    })
    const refused = await refuseDelete()
    expect(refused.textContent).toContain('You have orders that are not finished yet')
    expect(screen.getByRole('link', { name: 'See my orders' }).getAttribute('href')).toBe('/orders')
    expect(refused.textContent).toContain('Wait until it has arrived, then try again.')
    expect(screen.queryByRole('link', { name: 'Withdraw it first' })).toBeNull()
  })

  it('in Spanish, says the amount and the way out in Spanish', async () => {
    mockApi({
      'GET /api/session': () => json({ user: alice }),
      'DELETE /api/me': () =>
        problem(409, 'money_in_transit', 'Refused.', { inTransit: 'x', money: 'y' }, 1_000),
    })
    await loadLanguage('es')
    setLanguage('es')
    onTestFinished(() => setLanguage('en'))
    renderWithApp(<AccountScreen />, { path: '/account' })
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta…' }))
    fireEvent.change(screen.getByLabelText('Tu contraseña'), { target: { value: 'my password!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar cuenta' }))
    const refused = await screen.findByTestId('delete-refused')
    expect(refused.textContent).toContain('Hay dinero tuyo en camino')
    expect(refused.textContent).toMatch(/Tu monedero aún tiene 10,00\s€/)
    expect(screen.getByRole('link', { name: 'Retíralo antes' })).toBeTruthy()
  })
})
