import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { OrderRatings, Rating } from '../../../../common/orders/ratings'
import type { Order } from '../../../../common/orders/shapes'
import { json, mockApi, problem } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { OrderRating } from './OrderRating'

const ORDER_ID = '55555555-5555-4555-8555-555555555555'
const BUYER = { id: '66666666-6666-4666-8666-666666666666', name: 'Ana' }
const SELLER = { id: '77777777-7777-4777-8777-777777777777', name: 'Marta' }

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    lot: { id: '11111111-1111-4111-8111-111111111111', title: 'Brass compass' },
    unreadMessages: 0,
    buyer: BUYER,
    seller: SELLER,
    viewer: 'buyer',
    state: 'completed',
    stateSince: '2026-11-20T10:00:00.000Z',
    delivery: 'pickup',
    amounts: {
      hammer: 10_000,
      premium: 500,
      shipping: 0,
      buyerTotal: 10_500,
      sellerFee: 1_000,
      sellerProceeds: 9_000,
    },
    pickupTown: 'Segovia',
    shipTo: null,
    carrier: null,
    trackingNumber: null,
    refundedAmount: null,
    nextMoves: [],
    autoCompleteAt: null,
    shipBy: null,
    createdAt: '2026-11-18T10:00:00.000Z',
    version: 3,
    ...overrides,
  }
}

function rating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    score: 'positive',
    comment: 'Quick and kind.',
    author: BUYER,
    subjectRole: 'seller',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    removed: false,
    ...overrides,
  }
}

function ratings(overrides: Partial<OrderRatings> = {}): OrderRatings {
  return {
    mine: null,
    theirs: null,
    all: null,
    canRate: true,
    rateUntil: '2026-12-20T10:00:00.000Z',
    editableUntil: null,
    ...overrides,
  }
}

const url = `/api/orders/${ORDER_ID}`

describe('order rating', () => {
  it('shows nothing and asks nothing before the order completes', () => {
    const { requests } = mockApi({})
    const { container } = renderWithApp(<OrderRating order={order({ state: 'shipped' })} />)
    expect(container.textContent).toBe('')
    expect(requests).toHaveLength(0)
  })

  it('rates the seller: a choice is required, the comment is counted and bounded', async () => {
    const sent: unknown[] = []
    mockApi({
      [`GET ${url}/ratings`]: () => json(ratings()),
      [`PUT ${url}/rating`]: async (request) => {
        const body = (await request.json()) as { score: 'positive'; comment: string }
        sent.push(body)
        return json(
          ratings({
            mine: rating(body),
            editableUntil: '2026-11-28T10:00:00.000Z',
          }),
        )
      },
    })
    renderWithApp(<OrderRating order={order()} />)
    expect(await screen.findByRole('heading', { name: 'Rate the seller' })).toBeTruthy()
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(await screen.findByText('Choose positive, neutral or negative.')).toBeTruthy()

    const comment = screen.getByLabelText('Comment (optional)')
    fireEvent.change(comment, { target: { value: 'a'.repeat(501) } })
    expect(screen.getByText('501/500')).toBeTruthy()
    expect(screen.getByText('At most 500 characters.')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Positive' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(sent).toHaveLength(0)

    fireEvent.change(comment, { target: { value: 'line one\nline two' } })
    expect(screen.getByText('Write one paragraph, without line breaks.')).toBeTruthy()

    fireEvent.change(comment, { target: { value: '  Quick and kind.  ' } })
    expect(screen.getByText('15/500')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(await screen.findByText('Thank you: your rating was sent.')).toBeTruthy()
    expect(sent).toEqual([{ score: 'positive', comment: 'Quick and kind.' }])
    const mine = screen.getByTestId('rating-mine')
    expect(mine.textContent).toContain('Your rating')
    expect(mine.textContent).toContain('Quick and kind.')
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy()
  })

  it('changes a rating within its day, starting from what was sent', async () => {
    const sent: unknown[] = []
    const mineNow = rating()
    mockApi({
      [`GET ${url}/ratings`]: () =>
        json(ratings({ mine: mineNow, editableUntil: '2026-11-22T10:00:00.000Z' })),
      [`PUT ${url}/rating`]: async (request) => {
        sent.push(await request.json())
        return json(
          ratings({
            mine: rating({ score: 'neutral' }),
            editableUntil: '2026-11-22T10:00:00.000Z',
          }),
        )
      },
    })
    renderWithApp(<OrderRating order={order()} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }))
    expect((screen.getByRole('radio', { name: 'Positive' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe(
      'Quick and kind.',
    )
    fireEvent.click(screen.getByRole('radio', { name: 'Neutral' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your rating was changed.')).toBeTruthy()
    expect(sent).toEqual([{ score: 'neutral', comment: 'Quick and kind.' }])
  })

  it('once locked, shows my rating without a change, and what the other side said of me', async () => {
    mockApi({
      [`GET ${url}/ratings`]: () =>
        json(
          ratings({
            mine: rating({ author: SELLER, subjectRole: 'buyer', comment: 'Paid fast.' }),
            theirs: rating({ comment: 'Well packed.', score: 'neutral' }),
            canRate: false,
            editableUntil: '2026-11-22T10:00:00.000Z',
          }),
        ),
    })
    renderWithApp(<OrderRating order={order({ viewer: 'seller' })} />)
    expect(await screen.findByText('Ratings are fixed a day after they are sent.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull()
    const theirs = screen.getByTestId('rating-theirs')
    expect(theirs.textContent).toContain('The buyer rated you')
    expect(theirs.textContent).toContain('Neutral')
    expect(theirs.textContent).toContain('Well packed.')
  })

  it('says when the time to rate has passed', async () => {
    mockApi({ [`GET ${url}/ratings`]: () => json(ratings({ canRate: false })) })
    renderWithApp(<OrderRating order={order()} />)
    expect(await screen.findByText('The time to rate this order has passed.')).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
  })

  it('shows the server refusal in words', async () => {
    mockApi({
      [`GET ${url}/ratings`]: () => json(ratings()),
      [`PUT ${url}/rating`]: () =>
        problem(409, 'rating_window_closed', 'The time to rate this order has passed.'),
    })
    renderWithApp(<OrderRating order={order()} />)
    fireEvent.click(await screen.findByRole('radio', { name: 'Negative' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }))
    expect(await screen.findByText('The 30 days to rate this order have passed.')).toBeTruthy()
  })

  it('shows an admin both ratings, removed ones marked, and no form', async () => {
    mockApi({
      [`GET ${url}/ratings`]: () =>
        json(
          ratings({
            all: [
              rating({ removed: true, comment: 'Rude words.' }),
              rating({ author: SELLER, subjectRole: 'buyer', comment: 'Paid fast.' }),
            ],
            canRate: false,
          }),
        ),
    })
    renderWithApp(<OrderRating order={order({ viewer: 'admin' })} />)
    expect(await screen.findByText('The buyer’s rating of the seller')).toBeTruthy()
    expect(screen.getByText('The seller’s rating of the buyer')).toBeTruthy()
    expect(screen.getByText('Removed')).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
  })

  it('offline with nothing saved, says rating shows when online', async () => {
    act(() => onlineManager.setOnline(false))
    mockApi({ [`GET ${url}/ratings`]: () => json(ratings()) })
    renderWithApp(<OrderRating order={order()} />)
    expect(
      await screen.findByText('Rating needs a connection; it shows when you are online.'),
    ).toBeTruthy()
  })

  it('a failed load offers a retry', async () => {
    let fail = true
    mockApi({
      [`GET ${url}/ratings`]: () =>
        fail ? problem(500, 'internal_error', 'Boom') : json(ratings()),
    })
    renderWithApp(<OrderRating order={order()} />)
    expect(
      await screen.findByText('The ratings could not be loaded', {}, { timeout: 5000 }),
    ).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Rate the seller' })).toBeTruthy(),
    )
  })
})
