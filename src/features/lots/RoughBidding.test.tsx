import { fireEvent, screen } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { LotDetail } from '../../../common/auction'
import { json, mockApi, type Handler } from '../../testing/http'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { renderWithApp } from '../../testing/render'
import { ALERT_OFFER_QUIET_MS, alertOfferTimeAllows } from './alert-offer'
import LotScreen from './LotScreen'

// Issue 32, the bidder's rough edges: a maximum alone, and a scheduled lot's opening.
const ID = summary().id
const alice = { id: 'u1', name: 'Alice', email: 'a@x.test', role: 'member', alias: 'Bidder A1' }
const config = { realtime: {}, stripe: { publishableKey: null }, currency: 'EUR' }
const wallet = { balance: 50_000, held: 0, available: 50_000, currency: 'EUR', version: 1 }
const lot = (overrides: Partial<LotDetail> = {}) =>
  detail({ endsAt: new Date(Date.now() + 3_600_000).toISOString(), ...overrides })

function open(routes: Record<string, Handler> = {}, start = lot()) {
  return mockApi({
    'GET /api/session': () => json({ user: alice }),
    'GET /api/config': () => json({ ...config, serverTime: new Date().toISOString() }),
    'GET /api/wallet': () => json(wallet),
    [`GET /api/lots/${ID}`]: () => json(start),
    [`GET /api/lots/${ID}/bids`]: () =>
      json({ items: start.bidCount ? [bidRow(2, 1200)] : [], nextCursor: null }),
    ...routes,
  })
}
const render = () =>
  renderWithApp(<Route path="/lots/:id" component={LotScreen} />, { path: `/lots/${ID}` })
const bodies = (requests: Request[]) =>
  Promise.all(
    requests
      .filter((r) => r.method === 'POST' && r.url.endsWith(`/api/lots/${ID}/bids`))
      .map((r) => r.clone().json()),
  )

describe('a maximum alone is enough', () => {
  it('sends the maximum without an amount, after a review that says the minimum is bid', async () => {
    const { requests } = open({
      [`POST /api/lots/${ID}/bids`]: () =>
        json(
          {
            bids: [bidRow(3, 1300, 'Bidder A1')],
            lot: lot({
              version: 4,
              currentPrice: 1300,
              bidCount: 3,
              leader: 'Bidder A1',
              my: { status: 'leading', maxBid: 2500, watching: false },
            }),
            wallet: { ...wallet, held: 2500, available: 47_500 },
          },
          201,
        ),
    })
    render()
    const amount = await screen.findByLabelText('Your bid')
    expect(amount.getAttribute('placeholder')).toBeNull()
    fireEvent.change(screen.getByLabelText('Maximum (automatic bidding)'), {
      target: { value: '25' },
    })
    const submit = screen.getByRole('button', { name: 'Bid €13.00, up to €25.00' })
    fireEvent.click(submit)
    const review = await screen.findByTestId('bid-review')
    expect(review.textContent).toContain('Your bid (the minimum)€13.00')
    expect(review.textContent).toContain('Your maximum€25.00')
    expect(screen.queryByText('Enter an amount like 12.50.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm bid €13.00' }))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(await bodies(requests)).toEqual([{ maxAmount: 2500 }])
  })

  it('neither a bid nor a maximum, or a maximum under the minimum: said, and nothing is sent', async () => {
    const { requests } = open()
    render()
    const amount = await screen.findByLabelText('Your bid')
    fireEvent.submit(amount.closest('form')!)
    expect(await screen.findAllByText('Enter your bid or your maximum.')).not.toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Maximum (automatic bidding)'), {
      target: { value: '12.99' },
    })
    fireEvent.submit(amount.closest('form')!)
    expect(
      await screen.findAllByText('Your maximum must be at least €13.00, the minimum bid.'),
    ).not.toHaveLength(0)
    expect(screen.queryByTestId('bid-review')).toBeNull()
    expect(await bodies(requests)).toEqual([])
  })
})

describe('a scheduled lot', () => {
  it('says when bidding opens, not "Time left: Starts in" beside "Be the first"', async () => {
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString()
    open({}, lot({ status: 'scheduled', startsAt, currentPrice: null, bidCount: 0, leader: null }))
    render()
    const opens = await screen.findByTestId('opens-at')
    const said = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.parse(startsAt))
    expect(opens.textContent).toBe(said)
    expect(screen.getByText('Bidding opens')).toBeTruthy()
    expect(await screen.findByText(`No bids yet: bidding opens ${said}.`)).toBeTruthy()
    expect(screen.queryByText('Time left')).toBeNull()
    expect(screen.queryByText(/Starts in/)).toBeNull()
    expect(screen.queryByText(/Be the first/)).toBeNull()
  })
})

describe('the alert offer waits outside the last minutes', () => {
  it('is allowed at five minutes left and more, never under', () => {
    const now = Date.parse('2030-01-01T12:00:00Z')
    const endsIn = (ms: number) => new Date(now + ms).toISOString()
    expect(ALERT_OFFER_QUIET_MS).toBe(5 * 60_000)
    expect(alertOfferTimeAllows(endsIn(ALERT_OFFER_QUIET_MS), now)).toBe(true)
    expect(alertOfferTimeAllows(endsIn(ALERT_OFFER_QUIET_MS - 1_000), now)).toBe(false)
    expect(alertOfferTimeAllows(endsIn(3_600_000), now)).toBe(true)
    expect(alertOfferTimeAllows(endsIn(-1_000), now)).toBe(false)
  })
})
