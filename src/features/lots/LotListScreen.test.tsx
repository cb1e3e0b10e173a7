import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { summary } from '../../testing/lot-fixtures'
import LotListScreen, { SEARCH_DEBOUNCE_MS } from './LotListScreen'

/** How often each card was drawn, by lot id (the real card, counted). */
const cardDraws = vi.hoisted(() => new Map<string, number>())
vi.mock('./components/LotCard', async (importOriginal) => {
  const real = await importOriginal<typeof import('./components/LotCard')>()
  return {
    ...real,
    LotCard: (props: Parameters<typeof real.LotCard>[0]) => {
      cardDraws.set(props.lot.id, (cardDraws.get(props.lot.id) ?? 0) + 1)
      return real.LotCard(props)
    },
  }
})

const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
}
const endsSoon = () => new Date(Date.now() + 10 * 60_000).toISOString()

describe('lots list', () => {
  it('loads open lots with price, bids, time left and leader; "Load more" follows the cursor', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        return cursor
          ? json({
              items: [
                summary({
                  id: 'b',
                  title: 'Oak chair',
                  currentPrice: null,
                  bidCount: 0,
                  leader: null,
                  endsAt: endsSoon(),
                }),
              ],
              nextCursor: null,
            })
          : json({
              items: [summary({ endsAt: endsSoon(), serverTime: new Date().toISOString() })],
              nextCursor: 'c1',
            })
      },
    })
    renderWithApp(<LotListScreen />)
    expect(screen.getByText('Loading lots…')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Brass telescope' })).toBeTruthy()
    expect(screen.getByText('€12.00')).toBeTruthy()
    expect(screen.getByText(/2 bids · Leading: Bidder 7F3A/)).toBeTruthy()
    expect(screen.getByText(/^Ends in (9|10):\d\d$/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Oak chair' })).toBeTruthy()
    expect(screen.getByText('Starting at')).toBeTruthy()
    const lotRequests = requests.filter((r) => new URL(r.url).pathname === '/api/lots')
    expect(new URL(lotRequests[1]!.url).searchParams.get('cursor')).toBe('c1')
    expect(new URL(lotRequests[0]!.url).searchParams.get('status')).toBe('open')
  })

  it('typing a search leaves the cards on screen undrawn until the results change', async () => {
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () =>
        json({ items: [summary({ id: 'kept', endsAt: endsSoon() })], nextCursor: null }),
    })
    renderWithApp(<LotListScreen />)
    expect(await screen.findByRole('link', { name: 'Brass telescope' })).toBeTruthy()
    const drawn = cardDraws.get('kept')
    for (const value of ['t', 'te', 'tel'])
      fireEvent.change(screen.getByLabelText('Search lots'), { target: { value } })
    expect((screen.getByLabelText('Search lots') as HTMLInputElement).value).toBe('tel')
    expect(cardDraws.get('kept')).toBe(drawn)
  })

  it('filters and search live in the URL (debounced), so links and back/forward work', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () => json({ items: [], nextCursor: null }),
    })
    const { location } = renderWithApp(<LotListScreen />, { path: '/?status=ending_soon' })
    expect(await screen.findByText('Nothing ends within the hour')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ending soon' }).getAttribute('aria-current')).toBe(
      'page',
    )
    const lotRequests = () => requests.filter((r) => new URL(r.url).pathname === '/api/lots')
    const before = lotRequests().length
    // Typed one key at a time, each well inside the debounce window: one search, for the whole word.
    for (const value of ['t', 'te', 'tel', 'tele']) {
      fireEvent.change(screen.getByLabelText('Search lots'), { target: { value } })
      await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 6))
    }
    await waitFor(() => expect(location.history.at(-1)).toBe('/?status=ending_soon&q=tele'))
    expect(await screen.findByText('No lots match “tele”')).toBeTruthy()
    const searches = lotRequests().slice(before)
    expect(searches).toHaveLength(1)
    const search = new URL(searches[0]!.url)
    expect(search.searchParams.get('q')).toBe('tele')
    expect(search.searchParams.get('status')).toBe('ending_soon')
    // The partial words never reached the URL either (no history entry per keystroke).
    expect(location.history.filter((entry) => entry.includes('q='))).toEqual([
      '/?status=ending_soon&q=tele',
    ])
  })

  it('sort, category and price range live in the URL, reach the API, and name the heading', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () => json({ items: [], nextCursor: null }),
    })
    const { location } = renderWithApp(<LotListScreen />, {
      path: '/?status=closed&category=cameras&minPrice=20&sort=price_desc',
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cameras: closed lots' }),
    ).toBeTruthy()
    expect(screen.getByText('Sorted by price: high to low')).toBeTruthy()
    // "Filters" says how many are on: the badge shows the number, the name says it in words.
    const toggle = screen.getByRole('button', { name: 'Filters 2 active' })
    expect(toggle.querySelector('.finder-count')?.textContent).toBe('2')
    // Filters with no results: said so, with a way out that keeps the status.
    expect(await screen.findByRole('heading', { name: 'No lots match' })).toBeTruthy()
    for (const clear of screen.getAllByRole('link', { name: 'Clear filters' })) {
      expect(clear.getAttribute('href')).toBe('/?status=closed')
    }
    const lotRequests = () => requests.filter((r) => new URL(r.url).pathname === '/api/lots')
    const sent = new URL(lotRequests()[0]!.url).searchParams
    expect(Object.fromEntries(sent)).toEqual({
      status: 'closed',
      sort: 'price_desc',
      category: 'cameras',
      minPrice: '20',
    })
    // Each change is its own history entry (Back restores the previous filter).
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'bids' } })
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/?status=closed&sort=bids&category=cameras&minPrice=20',
      ),
    )
    fireEvent.change(screen.getByLabelText('Max price (€)'), { target: { value: '1e3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText(/Enter whole euros or cents/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Max price (€)'), { target: { value: ' 25,50 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/?status=closed&sort=bids&category=cameras&minPrice=20&maxPrice=25.5',
      ),
    )
    fireEvent.change(screen.getByLabelText('Max price (€)'), { target: { value: '10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The maximum must be at least the minimum.')).toBeTruthy()
    // Typed as the bid form takes it (common/money.ts): a sign and thousands are fine.
    fireEvent.change(screen.getByLabelText('Max price (€)'), { target: { value: '€ 1.000,5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/?status=closed&sort=bids&category=cameras&minPrice=20&maxPrice=1000.5',
      ),
    )
  })

  it('drops values the API would refuse from a hand-edited link', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () =>
        json({
          items: [summary({ endsAt: endsSoon(), serverTime: new Date().toISOString() })],
          nextCursor: null,
        }),
    })
    renderWithApp(<LotListScreen />, {
      path: '/?sort=cheapest&category=guns&minPrice=-0&maxPrice=1e3',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Open lots' })).toBeTruthy()
    // A lot ending within the hour is marked on its card.
    expect(await screen.findByText('Ends within the hour')).toBeTruthy()
    const sent = requests.find((r) => new URL(r.url).pathname === '/api/lots')!
    expect(Object.fromEntries(new URL(sent.url).searchParams)).toEqual({ status: 'open' })
  })

  it('shows an error with a working retry', async () => {
    let fail = true
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () =>
        fail ? problem(400, 'bad_request', 'x') : json({ items: [summary()], nextCursor: null }),
    })
    renderWithApp(<LotListScreen />)
    expect(await screen.findByText('Lots could not be loaded')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Brass telescope' })).toBeTruthy()
  })

  it('offline: keeps the cached lots on screen with their age', async () => {
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/lots': () => json({ items: [summary()], nextCursor: null }),
    })
    renderWithApp(<LotListScreen />)
    await screen.findByRole('link', { name: 'Brass telescope' })
    act(() => onlineManager.setOnline(false))
    expect(await screen.findByText('Saved just now')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Brass telescope' })).toBeTruthy()
    // Not live: the card no longer counts down, it shows the saved end.
    expect(screen.getByText(/^(Was due|Due) to end /)).toBeTruthy()
    expect(screen.queryByText(/^Ends in /)).toBeNull()
  })

  it('offline with nothing cached says so instead of spinning', async () => {
    onlineManager.setOnline(false)
    mockApi({ 'GET /api/config': () => json(config) })
    renderWithApp(<LotListScreen />)
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeTruthy()
  })
})
