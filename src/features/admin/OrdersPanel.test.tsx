import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminFees, Order } from '../../../common/orders/shapes'
import type { OrderState } from '../../../common/orders/states'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { OrdersPanel } from './OrdersPanel'

afterEach(() => onlineManager.setOnline(true))

const FEES: AdminFees = {
  currency: 'EUR',
  allTime: { premium: 1_250, sellerFee: 2_500, refunded: 600, total: 3_150 },
  recent: { premium: 500, sellerFee: 1_000, refunded: 0, total: 1_500 },
}

function order(state: OrderState, title: string): Order {
  return {
    id: `00000000-0000-4000-8000-00000000000${title.length % 10}`,
    lot: { id: '10000000-0000-4000-8000-000000000001', title },
    unreadMessages: 0,
    buyer: { id: 'b', name: 'Alice' },
    seller: { id: 's', name: 'Carol' },
    viewer: 'admin',
    state,
    stateSince: '2026-11-20T10:00:00.000Z',
    delivery: 'shipping',
    amounts: {
      hammer: 4_000,
      premium: 200,
      shipping: 650,
      buyerTotal: 4_850,
      sellerFee: 400,
      sellerProceeds: 4_250,
    },
    pickupTown: null,
    shipTo: null,
    carrier: null,
    trackingNumber: null,
    refundedAmount: null,
    nextMoves: [],
    autoCompleteAt: null,
    shipBy: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 3,
  }
}

const problemOrder = order('problem', 'Enamel coffee pot')
const resolution = `POST /api/admin/orders/${problemOrder.id}/resolution`

/** The API as an admin sees it; `queue` is what the problem queue answers now. */
function api(extra: Parameters<typeof mockApi>[0] = {}, queue = () => [problemOrder]) {
  return mockApi({
    'GET /api/config': () => json({ currency: 'EUR' }),
    'GET /api/admin/fees': () => json(FEES),
    'GET /api/admin/orders': (request) => {
      const state = new URL(request.url).searchParams.get('state')
      const items =
        state === 'problem'
          ? queue()
          : state === null
            ? [problemOrder, order('shipped', 'Vinyl LP')]
            : []
      return json({ items, nextCursor: null })
    },
    ...extra,
  })
}

const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>

describe('the admin orders panel (issue 29)', () => {
  it('shows the fee totals and the problem queue first, then any state', async () => {
    const { requests } = api()
    renderWithApp(<OrdersPanel />)
    const fees = await screen.findByRole('region', { name: 'Fees taken by the house' })
    expect(within(fees).getAllByText('€31.50')).toHaveLength(1)
    expect(within(fees).getByText('-€6.00')).toBeTruthy()
    expect(await screen.findByText('Enamel coffee pot')).toBeTruthy()
    expect(screen.getByText('Buyer Alice · seller Carol')).toBeTruthy()
    expect(
      screen.getByText(
        'Paid €48.50: hammer €40.00 + premium €2.00 + shipping €6.50 · seller’s fee €4.00',
      ),
    ).toBeTruthy()
    expect(screen.queryByText('Vinyl LP')).toBeNull()

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } })
    expect(await screen.findByText('Vinyl LP')).toBeTruthy()
    // Only the problem can be resolved.
    expect(screen.getAllByRole('button', { name: 'Resolve' })).toHaveLength(1)
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'refunded' } })
    expect(await screen.findByText('No orders here')).toBeTruthy()
    const asked = requests
      .filter((r) => r.url.includes('/api/admin/orders'))
      .map((r) => new URL(r.url).searchParams.get('state'))
    expect(asked).toEqual(['problem', null, 'refunded'])
  })

  it('refunds part with a reason and an Idempotency-Key, refusing a bad amount before sending', async () => {
    let resolved = false
    const { requests } = api(
      {
        [resolution]: () => {
          resolved = true
          return json({ ...problemOrder, state: 'refunded', refundedAmount: 1_250 })
        },
      },
      () => (resolved ? [] : [problemOrder]),
    )
    renderWithApp(<OrdersPanel />)
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }))
    fireEvent.change(screen.getByLabelText('Amount to refund'), { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }))
    expect(
      await screen.findByText('Enter an amount from 0.01 to €48.50, or leave it empty for all.'),
    ).toBeTruthy()
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Amount to refund'), { target: { value: '12,50' } })
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Arrived chipped' } })
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }))
    // The order leaves the queue, and what was done is still said.
    expect(await screen.findByText('No problems to resolve')).toBeTruthy()
    expect(screen.getByText('“Enamel coffee pot”: €12.50 refunded to the buyer.')).toBeTruthy()
    const [sent] = requests.filter((r) => r.method === 'POST')
    expect(await bodyOf(sent!)).toEqual({
      outcome: 'refund',
      amount: 1_250,
      reason: 'Arrived chipped',
    })
    expect(sent!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('completes for the seller, and shows the server’s refusal', async () => {
    const { requests } = api({
      [resolution]: () =>
        problem(409, 'order_wrong_state', 'The order is no longer waiting for this.'),
    })
    renderWithApp(<OrdersPanel />)
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }))
    fireEvent.click(screen.getByLabelText('Complete for the seller'))
    expect(screen.queryByLabelText('Amount to refund')).toBeNull()
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Buyer collected it' } })
    fireEvent.click(screen.getByRole('button', { name: 'Complete order' }))
    expect(
      await screen.findByText('This order has moved on meanwhile. Here is where it stands now.'),
    ).toBeTruthy()
    const [sent] = requests.filter((r) => r.method === 'POST')
    expect(await bodyOf(sent!)).toEqual({ outcome: 'complete', reason: 'Buyer collected it' })
  })

  it('cannot resolve offline, and says why', async () => {
    api()
    renderWithApp(<OrdersPanel />)
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }))
    act(() => onlineManager.setOnline(false))
    const submit = screen.getByRole('button', { name: 'Refund' })
    expect(submit.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('Admin actions need a connection.')).toBeTruthy()
  })

  it('says when the queue is empty, and when the fees cannot be loaded', async () => {
    mockApi({
      'GET /api/config': () => json({ currency: 'EUR' }),
      'GET /api/admin/fees': () => problem(403, 'forbidden', 'Only administrators.'),
      'GET /api/admin/orders': () => json({ items: [], nextCursor: null }),
    })
    renderWithApp(<OrdersPanel />)
    expect(await screen.findByText('No problems to resolve')).toBeTruthy()
    expect(await screen.findByText(/The fee totals could not be loaded/)).toBeTruthy()
  })
})
