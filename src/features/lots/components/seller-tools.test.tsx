import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { detail, summary } from '../../../testing/lot-fixtures'
import { json, mockApi, problem } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { SellerPanel } from './SellerPanel'
import { LotResult } from './LotResult'

const format = (minor: number) => `€${(minor / 100).toFixed(2)}`
const mine = { status: null, maxBid: null, watching: false, seller: { nextSteps: '' } }

describe('seller tools (issue 32)', () => {
  it('ends an unbid lot only after a confirmation, and says why when refused', async () => {
    const lot = detail({ bidCount: 0, currentPrice: null, my: mine })
    const { requests } = mockApi({
      [`POST /api/lots/${lot.id}/end`]: () =>
        problem(409, 'lot_has_bids', 'This lot has bids; it runs until its end.'),
    })
    renderWithApp(<SellerPanel lot={lot} format={format} canCancel />)
    fireEvent.click(screen.getByRole('button', { name: 'End now' }))
    const confirm = screen.getByRole('group', { name: 'End now' })
    expect(within(confirm).getByText(/ends unsold/)).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it running' }))
    expect(screen.queryByRole('group', { name: 'End now' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'End now' }))
    fireEvent.click(screen.getByRole('button', { name: 'End the lot now' }))
    const said = await screen.findByText(
      'Someone has bid in the meantime: the lot now runs until its end.',
    )
    expect(said.getAttribute('role')).toBe('alert')
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('offers no early end once someone bid', () => {
    const lot = detail({ bidCount: 1, my: mine })
    renderWithApp(<SellerPanel lot={lot} format={format} canCancel={false} />)
    expect(screen.queryByRole('button', { name: 'End now' })).toBeNull()
  })

  it('a cancelled lot says who cancelled and when, not when it would have ended', () => {
    const result = { viewer: null, price: null, entryId: null, entryAmount: null, orderId: null }
    mockApi({ [`GET /api/lots/${summary().id}/result`]: () => json(result) })
    const byLotline = detail({
      ...summary({ status: 'cancelled' }),
      cancelReason: 'Counterfeit item',
      cancelledAt: '2026-01-01T10:30:00.000Z',
    })
    const { unmount } = renderWithApp(
      <LotResult lot={byLotline} format={format} viewerKey={null} />,
    )
    expect(screen.getByTestId('cancel-reason').textContent).toBe(
      'Cancelled by Lotline: Counterfeit item',
    )
    expect(screen.getByText(/^Cancelled Jan 1, 2026/)).toBeTruthy()
    expect(screen.queryByText(/^Ended/)).toBeNull()
    unmount()
    renderWithApp(
      <LotResult
        lot={detail({
          ...summary({ status: 'cancelled' }),
          cancelledAt: '2026-01-01T10:30:00.000Z',
        })}
        format={format}
        viewerKey={null}
      />,
    )
    expect(screen.getByTestId('cancel-reason').textContent).toBe('Cancelled by the seller')
  })
})
