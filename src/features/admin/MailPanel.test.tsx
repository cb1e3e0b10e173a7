import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminMail } from '../../../common/mail'
import { json, mockApi, problem, type Handler } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { MailPanel } from './MailPanel'

const dead: AdminMail = {
  id: 41,
  toAddress: 'carol@lotline.test',
  toName: 'Carol',
  kind: 'password_reset',
  subject: 'Reset your password',
  status: 'dead',
  attempts: 8,
  lastError: 'EMESSAGE 550 No such mailbox',
  nextAttemptAt: '2026-11-27T10:00:00Z',
  createdAt: '2026-11-27T09:00:00Z',
  sentAt: null,
}

function api(extra: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/admin/mail': (request) =>
      json({
        items: new URL(request.url).searchParams.get('status') === 'dead' ? [dead] : [],
        nextCursor: null,
      }),
    ...extra,
  })
}

const retryPath = `/api/admin/mail/${dead.id}/retry`

describe('the admin mail panel (issue 31)', () => {
  it('lists dead mail with its error and queues one again only with a reason', async () => {
    const { requests } = api({ [`POST ${retryPath}`]: () => json({ ...dead, status: 'pending' }) })
    renderWithApp(<MailPanel />)
    const list = await screen.findByRole('list', { name: 'Mail' })
    expect(within(list).getByText('Reset your password')).toBeTruthy()
    expect(
      within(list).getByText(/To carol@lotline.test · password_reset · Attempts: 8/),
    ).toBeTruthy()
    expect(within(list).getByText('EMESSAGE 550 No such mailbox')).toBeTruthy()
    fireEvent.click(within(list).getByRole('button', { name: 'Retry' }))
    fireEvent.click(within(list).getByRole('button', { name: 'Queue again' }))
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeTruthy()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.change(within(list).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Carol fixed her mailbox' },
    })
    fireEvent.click(within(list).getByRole('button', { name: 'Queue again' }))
    expect(
      await screen.findByText('Queued again: the server sends it within seconds.'),
    ).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'POST')
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual([retryPath])
    expect(await sent[0]!.clone().json()).toEqual({ reason: 'Carol fixed her mailbox' })
  })

  it('filters by status, with an empty state and no retry for mail that is not dead', async () => {
    const { requests } = api()
    renderWithApp(<MailPanel />)
    await screen.findByRole('list', { name: 'Mail' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'sent' },
    })
    expect(await screen.findByText('No mail here')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    const asked = requests
      .filter((r) => new URL(r.url).pathname === '/api/admin/mail')
      .map((r) => new URL(r.url).searchParams.get('status'))
    expect(asked).toEqual(['dead', 'sent'])
  })

  it('shows an error state when the list cannot load', async () => {
    mockApi({ 'GET /api/admin/mail': () => problem(500, 'internal', 'Boom') })
    renderWithApp(<MailPanel />)
    expect(await screen.findByRole('alert')).toBeTruthy()
  })
})
