import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { CardBadges } from './CardBadges'

/** A list card's heart and standing chip (issue 32). */
const lot = { id: 'lot-1', title: 'Brass lamp' }

describe('CardBadges', () => {
  it("a member's heart watches without leaving the list, and says so by its pressed state", async () => {
    const api = mockApi({
      'PUT /api/lots/lot-1/watch': () => json({ lotId: 'lot-1', watching: true }),
    })
    const { location } = renderWithApp(
      <CardBadges lot={lot} signedIn watching={false} standing={undefined} />,
      { path: '/?q=lamp' },
    )
    const heart = screen.getByRole('button', { name: 'Watch Brass lamp' })
    expect(heart.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(heart)
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true))
    expect(location.history).toEqual(['/?q=lamp'])
  })

  it('shows a watched lot pressed, and unwatching sends DELETE', async () => {
    const api = mockApi({
      'DELETE /api/lots/lot-1/watch': () => json({ lotId: 'lot-1', watching: false }),
    })
    renderWithApp(<CardBadges lot={lot} signedIn watching standing={undefined} />)
    const heart = screen.getByRole('button', { name: 'Watch Brass lamp' })
    expect(heart.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(heart)
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true))
  })

  it("a guest's heart is a link to sign in and back to this list", () => {
    mockApi({})
    renderWithApp(
      <CardBadges lot={lot} signedIn={false} watching={undefined} standing={undefined} />,
      {
        path: '/?q=lamp',
      },
    )
    const link = screen.getByRole('link', { name: 'Sign in to watch Brass lamp' })
    expect(link.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent('/?q=lamp')}`)
  })

  it('says where I stand on a running lot I bid on, and nothing for a won or lost one', () => {
    mockApi({})
    const { rerender } = renderWithApp(
      <CardBadges lot={lot} signedIn watching={false} standing="leading" />,
    )
    expect(screen.getByTestId('card-standing').textContent).toBe("You're leading")
    rerender(<CardBadges lot={lot} signedIn watching={false} standing="outbid" />)
    expect(screen.getByTestId('card-standing').textContent).toBe('Outbid')
    rerender(<CardBadges lot={lot} signedIn watching={false} standing="won" />)
    expect(screen.queryByTestId('card-standing')).toBeNull()
  })

  it('shows nothing while it is not known who is looking', () => {
    mockApi({})
    const { container } = renderWithApp(
      <CardBadges lot={lot} signedIn={undefined} watching={undefined} standing={undefined} />,
    )
    expect(container.textContent).toBe('')
    expect(container.querySelector('button, a')).toBeNull()
  })
})
