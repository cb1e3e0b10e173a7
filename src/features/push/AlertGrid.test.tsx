import { onlineManager } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultAlertPreferences } from '../../../common/alerts'
import { setLanguage } from '../../i18n'
import { json, mockApi, problem, type Handler } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { AlertGrid } from './AlertGrid'

const pushPrefs = { outbid: true, endingSoon: true, result: true, topUp: true }

function open(routes: Record<string, Handler> = {}, push = true) {
  const api = mockApi({
    'GET /api/me/alerts': () => json(defaultAlertPreferences()),
    'GET /api/push/preferences': () => json(pushPrefs),
    'PUT /api/me/alerts': async (r) => json(await r.json()),
    'PUT /api/push/preferences': async (r) => json(await r.json()),
    ...routes,
  })
  renderWithApp(<AlertGrid push={push} />, { path: '/account' })
  return api
}

afterEach(() => {
  act(() => onlineManager.setOnline(true))
  setLanguage('en')
})

describe('Account → Alerts grid', () => {
  it('shows one row per group with a box per channel, from the member’s choices', async () => {
    open()
    const grid = await screen.findByRole('table', { name: 'Tell me when' })
    expect(within(grid).getAllByRole('row')).toHaveLength(7)
    const box = (name: string) => within(grid).getByRole<HTMLInputElement>('checkbox', { name })
    expect(box('I am outbid: E-mail').checked).toBe(false)
    expect(box('I am outbid: In the app').checked).toBe(true)
    expect(box('I am outbid: Push').checked).toBe(true)
    expect(box('My order ships or a problem is opened: E-mail').checked).toBe(true)
    // Orders and messages push with the results: no box of their own.
    expect(within(grid).queryByRole('checkbox', { name: /My order ships.*: Push/ })).toBeNull()
    expect(within(grid).getAllByText('With “I win or sell”')).toHaveLength(2)
  })

  it('saves every choice at once when one e-mail box changes', async () => {
    const { requests } = open()
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'I am outbid: E-mail',
    })
    fireEvent.click(box)
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true))
    const put = requests.find((r) => r.method === 'PUT')!
    expect(new URL(put.url).pathname).toBe('/api/me/alerts')
    const expected = defaultAlertPreferences()
    expected.email.outbid = true
    expect(await put.clone().json()).toEqual(expected)
    expect(box.checked).toBe(true)
  })

  it('puts a box back and says why when the server refuses', async () => {
    open({ 'PUT /api/me/alerts': () => problem(503, 'unavailable', 'Down.') })
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'New messages about my orders (by e-mail at most hourly): E-mail',
    })
    fireEvent.click(box)
    expect(await screen.findByRole('alert')).toBeTruthy()
    await waitFor(() => expect(box.checked).toBe(true))
  })

  it('says when the choices cannot be loaded, and tries again', async () => {
    let calls = 0
    open({
      'GET /api/me/alerts': () =>
        ++calls === 1 ? problem(403, 'forbidden', 'No.') : json(defaultAlertPreferences()),
    })
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }))
    expect(await screen.findByRole('table', { name: 'Tell me when' })).toBeTruthy()
  })

  it('offline: the boxes are disabled and say why', async () => {
    open()
    await screen.findByRole('table')
    act(() => onlineManager.setOnline(false))
    for (const box of screen.getAllByRole<HTMLInputElement>('checkbox')) {
      expect(box.disabled).toBe(true)
    }
    expect(screen.getByText(/You are offline/)).toBeTruthy()
  })

  it('speaks Spanish, without a push column when push is off', async () => {
    setLanguage('es')
    open({}, false)
    const grid = await screen.findByRole('table', { name: 'Avísame cuando' })
    expect(within(grid).queryByRole('columnheader', { name: 'Push' })).toBeNull()
    expect(within(grid).getByRole('checkbox', { name: 'Me superen: Correo' })).toBeTruthy()
  })
})
