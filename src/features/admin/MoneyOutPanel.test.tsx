import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Payout, Withdrawal } from '../../../common/money-out'
import { json, mockApi, problem, type Handler } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import type { ReconciliationReport } from './money-out-api'
import { MoneyOutPanel } from './MoneyOutPanel'

afterEach(() => onlineManager.setOnline(true))

const member = { id: 'm1', name: 'Carol', email: 'carol@lotline.test' }
const failedPayout: Payout & { member: typeof member } = {
  id: '00000000-0000-4000-8000-000000000001',
  amount: 2_500,
  currency: 'EUR',
  status: 'failed',
  reversedAmount: 0,
  failureMessage: 'The bank account was closed',
  withdrawalId: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  member,
}
const completed: Withdrawal = {
  id: '00000000-0000-4000-8000-000000000002',
  amount: 4_000,
  currency: 'EUR',
  status: 'completed',
  refunds: [],
  payout: null,
  createdAt: '2026-11-22T10:00:00Z',
}
const report = (differences: ReconciliationReport['differences']): ReconciliationReport => ({
  ranAt: '2026-11-27T09:00:00Z',
  checked: 12,
  differences,
})

function api(
  extra: Record<string, Handler> = {},
  latest: () => ReconciliationReport | null = () => null,
) {
  return mockApi({
    'GET /api/admin/reconciliation': () => json({ report: latest() }),
    'GET /api/admin/payouts': (request) =>
      json({
        items: new URL(request.url).searchParams.get('status') === 'failed' ? [failedPayout] : [],
        nextCursor: null,
      }),
    'GET /api/admin/withdrawals': (request) =>
      json({
        items: new URL(request.url).searchParams.get('status') === null ? [completed] : [],
        nextCursor: null,
      }),
    ...extra,
  })
}

const retryPath = `/api/admin/payouts/${failedPayout.id}/retry`

describe('the admin money-out panel (issue 30)', () => {
  it('lists failed payouts with their member and retries one only with a reason', async () => {
    const { requests } = api({
      [`POST ${retryPath}`]: () => json({ ...failedPayout, status: 'pending' }),
    })
    renderWithApp(<MoneyOutPanel />)
    const list = await screen.findByRole('list', { name: 'Payouts' })
    expect(within(list).getByText('€25.00 · failed')).toBeTruthy()
    expect(within(list).getByText(/Carol \(carol@lotline.test\)/)).toBeTruthy()
    expect(within(list).getByText('The bank account was closed')).toBeTruthy()
    fireEvent.click(within(list).getByRole('button', { name: 'Retry' }))
    fireEvent.click(within(list).getByRole('button', { name: 'Send again' }))
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.change(within(list).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Carol fixed her bank account' },
    })
    fireEvent.click(within(list).getByRole('button', { name: 'Send again' }))
    expect(
      await screen.findByText('Sent again. Its status updates here when Stripe answers.'),
    ).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'POST')
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual([retryPath])
    expect(await sent[0]!.clone().json()).toEqual({ reason: 'Carol fixed her bank account' })
  })

  it('shows a refused retry in words', async () => {
    api({ [`POST ${retryPath}`]: () => problem(409, 'not_retryable', 'No') })
    renderWithApp(<MoneyOutPanel />)
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Try again' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }))
    expect(
      await screen.findByText('Only something that failed or is stuck can be tried again.'),
    ).toBeTruthy()
  })

  it('filters withdrawals by status, with an empty state', async () => {
    const { requests } = api()
    renderWithApp(<MoneyOutPanel />)
    await screen.findByRole('list', { name: 'Payouts' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), {
      target: { value: 'withdrawals' },
    })
    expect(await screen.findByText('Nothing here')).toBeTruthy()
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'all' } })
    const list = await screen.findByRole('list', { name: 'Withdrawals' })
    expect(within(list).getByText('€40.00 · completed')).toBeTruthy()
    expect(within(list).queryByRole('button', { name: 'Retry' })).toBeNull()
    const asked = requests
      .filter((r) => new URL(r.url).pathname === '/api/admin/withdrawals')
      .map((r) => new URL(r.url).searchParams.get('status'))
    expect(asked).toEqual(['failed', null])
  })

  it('shows the latest reconciliation and runs it now', async () => {
    let latest: ReconciliationReport | null = null
    const { requests } = api(
      {
        'POST /api/admin/reconciliation': () => {
          latest = report([
            {
              kind: 'payout_status',
              stripeId: 'tr_1',
              ourId: failedPayout.id,
              expected: 'paid',
              found: 'failed',
            },
          ])
          return json({ report: latest })
        },
      },
      () => latest,
    )
    renderWithApp(<MoneyOutPanel />)
    expect(await screen.findByText('It has not run yet.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Run now' }))
    const differences = await screen.findByRole('list', { name: 'Differences' })
    expect(within(differences).getByText('payout_status')).toBeTruthy()
    expect(within(differences).getByText(`Stripe: tr_1 · Lotline: ${failedPayout.id}`)).toBeTruthy()
    expect(within(differences).getByText('Expected paid, found failed')).toBeTruthy()
    expect(screen.getByText(/12 checked/)).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('offline, neither a run nor a retry can be sent', async () => {
    api({}, () => report([]))
    renderWithApp(<MoneyOutPanel />)
    expect(await screen.findByText('No differences.')).toBeTruthy()
    await screen.findByRole('list', { name: 'Payouts' })
    act(() => onlineManager.setOnline(false))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Run now' }).getAttribute('aria-disabled')).toBe(
        'true',
      ),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByRole('button', { name: 'Send again' }).getAttribute('aria-disabled')).toBe(
      'true',
    )
  })
})
