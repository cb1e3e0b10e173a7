import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { LotDetail } from '../../../common/auction'
import { json, mockApi, type Handler } from '../../testing/http'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { renderWithApp } from '../../testing/render'
import { NotificationToasts } from '../notifications/NotificationToasts'
import { notificationRules } from '../notifications/rules'
import { lotKeys } from './api'
import LotScreen from './LotScreen'

const ID = summary().id
const alice = { id: 'u1', name: 'Alice', email: 'a@x.test', role: 'member', alias: 'Bidder A1' }
const config = (stripe: string | null = null, currency = 'EUR', premium?: number) => ({
  realtime: {},
  stripe: { publishableKey: stripe },
  currency,
  ...(premium === undefined
    ? {}
    : { fees: { buyerPremiumPercent: premium, sellerFeePercent: 10 } }),
  serverTime: new Date().toISOString(),
})
const wallet = (available: number) => ({
  balance: available,
  held: 0,
  available,
  currency: 'EUR',
  version: 1,
})
const lot = (overrides: Partial<LotDetail> = {}) =>
  detail({ endsAt: new Date(Date.now() + 3_600_000).toISOString(), ...overrides })
/** The answer to my bid: I lead at `price`. */
const placed = (price: number, overrides: Partial<LotDetail> = {}) =>
  json(
    {
      bids: [bidRow(3, price, 'Bidder A1')],
      lot: lot({
        version: 4,
        currentPrice: price,
        bidCount: 3,
        leader: 'Bidder A1',
        my: { status: 'leading', maxBid: price, watching: false },
        ...overrides,
      }),
      wallet: wallet(50_000 - price),
    },
    201,
  )

function open(
  routes: Record<string, Handler> = {},
  {
    available = 50_000,
    stripe = null as string | null,
    start = lot(),
    currency = 'EUR',
    premium = undefined as number | undefined,
  } = {},
) {
  const api = mockApi({
    'GET /api/session': () => json({ user: alice }),
    'GET /api/config': () => json(config(stripe, currency, premium)),
    'GET /api/wallet': () => json(wallet(available)),
    [`GET /api/lots/${ID}`]: () => json(start),
    [`GET /api/lots/${ID}/bids`]: () => json({ items: [bidRow(2, 1200)], nextCursor: null }),
    ...routes,
  })
  const view = renderWithApp(
    <>
      <Route path="/lots/:id" component={LotScreen} />
      <NotificationToasts />
    </>,
    { path: `/lots/${ID}` },
  )
  return { ...api, ...view }
}

const bids = (requests: Request[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.endsWith(`/api/lots/${ID}/bids`))
const bodies = (requests: Request[]) => Promise.all(bids(requests).map((r) => r.clone().json()))
const button = (name: string) => screen.findByRole('button', { name })

describe('lot room bidding', () => {
  it('shows the funds before sending; "Bid €minimum" is sent at once, without a review', async () => {
    const { requests } = open({ [`POST /api/lots/${ID}/bids`]: () => placed(1300) })
    // €12.00 now, increment €1.00: the minimum and +1 / +5 increments.
    expect(await screen.findByRole('button', { name: 'Bid €14.00' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Bid €18.00' })).toBeTruthy()
    expect((await screen.findAllByTestId('funds'))[0]!.textContent).toBe(
      'Available €500.00 · this bid holds €13.00',
    )
    fireEvent.click(await button('Bid €13.00'))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(screen.queryByTestId('bid-review')).toBeNull()
    expect(await bodies(requests)).toEqual([{ amount: 1300 }])
  })

  it('reviews a large bid: amount, hold, available after, soft close; Escape sends nothing', async () => {
    const { requests } = open({ [`POST /api/lots/${ID}/bids`]: () => placed(1800) })
    const step = await button('Bid €18.00')
    step.focus()
    fireEvent.click(step)
    const review = await screen.findByTestId('bid-review')
    expect(review.textContent).toContain('Held from your wallet€18.00')
    expect(review.textContent).toContain('Available after€482.00')
    expect(review.textContent).toContain('a bid in the last 60 s moves the end')
    // Focus moved into the review; Escape closes it and gives focus back.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm bid €18.00' }))
    fireEvent.keyDown(review, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('bid-review')).toBeNull())
    expect(document.activeElement).toBe(step)
    expect(bids(requests)).toHaveLength(0)

    fireEvent.click(step)
    fireEvent.click(await button('Confirm bid €18.00'))
    expect(await screen.findByText('Bid placed. You are leading at €18.00.')).toBeTruthy()
    expect(await bodies(requests)).toEqual([{ amount: 1800 }])
  })

  it('shows what a bid costs with the premium and shipping, and holds that (decision 0051)', async () => {
    const ships = lot({ delivery: { shipping: { cost: 650 }, pickup: null } })
    open({}, { premium: 5, start: ships })
    await button('Bid €13.00')
    // €13.00 + 5 % (€0.65) + €6.50 shipping.
    expect((await screen.findAllByTestId('you-pay'))[0]!.textContent).toBe(
      '€13.00 bid · you pay €13.65 + €6.50 shipping',
    )
    expect((await screen.findAllByTestId('funds'))[0]!.textContent).toBe(
      'Available €500.00 · this bid holds €20.15',
    )
  })

  it('says nothing of fees when the bid is all the bidder pays', async () => {
    open({}, { premium: 0 })
    await button('Bid €13.00')
    expect(screen.queryByTestId('you-pay')).toBeNull()
  })

  it('disables with the reason when funds are short; "Top up" only with card payments on', async () => {
    open({}, { available: 500 })
    const main = await button('Bid €13.00')
    await waitFor(() => expect(main.hasAttribute('disabled')).toBe(true))
    const reason = document.getElementById(main.getAttribute('aria-describedby')!)
    expect(reason!.textContent).toBe('Not enough available in your wallet for this bid.')
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull()
  })

  it('offers "Top up" when card payments are on', async () => {
    open({}, { available: 500, stripe: 'pk_test_x' })
    expect(await screen.findAllByRole('link', { name: 'Top up' })).not.toHaveLength(0)
  })

  it('a live outbid replaces the success; typing clears any result', async () => {
    const { client } = open({ [`POST /api/lots/${ID}/bids`]: () => placed(1300) })
    fireEvent.click(await button('Bid €13.00'))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    act(() =>
      client.setQueryData<LotDetail>(lotKeys.detail(ID), (l) => ({
        ...l!,
        version: 5,
        currentPrice: 1500,
        leader: 'Bidder 7F3A',
        my: { status: 'outbid', maxBid: 1300, watching: false },
      })),
    )
    expect(await screen.findByText('You were outbid. The price is now €15.00.')).toBeTruthy()
    expect(screen.queryByText(/^Bid placed/)).toBeNull()
    fireEvent.change(screen.getByLabelText('Your bid'), { target: { value: '16' } })
    expect(screen.queryByTestId('bid-result')).toBeNull()
  })

  it('reads a typed bid in the server’s currency: yen have no cents', async () => {
    const { requests } = open(
      { [`POST /api/lots/${ID}/bids`]: () => placed(1300) },
      { currency: 'JPY' },
    )
    const amount = await screen.findByLabelText('Your bid')
    // The minimum is said in the hint, never as a placeholder that looks like a typed value.
    expect(await screen.findByText(/^At least ¥1,300\./)).toBeTruthy()
    expect(amount.getAttribute('placeholder')).toBeNull()
    fireEvent.change(amount, { target: { value: '¥1.300' } })
    fireEvent.submit(amount.closest('form')!)
    expect(await screen.findByText('Bid placed. You are leading at ¥1,300.')).toBeTruthy()
    expect(await bodies(requests)).toEqual([{ amount: 1300 }])
  })

  it('explains a price jump to the reserve', async () => {
    const start = lot({ hasReserve: true, reserveMet: false })
    const { requests } = open(
      {
        [`POST /api/lots/${ID}/bids`]: () => placed(20_000, { hasReserve: true, reserveMet: true }),
      },
      { start },
    )
    fireEvent.change(await screen.findByLabelText('Your bid'), { target: { value: '13' } })
    fireEvent.change(screen.getByLabelText('Maximum (automatic bidding)'), {
      target: { value: '250' },
    })
    fireEvent.submit(screen.getByLabelText('Your bid').closest('form')!)
    fireEvent.click(await button('Confirm bid €13.00'))
    expect(
      await screen.findByText('Your maximum met the reserve: the price rose to €200.00.'),
    ).toBeTruthy()
    expect(await bodies(requests)).toEqual([{ amount: 1300, maxAmount: 25_000 }])
  })

  it('an outbid toast for this lot carries "Bid €minimum", which bids', async () => {
    const { requests } = open({ [`POST /api/lots/${ID}/bids`]: () => placed(1300) })
    await button('Bid €13.00')
    act(() =>
      notificationRules[0]!.notify!(
        {
          id: 9,
          kind: 'outbid',
          lotId: ID,
          data: { title: 'Brass telescope', price: 1200, minNextBid: 1300 },
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        {},
      ),
    )
    const toast = (await screen.findByText('You were outbid on Brass telescope')).parentElement!
    expect(toast.querySelector('.toast-action')!.textContent).toBe('Bid €13.00')
    fireEvent.click(toast.querySelector('.toast-action')!)
    await waitFor(() => expect(bids(requests)).toHaveLength(1))
    expect(await bodies(requests)).toEqual([{ amount: 1300 }])
  })

  it('a toast about another lot links to it', async () => {
    const other = '22222222-2222-4222-8222-222222222222'
    const { location } = open()
    await button('Bid €13.00')
    act(() =>
      notificationRules[0]!.notify!(
        {
          id: 10,
          kind: 'outbid',
          lotId: other,
          data: { title: 'Oak desk', price: 5000, minNextBid: 5500 },
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        {},
      ),
    )
    const toast = (await screen.findByText('You were outbid on Oak desk')).parentElement!
    fireEvent.click(within(toast).getByRole('button', { name: 'Open lot' }))
    await waitFor(() => expect(location.history.at(-1)).toBe(`/lots/${other}`))
  })
})

describe("a show's queued lot (issue 34)", () => {
  const queued = {
    status: 'scheduled' as const,
    showId: '6a1f4c84-93d2-4d4f-9bde-6a52a5cde001',
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 3_660_000).toISOString(),
  }

  it('takes an absentee bid from its page, as the server does', async () => {
    const { requests } = open(
      { [`POST /api/lots/${ID}/bids`]: () => placed(1300, queued) },
      { start: lot(queued) },
    )
    fireEvent.click(await button('Bid €13.00'))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(await bodies(requests)).toEqual([{ amount: 1300 }])
  })

  it('a guest is asked to sign in, as on an open lot, and offered no bid', async () => {
    open({ 'GET /api/session': () => json({ user: null }) }, { start: lot(queued) })
    const signIn = await screen.findByRole('link', { name: 'Sign in to bid' })
    expect(signIn.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent(`/lots/${ID}`)}`)
    expect(screen.queryByRole('button', { name: 'Bid €13.00' })).toBeNull()
  })

  it('a plain scheduled lot: bidding is not open yet', async () => {
    open({}, { start: lot({ ...queued, showId: null }) })
    expect(
      (await screen.findAllByText('Bidding opens when the lot starts.')).length,
    ).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Bid €13.00' })).toBeNull()
  })
})
