import { fireEvent, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { Route } from 'wouter'
import type { Address } from '../../../common/orders/addresses'
import type { OrderDetail } from '../../../common/orders/shapes'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import OrderScreen from './OrderScreen'

const ID = '22222222-2222-4222-8222-222222222222'
const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
}
const user = (id: string, name: string) => ({
  id,
  name,
  email: `${id}@lotline.test`,
  role: 'member',
  alias: 'Bidder 7F3A',
  createdAt: '2026-01-01T00:00:00Z',
})
const alice = user('u-alice', 'Alice')
const carol = user('u-carol', 'Carol')

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  lot: { id: '11111111-1111-4111-8111-111111111111', title: 'Brass telescope' },
  unreadMessages: 0,
  buyer: { id: alice.id, name: 'Alice' },
  seller: { id: carol.id, name: 'Carol' },
  viewer: 'buyer',
  state: 'awaiting_address',
  stateSince: '2026-11-20T10:00:00.000Z',
  delivery: 'either',
  amounts: {
    hammer: 10_000,
    premium: 500,
    shipping: 650,
    buyerTotal: 11_150,
    sellerFee: 1_000,
    sellerProceeds: 9_650,
  },
  pickupTown: 'Sevilla',
  shipTo: null,
  carrier: null,
  trackingNumber: null,
  refundedAmount: null,
  nextMoves: ['choose_address', 'choose_pickup'],
  autoCompleteAt: null,
  shipBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  events: [{ state: 'awaiting_address', move: 'created', at: '2026-11-20T10:00:00.000Z' }],
  ...overrides,
})

const address = (id: string, name: string, isDefault: boolean): Address => ({
  id,
  name,
  line1: 'Calle Mayor 1',
  line2: null,
  town: 'Madrid',
  postalCode: '28013',
  country: 'ES',
  phone: null,
  isDefault,
  createdAt: '2026-11-01T00:00:00.000Z',
})
const HOME = '33333333-3333-4333-8333-333333333333'
const WORK = '44444444-4444-4444-8444-444444444444'

function open() {
  return renderWithApp(
    <Route path="/orders/:id">
      <OrderScreen />
    </Route>,
    { path: `/orders/${ID}` },
  )
}

afterEach(() => onlineManager.setOnline(true))

describe('an order, as its buyer sees it', () => {
  it('pre-selects the default address and sends that choice once, with its key', async () => {
    // The server's order: a move changes it, and every later read answers it as it now is.
    let current = order()
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/session': () => json({ user: alice }),
      [`GET /api/orders/${ID}`]: () => json(current),
      'GET /api/me/addresses': () =>
        json({
          items: [address(WORK, 'Alice at work', false), address(HOME, 'Alice at home', true)],
        }),
      [`PUT /api/orders/${ID}/address`]: () =>
        json((current = order({ state: 'awaiting_shipment', nextMoves: ['choose_address'] }))),
    })
    open()
    expect(await screen.findByRole('heading', { name: 'Choose where it goes' })).toBeTruthy()
    const home = await screen.findByRole('radio', { name: /Alice at home/ })
    expect((home as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: /Alice at work/ }) as HTMLInputElement).checked).toBe(
      false,
    )
    // Both were offered: the pickup says it pays the shipping back.
    expect(
      screen.getByRole('radio', {
        name: 'Pick it up in Sevilla instead (€6.50 shipping paid back)',
      }),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send it here' }))
    expect(
      await screen.findByRole('heading', { name: 'Waiting for Carol to send it.' }),
    ).toBeTruthy()
    const puts = requests.filter((r) => r.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(await puts[0]!.clone().json()).toEqual({ addressId: HOME })
    expect(puts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/)
  })

  it('offline, a move is not queued: its button says it needs a connection', async () => {
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/session': () => json({ user: alice }),
      [`GET /api/orders/${ID}`]: () =>
        json(
          order({
            state: 'shipped',
            shipTo: address(HOME, 'Alice', true),
            carrier: 'Correos',
            trackingNumber: 'PK1',
            nextMoves: ['confirm_receipt', 'open_problem'],
            autoCompleteAt: '2026-12-04T10:00:00.000Z',
          }),
        ),
    })
    open()
    const received = await screen.findByRole('button', { name: 'I received it' })
    expect(screen.getByTestId('tracking').textContent).toBe('PK1')
    onlineManager.setOnline(false)
    await waitFor(() => expect((received as HTMLButtonElement).disabled).toBe(true))
    expect(screen.getAllByText('You are offline. This needs a connection.').length).toBeGreaterThan(
      0,
    )
  })

  it('asks before confirming receipt, and shows a refusal in words when the order moved on', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/session': () => json({ user: alice }),
      [`GET /api/orders/${ID}`]: () =>
        json(
          order({
            state: 'shipped',
            shipTo: address(HOME, 'Alice', true),
            carrier: 'Correos',
            nextMoves: ['confirm_receipt', 'open_problem'],
          }),
        ),
      [`POST /api/orders/${ID}/receipt`]: () =>
        problem(409, 'order_wrong_state', 'The order is completed.'),
    })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'I received it' }))
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    expect(screen.getByText(/Confirm that you have it\? Carol is then paid/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I have it' }))
    expect(
      await screen.findByText('This order has moved on meanwhile. Here is where it stands now.'),
    ).toBeTruthy()
  })
})

describe('an order, as its seller sees it', () => {
  it('checks the tracking number before sending, then marks it sent', async () => {
    let current = order({
      viewer: 'seller',
      state: 'awaiting_shipment',
      shipTo: address(HOME, 'Alice', true),
      nextMoves: ['ship'],
      shipBy: '2026-11-25T10:00:00.000Z',
    })
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/session': () => json({ user: carol }),
      [`GET /api/orders/${ID}`]: () => json(current),
      [`POST /api/orders/${ID}/shipment`]: () =>
        json(
          (current = order({
            viewer: 'seller',
            state: 'shipped',
            carrier: 'Correos',
            trackingNumber: 'PK 123',
            nextMoves: [],
          })),
        ),
    })
    open()
    expect(
      await screen.findByRole('heading', { name: 'Send it to Alice, then say how it travels.' }),
    ).toBeTruthy()
    expect(screen.getByTestId('order-amounts').textContent).toContain('Seller receives€96.50')
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: 'Correos' } })
    fireEvent.change(screen.getByLabelText('Tracking number (optional)'), {
      target: { value: 'PK<123>' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Mark as sent' }))
    expect(await screen.findByText(/Use letters, digits, spaces and dashes/)).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Tracking number (optional)'), {
      target: { value: ' PK 123 ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Mark as sent' }))
    expect(
      await screen.findByRole('heading', {
        name: 'Sent. You are paid when Alice confirms it arrived.',
      }),
    ).toBeTruthy()
    const post = requests.find((r) => r.method === 'POST')!
    expect(await post.clone().json()).toEqual({ carrier: 'Correos', trackingNumber: 'PK 123' })
  })
})
