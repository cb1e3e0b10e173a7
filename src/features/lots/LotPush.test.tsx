import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route } from 'wouter'
import { afterEach, describe, expect, it } from 'vitest'
import type { LotDetail } from '../../../common/auction'
import { json, mockApi, type Handler } from '../../testing/http'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import { stubPush, unstubPush } from '../../testing/push-env'
import { renderWithApp } from '../../testing/render'
import LotScreen from './LotScreen'

// The lot room's side of alerts (decision 0032): the offer after a bid, and "?bid=" from a
// notification's "Bid" action.
const ID = summary().id
const alice = { id: 'u1', name: 'Alice', email: 'a@x.test', role: 'member', alias: 'Bidder A1' }
const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
  push: { publicKey: `B${'A'.repeat(86)}` },
}
const lot = (overrides: Partial<LotDetail> = {}) =>
  detail({ endsAt: new Date(Date.now() + 3_600_000).toISOString(), ...overrides })
const placed = (price: number) =>
  json(
    {
      bids: [bidRow(3, price, 'Bidder A1')],
      lot: lot({
        version: 4,
        currentPrice: price,
        bidCount: 3,
        leader: 'Bidder A1',
        my: { status: 'leading', maxBid: price, watching: false },
      }),
      wallet: {
        balance: 50_000,
        held: price,
        available: 50_000 - price,
        pending: 0,
        currency: 'EUR',
        version: 1,
      },
    },
    201,
  )

function open(routes: Record<string, Handler> = {}, path = `/lots/${ID}`) {
  const api = mockApi({
    'GET /api/session': () => json({ user: alice }),
    'GET /api/config': () => json(config),
    'GET /api/wallet': () =>
      json({
        balance: 50_000,
        held: 0,
        available: 50_000,
        pending: 0,
        currency: 'EUR',
        version: 1,
      }),
    [`GET /api/lots/${ID}`]: () => json(lot()),
    [`GET /api/lots/${ID}/bids`]: () => json({ items: [bidRow(2, 1200)], nextCursor: null }),
    [`POST /api/lots/${ID}/bids`]: () => placed(1300),
    ...routes,
  })
  return { ...api, ...renderWithApp(<Route path="/lots/:id" component={LotScreen} />, { path }) }
}
const offer = () => screen.queryByText('Get an alert if you’re outbid?')

afterEach(unstubPush)

describe('alerts offered after a bid (decision 0032)', () => {
  it('not on load; after the bid went through, once; "Not now" is remembered', async () => {
    stubPush()
    open()
    const bid = await screen.findByRole('button', { name: 'Bid €13.00' })
    expect(offer()).toBeNull()
    fireEvent.click(bid)
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(await screen.findByText('Get an alert if you’re outbid?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(offer()).toBeNull()
    expect(localStorage.getItem('lotline.pushAsked')).toBe('later')
  })

  it('"Turn on" asks the browser and registers this device', async () => {
    const env = stubPush()
    const { requests } = open({
      'POST /api/push/subscriptions': () =>
        json({ id: 'd1', device: 'PC', browser: 'X', createdAt: '', current: true }, 201),
      'GET /api/push/subscriptions': () => json({ items: [] }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Bid €13.00' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Alerts are on for this device.')).toBeTruthy()
    expect(env.requestPermission).toHaveBeenCalledOnce()
    expect(
      requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/push/subscriptions')),
    ).toBe(true)
  })

  it('"Turn on" in a browser without a push service says so, not "Something went wrong"', async () => {
    const env = stubPush()
    env.subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    )
    open({ 'GET /api/push/subscriptions': () => json({ items: [] }) })
    fireEvent.click(await screen.findByRole('button', { name: 'Bid €13.00' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText(/^This browser can.t receive alerts/)).toBeTruthy()
    expect(screen.queryByText('Something went wrong')).toBeNull()
  })

  it('never when the browser already answered, or the member answered before', async () => {
    stubPush({ permission: 'denied' })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Bid €13.00' }))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(offer()).toBeNull()
  })

  it('never when asked before', async () => {
    stubPush()
    localStorage.setItem('lotline.pushAsked', 'later')
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Bid €13.00' }))
    expect(await screen.findByText('Bid placed. You are leading at €13.00.')).toBeTruthy()
    expect(offer()).toBeNull()
  })
})

describe('"?bid=" from a notification', () => {
  it('opens the review at that amount, then leaves the address; confirming sends it', async () => {
    const { requests, location } = open(
      { [`POST /api/lots/${ID}/bids`]: () => placed(1500) },
      `/lots/${ID}?bid=1500`,
    )
    expect(await screen.findByTestId('bid-review')).toBeTruthy()
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/lots/${ID}`))
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm bid €15.00' }))
    expect(await screen.findByText('Bid placed. You are leading at €15.00.')).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/bids'))
    expect(await sent[0]!.clone().json()).toEqual({ amount: 1500 })
  })

  it("never below today's minimum", async () => {
    open({}, `/lots/${ID}?bid=100`)
    expect(await screen.findByRole('button', { name: 'Confirm bid €13.00' })).toBeTruthy()
  })
})
