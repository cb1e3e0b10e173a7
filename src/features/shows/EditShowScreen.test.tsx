import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShowDetail } from '../../../common/shows'
import { json, mockApi, problem } from '../../testing/http'
import { summary } from '../../testing/lot-fixtures'
import { createQueryClient } from '../../offline/query-client'
import { renderWithApp } from '../../testing/render'
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
import EditShowScreen from './EditShowScreen'
import { showKeys } from './keys'

const LOT_D = '88888888-8888-4888-8888-888888888888'
const host = { host: true, following: false, muted: false }
const liveShow = () =>
  showDetail({
    my: host,
    autoAdvanceSeconds: 5,
    lots: [showLot(LOT_A, 0, 'done'), showLot(LOT_B, 1, 'queued'), showLot(LOT_C, 2, 'queued')],
  })
const lot = (id: string, title: string) => summary({ id, title, status: 'scheduled' })

interface Sent {
  method: string
  body: unknown
}

function open(
  show: ShowDetail,
  answers: { patch?: () => Response; put?: () => Response; showable?: (url: URL) => Response } = {},
  client = createQueryClient(),
) {
  const sent: Sent[] = []
  const record = (answer: () => Response) => async (request: Request) => {
    sent.push({ method: request.method, body: await request.clone().json() })
    return answer()
  }
  const api = mockApi({
    'GET /api/session': () => json({ user: member() }),
    'GET /api/config': () => json(config),
    [`GET /api/shows/${SHOW_ID}`]: () => json(show),
    'GET /api/shows/showable-lots': (request) =>
      answers.showable
        ? answers.showable(new URL(request.url))
        : json({ items: [lot(LOT_D, 'Copper kettle')], nextCursor: null }),
    [`PATCH /api/shows/${SHOW_ID}`]: record(answers.patch ?? (() => json(show))),
    [`PUT /api/shows/${SHOW_ID}/lots`]: record(answers.put ?? (() => json(show))),
  })
  const view = renderWithApp(<Route path="/shows/:id/edit" component={EditShowScreen} />, {
    path: `/shows/${SHOW_ID}/edit`,
    client,
  })
  return { ...api, ...view, sent }
}

const pickedTitles = () =>
  within(screen.getByTestId('picked-lots'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')?.textContent)

afterEach(() => onlineManager.setOnline(true))

describe('edit show screen', () => {
  it('edits a live show: details by PATCH, the queue by PUT in its new order; the start is fixed', async () => {
    const { sent, location } = open(liveShow())
    const title = await screen.findByLabelText('Title')
    expect((title as HTMLInputElement).value).toBe('Sunday antiques')
    // Live: the start cannot change, and says why.
    const start = screen.getByLabelText('Starts at') as HTMLInputElement
    expect(start.readOnly).toBe(true)
    expect(screen.getByText('The show has started: its start time is fixed.')).toBeTruthy()
    // The lot already run is not in the form, only counted.
    expect(screen.getByText(/1 lot has already run in this show/)).toBeTruthy()
    expect(pickedTitles()).toEqual(['1. Silver pocket watch', '2. Oak writing box'])

    const up = screen.getByRole('button', { name: 'Move “Oak writing box” up' })
    up.focus()
    fireEvent.click(up)
    expect(pickedTitles()).toEqual(['1. Oak writing box', '2. Silver pocket watch'])
    // The focus follows the moved lot: at the top its Up is disabled, so its Down has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Move “Oak writing box” down' }),
      ),
    )
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove “Silver pocket watch” from the show' }),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Add “Copper kettle” to the show' }))
    const picked = screen.getByTestId('picked-lots')
    fireEvent.change(within(picked).getAllByLabelText('Timer, seconds (10–120)')[1]!, {
      target: { value: '60' },
    })
    fireEvent.change(within(picked).getAllByLabelText('Mode')[1]!, {
      target: { value: 'sudden_death' },
    })
    fireEvent.change(title, { target: { value: 'Sunday antiques, part two' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent).toEqual([
      { method: 'PATCH', body: { title: 'Sunday antiques, part two' } },
      {
        method: 'PUT',
        body: {
          lots: [
            { lotId: LOT_C, timerSeconds: 30, mode: 'standard' },
            { lotId: LOT_D, timerSeconds: 60, mode: 'sudden_death' },
          ],
        },
      },
    ])
    await waitFor(() => expect(location.history.at(-1)).toBe(`/shows/${SHOW_ID}/host`))
  })

  it('sends only the queue when only the queue changed', async () => {
    const { sent } = open(liveShow())
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Silver pocket watch” down' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.method).toBe('PUT')
  })

  it('starts from the show as the server has it now, not as the cache last saw it', async () => {
    const client = createQueryClient()
    const before = liveShow()
    client.setQueryData(showKeys.detail(SHOW_ID), { ...before, lots: before.lots.slice(0, 2) })
    open(liveShow(), {}, client)
    await waitFor(() =>
      expect(pickedTitles()).toEqual(['1. Silver pocket watch', '2. Oak writing box']),
    )
  })

  it('offers a new lot made for this show (it joins the queue once put up)', async () => {
    open(liveShow())
    const link = await screen.findByRole('link', { name: 'Make a new lot for this show' })
    expect(link.getAttribute('href')).toBe(`/lots/new?show=${SHOW_ID}`)
  })

  it('marks a lot the server refused (409 lot_not_showable) on its row, translated', async () => {
    const { sent } = open(liveShow(), {
      put: () =>
        problem(409, 'lot_not_showable', 'Some lots cannot join this show.', {
          [LOT_B]: 'Is open or over: only a scheduled lot can join.',
        }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Move “Silver pocket watch” down' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const message = await screen.findByText(/This lot can no longer join the show/)
    const remove = screen.getByRole('button', {
      name: 'Remove “Silver pocket watch” from the show',
    })
    expect(remove.getAttribute('aria-describedby')).toBe(message.id)
    expect(document.activeElement).toBe(remove)
    expect(screen.getByText('This lot cannot join a show.')).toBeTruthy()
    fireEvent.click(remove)
    expect(screen.queryByText(/This lot can no longer join the show/)).toBeNull()
  })

  it('shows a conflict translated (409 show_not_editable) and keeps the form', async () => {
    open(
      showDetail({
        my: host,
        state: 'scheduled',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      {
        patch: () => problem(409, 'show_not_editable', 'The show has started: its start is fixed.'),
      },
    )
    const start = (await screen.findByLabelText('Starts at')) as HTMLInputElement
    expect(start.readOnly).toBe(false)
    const later = new Date(Date.now() + 7_200_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    fireEvent.change(start, {
      target: {
        value: `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:${pad(later.getMinutes())}`,
      },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('The show has started: its start time is fixed.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy()
  })

  it('offline: saving is disabled with its reason, and works again back online', async () => {
    open(liveShow())
    await screen.findByLabelText('Title')
    act(() => onlineManager.setOnline(false))
    const save = screen.getByRole('button', { name: 'Save changes' })
    expect((save as HTMLButtonElement).disabled).toBe(true)
    expect(save.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(save.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Saving changes needs a connection.',
    )
    act(() => onlineManager.setOnline(true))
    expect(
      (screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('is closed to anyone but the host', async () => {
    open(showDetail({ my: { ...host, host: false } }))
    expect(await screen.findByText('Only the host can edit this show')).toBeTruthy()
  })

  it('says an ended show can no longer be changed', async () => {
    open(showDetail({ my: host, state: 'ended' }))
    expect(await screen.findByText('An ended show can no longer be changed.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
  })
})

describe('lot picker', () => {
  it('loads every page with More lots, and searches by title', async () => {
    const asked: URL[] = []
    open(liveShow(), {
      showable: (url) => {
        asked.push(url)
        if (url.searchParams.get('q') === 'kettle')
          return json({ items: [lot(LOT_D, 'Copper kettle')], nextCursor: null })
        return url.searchParams.get('cursor') === 'page-2'
          ? json({ items: [lot(LOT_D, 'Copper kettle')], nextCursor: null })
          : json({
              items: Array.from({ length: 20 }, (_x, i) =>
                lot(`99999999-9999-4999-8999-${String(i).padStart(12, '0')}`, `Lamp ${i}`),
              ),
              nextCursor: 'page-2',
            })
      },
    })
    const list = await screen.findByTestId('available-lots')
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    // The edited show's own queued lots may come back: the list is asked for them too.
    expect(asked[0]!.searchParams.get('show')).toBe(SHOW_ID)
    fireEvent.click(screen.getByRole('button', { name: 'More lots' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21))
    expect(screen.queryByRole('button', { name: 'More lots' })).toBeNull()

    const search = screen.getByRole('searchbox', { name: 'Search your lots' })
    fireEvent.change(search, { target: { value: 'kettle' } })
    // Enter searches at once and does not send the show's form.
    fireEvent.keyDown(search, { key: 'Enter' })
    await waitFor(() =>
      expect(within(screen.getByTestId('available-lots')).getAllByRole('listitem')).toHaveLength(1),
    )
    expect(asked.at(-1)!.searchParams.get('q')).toBe('kettle')
  })

  it('says when nothing matches a search', async () => {
    open(liveShow(), {
      showable: (url) =>
        json({
          items: url.searchParams.get('q') ? [] : [lot(LOT_D, 'Copper kettle')],
          nextCursor: null,
        }),
    })
    await screen.findByTestId('available-lots')
    const search = screen.getByRole('searchbox', { name: 'Search your lots' })
    fireEvent.change(search, { target: { value: 'zebra' } })
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(await screen.findByText('None of your scheduled lots matches “zebra”.')).toBeTruthy()
  })
})
