import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminMember } from '../../../common/admin'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { MembersPanel } from './MembersPanel'

const admin = {
  id: 'admin-1',
  name: 'Ada Admin',
  email: 'ada@lotline.test',
  role: 'admin',
  alias: 'Admin 1',
  createdAt: '2026-01-01T00:00:00Z',
}
const bob: AdminMember = {
  id: '20000000-0000-4000-8000-000000000002',
  name: 'Bob Member',
  email: 'bob@lotline.test',
  alias: 'Bidder 2B',
  role: 'member',
  createdAt: '2026-01-02T00:00:00Z',
  suspendedAt: null,
  balance: 5_000,
  available: 5_000,
  currency: 'EUR',
}

function routes(close: () => Response) {
  return mockApi({
    'GET /api/session': () => json({ user: admin }),
    'GET /api/config': () => json({ currency: 'EUR' }),
    'GET /api/admin/members': () => json({ items: [bob], nextCursor: null }),
    [`POST /api/admin/members/${bob.id}/close`]: close,
  })
}

async function closeBob(reason = 'Asked by e-mail') {
  renderWithApp(<MembersPanel />, { path: '/admin' })
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Bob Member' }))
  const form = screen.getByRole('heading', { name: 'Close account' }).closest('form')!
  const field = form.querySelector('input[name="reason"]')!
  fireEvent.change(field, { target: { value: reason } })
  fireEvent.click(screen.getByRole('button', { name: 'Close account' }))
}

describe('closing a member’s account (decision 0053)', () => {
  it('needs a reason before anything is sent', async () => {
    const { requests } = routes(() => json({ member: bob }))
    await closeBob('')
    expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeTruthy()
    expect(requests.some((r) => r.url.endsWith('/close'))).toBe(false)
  })

  it('shows each reason it is refused, with the money still in the wallet', async () => {
    const { requests } = routes(() =>
      problem(409, 'account_has_orders', 'Refused.', { orders: 'x', money: 'y' }, 5_000),
    )
    await closeBob()
    const refused = await screen.findByTestId('close-refused')
    expect(refused.textContent).toContain('They have orders not finished yet')
    expect(refused.textContent).toContain('Their wallet still holds €50.00')
    const sent = requests.find((r) => r.url.endsWith('/close'))!
    expect(await sent.clone().json()).toEqual({ reason: 'Asked by e-mail' })
  })

  it('says when it is done', async () => {
    routes(() => json({ member: { ...bob, name: 'Deleted member', balance: 0, available: 0 } }))
    await closeBob()
    expect(await screen.findByText('Account closed.')).toBeTruthy()
  })
})
