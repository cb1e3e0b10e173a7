import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { ShowSummary } from '../../../common/shows'
import { json, mockApi } from '../../testing/http'
import { config, showDetail } from '../../testing/show-fixtures'
import { renderWithApp } from '../../testing/render'
import ShowsScreen from './ShowsScreen'

const card = (id: string, title: string, state: ShowSummary['state']): ShowSummary => {
  const { lots: _lots, description: _d, ...rest } = showDetail({ id, title, state })
  return rest
}

function open(path: string, answer: (url: URL) => unknown) {
  const api = mockApi({
    'GET /api/session': () => json({ user: null }),
    'GET /api/config': () => json(config),
    'GET /api/shows': (request) => json(answer(new URL(request.url))),
  })
  renderWithApp(<Route path="/shows" component={ShowsScreen} />, { path })
  return api
}

describe('shows screen', () => {
  it('lists the live shows first and pages on with the cursor', async () => {
    const { requests } = open('/shows', (url) =>
      url.searchParams.get('cursor')
        ? { items: [card('b', 'Evening coins', 'live')], nextCursor: null }
        : { items: [card('a', 'Sunday antiques', 'live')], nextCursor: 'c1' },
    )
    const list = await screen.findByTestId('show-list')
    expect(within(list).getByRole('link', { name: 'Sunday antiques' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Live now' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'More shows' }))
    expect(await screen.findByRole('link', { name: 'Evening coins' })).toBeTruthy()
    expect(requests.map((r) => new URL(r.url).search).filter((s) => s.includes('kind'))).toEqual([
      '?kind=live',
      '?kind=live&cursor=c1',
    ])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More shows' })).toBeNull())
  })

  it('says so when there is no upcoming show', async () => {
    open('/shows?kind=upcoming', () => ({ items: [], nextCursor: null }))
    expect(await screen.findByText('No show is scheduled')).toBeTruthy()
  })
})
