import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import type { ShowDetail } from '../../../common/shows'
import { json, mockApi } from '../../testing/http'
import { detail } from '../../testing/lot-fixtures'
import { renderWithApp } from '../../testing/render'
import { config, LOT_B, member, SHOW_ID, showDetail, showLot } from '../../testing/show-fixtures'
import CreateLotScreen from './CreateLotScreen'

const NEW_LOT = '88888888-8888-4888-8888-888888888888'
/** Two days ahead, inside the 30 days a lot may be scheduled. */
const STARTS = new Date(Math.round(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString()
/** The lot's end field (LotTimingFields), which a show's lot has none of. */
const END_LABEL = 'Duration'

/** `/lots/new?show=…` with the show's edit screen as where it goes after. */
function open(show: ShowDetail) {
  const api = mockApi({
    'GET /api/session': () => json({ user: member() }),
    'GET /api/config': () => json(config),
    [`GET /api/shows/${SHOW_ID}`]: () => json(show),
    'POST /api/lots': () => json(detail({ id: NEW_LOT, status: 'scheduled' }), 201),
    [`PUT /api/shows/${SHOW_ID}/lots`]: () => json(show),
  })
  const view = renderWithApp(
    <>
      <Route path="/lots/new" component={CreateLotScreen} />
      <Route path={`/shows/${SHOW_ID}/edit`}>
        <h1>Edit show</h1>
      </Route>
    </>,
    { path: `/lots/new?show=${SHOW_ID}` },
  )
  return { ...api, view }
}

async function fillAndSend() {
  fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Pentax K1000' } })
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'cameras' } })
  fireEvent.change(screen.getByLabelText(/Starting price/), { target: { value: '20' } })
  fireEvent.click(screen.getByLabelText('The buyer can pick it up'))
  fireEvent.change(screen.getByLabelText(/Town/), { target: { value: 'Leeds' } })
  fireEvent.click(screen.getByRole('button', { name: 'Put up for auction' }))
}

describe('a new lot made from a show’s edit screen (issue 34)', () => {
  it('asks no start or end, joins the end of the show’s queue, and goes back to the show', async () => {
    const show = showDetail({
      state: 'scheduled',
      startsAt: STARTS,
      lots: [showLot(LOT_B, 1, 'queued')],
    })
    const { requests } = open(show)
    expect((await screen.findByTestId('for-show')).textContent).toContain('Sunday antiques')
    expect(screen.queryByLabelText(END_LABEL)).toBeNull()
    await fillAndSend()
    await screen.findByRole('heading', { name: 'Edit show' })
    const created = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/lots'))!
    const lot = (await created.clone().json()) as { startsAt: string; endsAt: string }
    expect(lot.startsAt).toBe(STARTS)
    expect(Date.parse(lot.endsAt) - Date.parse(STARTS)).toBe(3_600_000)
    const put = requests.find((r) => r.method === 'PUT')!
    expect(await put.clone().json()).toEqual({
      lots: [
        { lotId: LOT_B, timerSeconds: 30, mode: 'standard' },
        { lotId: NEW_LOT, timerSeconds: 30, mode: 'standard' },
      ],
    })
  })

  it('for a show that has ended, says so and makes an ordinary lot', async () => {
    open(showDetail({ state: 'ended' }))
    await screen.findByText(/That show has ended/)
    expect(screen.queryByTestId('for-show')).toBeNull()
    // An ordinary lot's own start and end are asked again.
    await waitFor(() => expect(screen.getByLabelText(END_LABEL)).toBeTruthy())
  })
})
