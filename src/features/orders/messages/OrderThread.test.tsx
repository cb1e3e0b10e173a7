import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { OrderMessage } from '../../../../common/orders/messages'
import type { Order } from '../../../../common/orders/shapes'
import { applyEvent } from '../../../realtime/bridge'
import { json, mockApi, problem } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { orderMessageKeys } from './keys'
import { OrderThread } from './OrderThread'
import { orderMessageRules } from './rules'

const BUYER = '11111111-1111-4111-8111-111111111111'
const SELLER = '22222222-2222-4222-8222-222222222222'
const ORDER = '33333333-3333-4333-8333-333333333333'
const PATH = `/api/orders/${ORDER}/messages`

const order = (overrides: Partial<Order> = {}): Order => ({
  id: ORDER,
  lot: { id: '44444444-4444-4444-8444-444444444444', title: 'Brass compass' },
  buyer: { id: BUYER, name: 'Ana' },
  seller: { id: SELLER, name: 'Bruno' },
  viewer: 'buyer',
  state: 'awaiting_shipment',
  stateSince: '2026-01-01T10:00:00.000Z',
  delivery: 'shipping',
  amounts: {
    hammer: 10_000,
    premium: 500,
    shipping: 650,
    buyerTotal: 11_150,
    sellerFee: 1_000,
    sellerProceeds: 9_650,
  },
  pickupTown: null,
  shipTo: null,
  carrier: null,
  trackingNumber: null,
  refundedAmount: null,
  nextMoves: [],
  autoCompleteAt: null,
  shipBy: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  version: 2,
  unreadMessages: 1,
  ...overrides,
})

const message = (id: number, from: 'buyer' | 'seller', body: string): OrderMessage => ({
  id,
  orderId: ORDER,
  author:
    from === 'buyer'
      ? { id: BUYER, name: 'Ana', role: 'buyer' }
      : { id: SELLER, name: 'Bruno', role: 'seller' },
  body,
  createdAt: `2026-01-02T1${id}:00:00.000Z`,
})

const page = (...items: OrderMessage[]) => json({ items: items.reverse(), nextCursor: null })
const box = () => screen.getByRole('textbox', { name: 'Message to the seller' })
const sendButton = () => screen.getByRole('button', { name: 'Send' })

describe('an order’s thread', () => {
  it('shows whose each message is, oldest first, and marks what it shows read', async () => {
    const { requests } = mockApi({
      [`GET ${PATH}`]: () =>
        page(message(1, 'buyer', 'Could you send it this week?'), message(2, 'seller', 'Monday.')),
      [`POST ${PATH}/read`]: () => json({ unreadMessages: 0, count: 0 }),
    })
    const { client } = renderWithApp(<OrderThread order={order()} />)
    const list = await screen.findByRole('list', { name: 'Messages about Brass compass' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^You · .*Could you send it this week\?$/),
      expect.stringMatching(/^Bruno \(seller\) · .*Monday\.$/),
    ])
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true))
    const read = requests.find((r) => r.method === 'POST')!
    expect(await read.clone().json()).toEqual({ upTo: 2 })
    await waitFor(() => expect(client.getQueryData(orderMessageKeys.unread)).toEqual({ count: 0 }))
  })

  it('invites the buyer to ask the seller when there is nothing yet, and offers a retry on error', async () => {
    let fail = true
    mockApi({
      [`GET ${PATH}`]: () => (fail ? problem(403, 'forbidden', 'Not now.') : page()),
    })
    renderWithApp(<OrderThread order={order()} />)
    expect(await screen.findByText('Messages could not be loaded')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByText('No messages yet. Ask the seller about Brass compass.'),
    ).toBeTruthy()
  })

  it('sends with its own key, clears the box and shows the message', async () => {
    let answer: (response: Response) => void = () => undefined
    const stored: OrderMessage[] = []
    const { requests } = mockApi({
      [`GET ${PATH}`]: () => page(...stored),
      [`POST ${PATH}`]: async (request) => {
        await new Promise<Response>((resolve) => (answer = resolve))
        const { body } = (await request.clone().json()) as { body: string }
        stored.push(message(5, 'buyer', body))
        return json(stored.at(-1), 201)
      },
    })
    renderWithApp(<OrderThread order={order()} />)
    await screen.findByText('No messages yet. Ask the seller about Brass compass.')
    fireEvent.change(box(), { target: { value: '  Is the case included?\nThanks  ' } })
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true })
    expect((box() as HTMLTextAreaElement).value).toBe('')
    expect(await screen.findByText('Sending…')).toBeTruthy()
    act(() => answer(new Response()))
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull())
    expect(screen.getByText(/Is the case included\?/)).toBeTruthy()
    // Read again from the server once sent: still there, once.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(2),
    )
    expect(screen.getAllByText(/Is the case included\?/)).toHaveLength(1)
    const post = requests.find((r) => r.method === 'POST')!
    expect(await post.clone().json()).toEqual({ body: 'Is the case included?\nThanks' })
    expect(post.headers.get('idempotency-key')).toMatch(/.{8,}/)
  })

  it('counts near the limit, refuses past it, and says why the server refused', async () => {
    const { requests } = mockApi({
      [`GET ${PATH}`]: () => page(),
      [`POST ${PATH}`]: () =>
        problem(422, 'validation_failed', 'Some fields need attention.', {
          body: 'Must not contain text-direction controls.',
        }),
    })
    renderWithApp(<OrderThread order={order()} />)
    await screen.findByText('No messages yet. Ask the seller about Brass compass.')
    fireEvent.change(box(), { target: { value: 'a'.repeat(1900) } })
    expect(screen.getByText('1900 of 2000 characters')).toBeTruthy()
    fireEvent.change(box(), { target: { value: 'a'.repeat(2001) } })
    expect(
      screen.getByText('Keep it to 2000 characters: this is 1 character too many.'),
    ).toBeTruthy()
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true)
    expect(box().getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(box(), { target: { value: '   ' } })
    fireEvent.click(sendButton())
    expect(screen.getByText('Write a message first.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(box(), { target: { value: 'evil \u202e text' } })
    fireEvent.click(sendButton())
    expect(
      await screen.findByText(
        'Your message was not sent: Must not contain text-direction controls.',
      ),
    ).toBeTruthy()
    expect((box() as HTMLTextAreaElement).value).toBe('evil \u202e text')
  })

  it('queues a send made offline, says so, and sends it once back online', async () => {
    // What the server holds: back online, a refetch may come before or after the send's answer.
    const stored = [message(1, 'buyer', 'Hello')]
    const { requests } = mockApi({
      [`GET ${PATH}`]: () => page(...stored),
      [`POST ${PATH}`]: () => {
        stored.push(message(6, 'buyer', 'From the tunnel'))
        return json(stored.at(-1), 201)
      },
    })
    renderWithApp(<OrderThread order={order({ unreadMessages: 0 })} />)
    await screen.findByText('Hello')
    act(() => onlineManager.setOnline(false))
    expect(
      screen.getByText('You are offline. What you send goes out when you are back online.'),
    ).toBeTruthy()
    fireEvent.change(box(), { target: { value: 'From the tunnel' } })
    fireEvent.click(sendButton())
    expect(await screen.findByText('Sending when you are back online')).toBeTruthy()
    expect(screen.getByText('From the tunnel')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(screen.queryByText('Sending when you are back online')).toBeNull())
    await waitFor(() => expect(screen.getAllByText('From the tunnel')).toHaveLength(1))
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('shows a message from the other side as it arrives, once, and counts it unread', async () => {
    // What the server holds: a refetch (the browser back online, say) finds the message too.
    const stored: OrderMessage[] = []
    mockApi({
      [`GET ${PATH}`]: () => page(...stored),
      [`POST ${PATH}/read`]: () => json({ unreadMessages: 0, count: 0 }),
    })
    const { client } = renderWithApp(<OrderThread order={order({ unreadMessages: 0 })} />)
    await screen.findByText('No messages yet. Ask the seller about Brass compass.')
    client.setQueryData(orderMessageKeys.unread, { count: 2 })
    const event = { orderId: ORDER, message: message(7, 'seller', 'Shipped today.') }
    stored.push(event.message)
    act(() => {
      for (const rule of orderMessageRules) applyEvent(client, rule, { userId: BUYER }, event)
      applyEvent(client, orderMessageRules[0], { userId: BUYER }, event)
    })
    expect(await screen.findByText('Shipped today.')).toBeTruthy()
    expect(screen.getAllByText('Shipped today.')).toHaveLength(1)
    // Counted, then read because it is on screen.
    await waitFor(() => expect(client.getQueryData(orderMessageKeys.unread)).toEqual({ count: 0 }))
  })

  it('lets an admin only read once the problem is settled', async () => {
    mockApi({ [`GET ${PATH}`]: () => page(message(1, 'buyer', 'Hello')) })
    renderWithApp(<OrderThread order={order({ viewer: 'admin', state: 'completed' })} />)
    await screen.findByText('Hello')
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(
      screen.getByText('The problem is settled: only the buyer and the seller write here now.'),
    ).toBeTruthy()
  })
})
