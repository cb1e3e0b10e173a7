import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { ShowDetail } from '../../../common/shows'
import { json, mockApi } from '../../testing/http'
import { detail } from '../../testing/lot-fixtures'
import {
  config,
  LOT_A,
  LOT_B,
  LOT_C,
  member,
  SHOW_ID,
  showDetail,
  showLot,
} from '../../testing/show-fixtures'
import { renderWithApp } from '../../testing/render'
import HostConsoleScreen from './HostConsoleScreen'

const host = { host: true, following: false, muted: false }

function open(show: ShowDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  const bodies: { path: string; body: unknown }[] = []
  const move = (action: string, answer: ShowDetail) => ({
    [`POST /api/shows/${SHOW_ID}/${action}`]: async (request: Request) => {
      const text = await request.text()
      bodies.push({ path: action, body: text ? JSON.parse(text) : null })
      return json(answer)
    },
  })
  const api = mockApi({
    'GET /api/session': () => json({ user: member() }),
    'GET /api/config': () => json(config),
    [`GET /api/shows/${SHOW_ID}`]: () => json(show),
    [`GET /api/shows/${SHOW_ID}/chat`]: () =>
      json({
        items: [
          {
            id: 'm1',
            showId: SHOW_ID,
            author: 'Bidder 9Z',
            host: false,
            body: 'Spam spam',
            at: '2026-01-01T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      }),
    [`GET /api/lots/${LOT_A}`]: () =>
      json(detail({ id: LOT_A, endsAt: new Date(Date.now() + 30_000).toISOString() })),
    ...move('start', { ...show, state: 'live' }),
    ...move('skip', {
      ...show,
      version: show.version + 1,
      lots: show.lots.map((e) => (e.lotId === LOT_B ? { ...e, state: 'skipped' } : e)),
    }),
    ...routes,
  })
  renderWithApp(<Route path="/shows/:id/host" component={HostConsoleScreen} />, {
    path: `/shows/${SHOW_ID}/host`,
  })
  return { ...api, bodies }
}

const button = (name: string | RegExp) => screen.findByRole('button', { name })
const reasonOf = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : null
}

describe('host console', () => {
  it('before the start: Start is enabled, opening a lot and pausing say why not', async () => {
    const { bodies } = open(
      showDetail({
        state: 'scheduled',
        my: host,
        lots: [showLot(LOT_A, 1, 'queued'), showLot(LOT_B, 2, 'queued')],
      }),
    )
    const start = await button('Start show')
    expect((start as HTMLButtonElement).disabled).toBe(false)
    const next = await button('Open next lot: Brass telescope')
    expect((next as HTMLButtonElement).disabled).toBe(true)
    expect(reasonOf(next)).toBe('The show is not live: a lot opens only while it is on.')
    const pause = await button('Pause')
    expect((pause as HTMLButtonElement).disabled).toBe(true)
    expect(reasonOf(pause)).toBe('The show has not started yet.')
    expect(screen.getByRole('link', { name: 'Edit show' }).getAttribute('href')).toBe(
      `/shows/${SHOW_ID}/edit`,
    )
    fireEvent.click(start)
    await waitFor(() => expect(bodies).toEqual([{ path: 'start', body: null }]))
    expect(await screen.findByTestId('show-state')).toHaveProperty('textContent', 'Live')
  })

  it('with a lot running: next and end wait for its result; skip asks first, then names the lot', async () => {
    const { bodies } = open(showDetail({ my: host }))
    const next = await button('Open next lot: Silver pocket watch')
    expect((next as HTMLButtonElement).disabled).toBe(true)
    expect(reasonOf(next)).toBe('A lot is on the block: wait for its result.')
    const end = await button('End show')
    expect((end as HTMLButtonElement).disabled).toBe(true)
    expect(reasonOf(end)).toBe('A lot is on the block: wait for its result.')
    expect(screen.queryByRole('button', { name: 'Start show' })).toBeNull()
    // The running lot's price, live from its own detail (its panel is a chunk of its own).
    const price = await screen.findByTestId('show-lot-price', {}, { timeout: 5000 })
    expect(price.textContent).toBe('€12.00')

    fireEvent.click(await button('Skip next lot'))
    expect(bodies).toEqual([])
    const confirm = await button('Skip lot')
    await waitFor(() => expect(document.activeElement).toBe(confirm))
    fireEvent.click(confirm)
    await waitFor(() => expect(bodies).toEqual([{ path: 'skip', body: { lotId: LOT_B } }]))
    // The queue's head moved on to the next lot.
    expect(await button('Open next lot: Oak writing box')).toBeTruthy()
  })

  it('offers no editing once the show has ended', async () => {
    open(showDetail({ my: host, state: 'ended', lots: [showLot(LOT_A, 1, 'done')] }))
    expect(await button('End show')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Edit show' })).toBeNull()
  })

  it('between lots: open next and end are allowed; an empty queue says so', async () => {
    open(
      showDetail({
        my: host,
        lots: [showLot(LOT_A, 1, 'done', { status: 'unsold' }), showLot(LOT_C, 2, 'skipped')],
      }),
    )
    const next = await button('Open next lot')
    expect(reasonOf(next)).toBe('No lot is left in this show.')
    expect(((await button('End show')) as HTMLButtonElement).disabled).toBe(false)
    expect(((await button('Pause')) as HTMLButtonElement).disabled).toBe(false)
  })

  it('a paused show offers Resume instead of Pause', async () => {
    open(showDetail({ my: host, state: 'paused', lots: [showLot(LOT_B, 1, 'queued')] }))
    expect(((await button('Resume')) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull()
    expect(reasonOf(await button('Open next lot: Silver pocket watch'))).toBe(
      'The show is not live: a lot opens only while it is on.',
    )
  })

  it('the host can delete and mute a viewer’s chat message', async () => {
    const calls: string[] = []
    open(showDetail({ my: host }), {
      [`DELETE /api/shows/${SHOW_ID}/chat/m1`]: () => {
        calls.push('delete')
        return new Response(null, { status: 204 })
      },
      [`POST /api/shows/${SHOW_ID}/mutes`]: async (request) => {
        calls.push(`mute ${JSON.stringify(await request.json())}`)
        return new Response(null, { status: 204 })
      },
    })
    fireEvent.click(await button('Mute Bidder 9Z in this chat'))
    await waitFor(() => expect(calls).toEqual(['mute {"messageId":"m1"}']))
    fireEvent.click(await button('Delete the message from Bidder 9Z'))
    await waitFor(() => expect(screen.queryByText('Spam spam')).toBeNull())
    expect(calls).toContain('delete')
  })

  it('anyone but the host sees that the console is not theirs', async () => {
    open(showDetail())
    expect(await screen.findByText('Only the host can run this show')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'End show' })).toBeNull()
  })
})
