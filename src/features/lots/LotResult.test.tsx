import { screen } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { LotResult } from '../../../common/auction'
import { json, mockApi } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { bidRow, detail, summary } from '../../testing/lot-fixtures'
import LotScreen from './LotScreen'

/** A finished lot's room (decision 0023): the result replaces the price panel and the bid form. */
const ID = summary().id
const me = { id: 'u1', name: 'Alice', email: 'a@x.test', role: 'member', alias: 'Bidder A1' }
const config = { realtime: {}, stripe: { publishableKey: null }, currency: 'EUR' }

function open(lot: ReturnType<typeof detail>, result: Partial<LotResult>) {
  mockApi({
    'GET /api/session': () => json({ user: { ...me, createdAt: '' } }),
    'GET /api/config': () => json({ ...config, serverTime: new Date().toISOString() }),
    [`GET /api/lots/${ID}`]: () => json(lot),
    [`GET /api/lots/${ID}/bids`]: () =>
      json({ items: [bidRow(2, 1200, 'Bidder A1'), bidRow(1, 1000)], nextCursor: null }),
    [`GET /api/lots/${ID}/result`]: () =>
      json({
        lotId: ID,
        status: lot.status,
        price: null,
        winningBidId: null,
        viewer: 'other',
        nextSteps: null,
        entryId: null,
        entryAmount: null,
        ...result,
      }),
  })
  renderWithApp(<Route path="/lots/:id" component={LotScreen} />, { path: `/lots/${ID}` })
}

const ended = { endsAt: new Date(Date.now() - 60_000).toISOString(), minNextBid: null }

describe('a finished lot', () => {
  it('the winner: sold to you, the receipt, the next steps, the winning bid; no bid form', async () => {
    open(
      detail({
        ...ended,
        status: 'settled',
        currentPrice: 1200,
        my: { status: 'won', maxBid: 2000, watching: false },
      }),
      { price: 1200, viewer: 'winner', winningBidId: 2, nextSteps: 'Pickup Mondays', entryId: 7 },
    )
    expect((await screen.findByTestId('result-headline')).textContent).toBe(
      'Sold to you for €12.00',
    )
    const receipt = await screen.findByRole('link', { name: 'View your receipt' })
    expect(receipt.getAttribute('href')).toContain('/wallet/receipts/7')
    expect((await screen.findByTestId('next-steps')).textContent).toBe('Pickup Mondays')
    expect((await screen.findByTestId('winning-bid')).textContent).toContain('€12.00')
    expect(screen.queryByTestId('lot-price')).toBeNull()
    expect(screen.queryByLabelText('Your bid')).toBeNull()
  })

  it('anyone else: sold for, and no seller note', async () => {
    open(detail({ ...ended, status: 'settled', currentPrice: 1200, my: null }), { price: 1200 })
    expect((await screen.findByTestId('result-headline')).textContent).toBe('Sold for €12.00')
    expect(screen.queryByTestId('next-steps')).toBeNull()
  })

  it('an unsold lot with bids: reserve not met', async () => {
    open(detail({ ...ended, status: 'unsold', bidCount: 2, my: null }), {})
    expect((await screen.findByTestId('result-headline')).textContent).toBe(
      'Not sold: reserve not met',
    )
  })
})
