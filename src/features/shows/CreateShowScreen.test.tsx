import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route } from 'wouter'
import { describe, expect, it } from 'vitest'
import { json, mockApi, problem } from '../../testing/http'
import { summary } from '../../testing/lot-fixtures'
import { config, LOT_A, LOT_B, member, SHOW_ID, showDetail } from '../../testing/show-fixtures'
import { renderWithApp } from '../../testing/render'
import CreateShowScreen from './CreateShowScreen'

const ME = 'u1'
const scheduled = (id: string, title: string) => summary({ id, title, status: 'scheduled' })

function open(post: (request: Request) => Response | Promise<Response>) {
  const bodies: unknown[] = []
  const api = mockApi({
    'GET /api/session': () => json({ user: member(ME) }),
    'GET /api/config': () => json(config),
    'GET /api/shows/showable-lots': () =>
      json({
        items: [scheduled(LOT_A, 'Brass telescope'), scheduled(LOT_B, 'Silver pocket watch')],
        nextCursor: null,
      }),
    'POST /api/shows': async (request) => {
      bodies.push(await request.clone().json())
      return post(request)
    },
  })
  const view = renderWithApp(<Route path="/shows/new" component={CreateShowScreen} />, {
    path: '/shows/new',
  })
  return { ...api, ...view, bodies }
}

const inAnHour = () => {
  const at = new Date(Date.now() + 3_600_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}
const fieldError = (label: string) => {
  const input = screen.getByLabelText(label)
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ')
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('')
}

describe('create show form', () => {
  it('checks before sending, and an error goes as its field is fixed', async () => {
    const { bodies } = open(() => json(showDetail(), 201))
    await screen.findByTestId('available-lots')
    fireEvent.click(screen.getByRole('button', { name: 'Schedule show' }))
    expect(await screen.findByText('Fix 3 fields to continue.')).toBeTruthy()
    expect(fieldError('Title')).toBe('Give the show a title of 3 to 120 characters.')
    expect(fieldError('Starts at')).toBe('Choose when the show starts.')
    expect(screen.getByText('Add at least one lot.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Title'))

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunday antiques' } })
    expect(fieldError('Title')).toBe('')
    expect(fieldError('Starts at')).toBe('Choose when the show starts.')
    expect(screen.getByText('Fix 2 fields to continue.')).toBeTruthy()
    expect(bodies).toEqual([])
  })

  it('picks lots with a timer and mode each, reorders them by keyboard-reachable buttons, sends them in order', async () => {
    const { bodies, location } = open(() => json(showDetail(), 201))
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add “Brass telescope” to the show' }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Add “Silver pocket watch” to the show' }))
    const picked = screen.getByTestId('picked-lots')
    expect(
      within(picked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Brass telescope'),
      expect.stringContaining('Silver pocket watch'),
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Move “Silver pocket watch” up' }))
    expect(within(picked).getAllByRole('listitem')[0]!.textContent).toContain('Silver pocket watch')
    const timers = within(picked).getAllByLabelText('Timer, seconds (10–120)')
    fireEvent.change(timers[0]!, { target: { value: '5' } })
    fireEvent.change(within(picked).getAllByLabelText('Mode')[1]!, {
      target: { value: 'sudden_death' },
    })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunday antiques' } })
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: inAnHour() } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open the next lot automatically' }))
    fireEvent.click(screen.getByRole('button', { name: 'Schedule show' }))
    expect(await screen.findByText('Enter whole seconds from 10 to 120.')).toBeTruthy()
    expect(bodies).toEqual([])
    fireEvent.change(timers[0]!, { target: { value: '45' } })
    expect(screen.queryByText('Enter whole seconds from 10 to 120.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Schedule show' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({
      title: 'Sunday antiques',
      autoAdvanceSeconds: 10,
      lots: [
        { lotId: LOT_B, timerSeconds: 45, mode: 'standard' },
        { lotId: LOT_A, timerSeconds: 30, mode: 'sudden_death' },
      ],
    })
    await waitFor(() => expect(location.history.at(-1)).toBe(`/shows/${SHOW_ID}/host`))
  })

  it('shows the server’s field errors on their fields', async () => {
    open(() =>
      problem(422, 'validation_failed', 'Invalid', {
        startsAt: 'Too close to another show of yours.',
        'lots/0/timerSeconds': 'Not a valid timer.',
      }),
    )
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add “Brass telescope” to the show' }),
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunday antiques' } })
    fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: inAnHour() } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule show' }))
    await waitFor(() => expect(fieldError('Starts at')).toBe('Too close to another show of yours.'))
    expect(fieldError('Timer, seconds (10–120)')).toBe('Not a valid timer.')
    fireEvent.change(screen.getByLabelText('Timer, seconds (10–120)'), {
      target: { value: '40' },
    })
    expect(fieldError('Timer, seconds (10–120)')).toBe('')
    expect(fieldError('Starts at')).toBe('Too close to another show of yours.')
  })
})
