import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../testing/render'
import { SellerLine } from './SellerLine'

describe("the lot room's seller line", () => {
  it("links the seller's name to their profile, inside the translated line", () => {
    const { container } = renderWithApp(
      <SellerLine name="Marta Ruiz" sellerId="22222222-2222-4222-8222-222222222222" />,
    )
    expect(container.textContent).toBe('Seller: Marta Ruiz')
    const link = screen.getByRole('link', { name: 'Marta Ruiz' })
    expect(link.getAttribute('href')).toBe('/sellers/22222222-2222-4222-8222-222222222222')
  })

  it('shows the name as text for a lot saved without its seller id', () => {
    const { container } = renderWithApp(<SellerLine name="Marta Ruiz" sellerId={undefined} />)
    expect(container.textContent).toBe('Seller: Marta Ruiz')
    expect(screen.queryByRole('link')).toBeNull()
  })
})
