import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../../testing/http'
import { renderWithApp } from '../../../testing/render'
import { readListParams } from '../list-params'
import { SaveSearch } from './SaveSearch'

/** "Save search" on the list (issue 32): the list's filters under a name. */
const ALICE = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Alice',
  alias: 'alice',
  email: 'alice@lotline.test',
  role: 'member',
  lang: 'en',
  emailVerified: true,
}
const PATH = '/?q=leica&category=cameras&maxPrice=200&sort=price_asc'
const params = readListParams('?q=leica&category=cameras&maxPrice=200&sort=price_asc')

describe('SaveSearch', () => {
  it('a guest is sent to sign in and back to this list', async () => {
    mockApi({ 'GET /api/session': () => json({ user: null }) })
    renderWithApp(<SaveSearch params={params} />, { path: PATH })
    const link = await screen.findByRole('link', { name: 'Sign in to save this search' })
    expect(link.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent(PATH)}`)
  })

  it('saves the filters under the name typed, and says so', async () => {
    let sent: unknown
    mockApi({
      'GET /api/session': () => json({ user: ALICE }),
      'POST /api/me/saved-searches': async (request) => {
        sent = await request.clone().json()
        return json({ id: 'x' }, 201)
      },
    })
    renderWithApp(<SaveSearch params={params} />, { path: PATH })
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }))
    const name = screen.getByLabelText('Name') as HTMLInputElement
    expect(name.value).toBe('leica')
    fireEvent.change(name, { target: { value: 'Leicas' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Search saved. We’ll tell you about new matches.')
    expect(sent).toEqual({
      name: 'Leicas',
      q: 'leica',
      category: 'cameras',
      maxPrice: '200',
      sort: 'price_asc',
    })
  })

  it('says why when the member keeps too many, and keeps the dialog open', async () => {
    mockApi({
      'GET /api/session': () => json({ user: ALICE }),
      'POST /api/me/saved-searches': () =>
        problem(409, 'saved_searches_full', 'You can keep at most 10 saved searches.'),
    })
    renderWithApp(<SaveSearch params={params} />, { path: PATH })
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'),
    )
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
  })
})
