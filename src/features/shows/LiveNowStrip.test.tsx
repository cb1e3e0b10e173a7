import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ShowSummary } from '../../../common/shows'
import { EVENTS } from '../../../common/wire'
import { applyEvent, type AnyRule } from '../../realtime/bridge'
import { json, mockApi } from '../../testing/http'
import { summary } from '../../testing/lot-fixtures'
import { config, SHOW_ID, showDetail } from '../../testing/show-fixtures'
import { renderWithApp } from '../../testing/render'
import { LiveNowStrip } from './LiveNowStrip'
import { showKeys } from './api'
import { showRules } from './rules'

const listed = showRules.find((rule) => rule.event === EVENTS.showListed) as AnyRule

function live(overrides: Partial<ShowSummary> = {}): ShowSummary {
  const { lots: _lots, description: _d, ...rest } = showDetail()
  return {
    ...rest,
    currentLot: summary({ title: 'Brass telescope', currentPrice: 4200 }),
    ...overrides,
  }
}

function open(items: ShowSummary[]) {
  mockApi({
    'GET /api/config': () => json(config),
    'GET /api/session': () => json({ user: null }),
    'GET /api/shows': () => json({ items, nextCursor: null }),
  })
  return renderWithApp(<LiveNowStrip />)
}

describe('live now strip', () => {
  it('takes no room while no show is live', async () => {
    const { client } = open([])
    await act(() => client.refetchQueries())
    expect(client.getQueryData(showKeys.list('live'))).toEqual({ items: [], nextCursor: null })
    expect(screen.queryByTestId('live-strip')).toBeNull()
  })

  it('links each live show with its seller and the lot on the block’s price', async () => {
    open([live()])
    const link = await screen.findByRole('link', { name: /Sunday antiques/ })
    expect(link.getAttribute('href')).toBe(`/shows/${SHOW_ID}`)
    expect(link.textContent).toBe('Sunday antiques · Marta Ruiz · Brass telescope €42.00')
  })

  it('a show going live joins it and one ending leaves it (show.listed)', async () => {
    const { client } = open([])
    await act(() => client.refetchQueries())
    act(() => void applyEvent(client, listed, {}, live()))
    expect(await screen.findByTestId('live-strip')).toBeTruthy()
    act(() => void applyEvent(client, listed, {}, live({ state: 'ended', currentLot: null })))
    await waitFor(() => expect(screen.queryByTestId('live-strip')).toBeNull())
  })
})
