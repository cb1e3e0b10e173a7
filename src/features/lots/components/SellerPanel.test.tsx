import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { detail } from '../../../testing/lot-fixtures'
import { json, mockApi } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { SellerPanel } from './SellerPanel'

const format = (minor: number) => `€${(minor / 100).toFixed(2)}`
const mine = { status: null, maxBid: null, watching: false, seller: { nextSteps: 'Pickup' } }

describe('seller panel (decision 0025)', () => {
  it('says the bids and the reserve, and edits the text before the first bid', async () => {
    const lot = detail({ bidCount: 0, hasReserve: true, reserveMet: false, my: mine })
    const { requests } = mockApi({
      [`PATCH /api/lots/${lot.id}`]: () => json({ ...lot, title: 'New title', version: 9 }),
    })
    renderWithApp(<SellerPanel lot={lot} format={format} canCancel />)
    expect(screen.getByTestId('seller-bids').textContent).toBe('No bids')
    expect(screen.getByTestId('seller-reserve').textContent).toBe('Not met yet')
    expect(screen.getByRole('button', { name: 'Cancel lot' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Edit lot' }))
    expect(
      (screen.getByLabelText('Pickup or shipping note for the buyer') as HTMLTextAreaElement).value,
    ).toBe('Pickup')
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'ab' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/Enter a title of 3 to 120/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'New title' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your lot was updated.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('after the first bid: no edit, the reason instead; cancel only when allowed', async () => {
    const lot = detail({ bidCount: 2, hasReserve: false, reserveMet: null, my: mine })
    renderWithApp(<SellerPanel lot={lot} format={format} canCancel={false} />)
    expect(screen.queryByRole('button', { name: 'Edit lot' })).toBeNull()
    expect(screen.getByTestId('seller-edit-locked')).toBeTruthy()
    expect(screen.getByTestId('seller-reserve').textContent).toBe('No reserve')
    expect(screen.queryByRole('button', { name: 'Cancel lot' })).toBeNull()
  })
})
