import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '../../../common/auction'
import { applyEvent } from '../../realtime/bridge'
import { json, mockApi, problem } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { unreadCount } from './api'
import { notificationKeys, type NotificationPages } from './keys'
import NotificationsScreen from './NotificationsScreen'
import { notificationRules, onLiveNotification } from './rules'

const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
}
const note = (id: number, overrides: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'outbid',
  lotId: '11111111-1111-4111-8111-111111111111',
  data: { title: 'Brass telescope', price: 1500, minNextBid: 1600 },
  readAt: null,
  createdAt: '2026-01-01T11:00:00.000Z',
  ...overrides,
})

describe('notifications', () => {
  it('lists newest first with unread state, marks read optimistically (by ids)', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () =>
        json({
          items: [note(2), note(1, { kind: 'won', readAt: '2026-01-01T12:00:00Z' })],
          nextCursor: null,
          unread: 1,
        }),
      'POST /api/notifications/read': () => json({ updated: 1, unread: 0 }),
    })
    const { client } = renderWithApp(<NotificationsScreen />)
    expect(await screen.findByText('You were outbid on Brass telescope')).toBeTruthy()
    expect(screen.getByText('Now €15.00. Bid at least €16.00 to lead again.')).toBeTruthy()
    expect(screen.getByText('You won Brass telescope')).toBeTruthy()
    expect(screen.getByText('1 unread')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }))
    await waitFor(() => expect(unreadCount(client.getQueryData(notificationKeys.list))).toBe(0))
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true))
    const post = requests.find((r) => r.method === 'POST')!
    expect(await post.clone().json()).toEqual({ ids: [2] })
  })

  it('a live notification goes on top, bumps unread and reaches the toast listener, no request', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () => json({ items: [note(1)], nextCursor: null, unread: 1 }),
    })
    const heard: AppNotification[] = []
    const stop = onLiveNotification((n) => heard.push(n))
    const { client } = renderWithApp(<NotificationsScreen />)
    await screen.findByText('You were outbid on Brass telescope')
    const before = requests.length
    act(() => {
      applyEvent(
        client,
        notificationRules[0]!,
        {},
        note(5, { kind: 'ending_soon', data: { title: 'Oak chair' } }),
      )
      // The same notification again (e.g. a replay) is not doubled.
      applyEvent(
        client,
        notificationRules[0]!,
        {},
        note(5, { kind: 'ending_soon', data: { title: 'Oak chair' } }),
      )
    })
    expect(await screen.findByText('Oak chair ends soon')).toBeTruthy()
    const data = client.getQueryData<NotificationPages>(notificationKeys.list)!
    expect(data.pages[0]!.items.map((n) => n.id)).toEqual([5, 1])
    expect(unreadCount(data)).toBe(2)
    expect(heard).toHaveLength(2)
    expect(requests.length).toBe(before)
    stop()
  })

  it('a new message about an order leads to that order', async () => {
    const orderId = '33333333-3333-4333-8333-333333333333'
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () =>
        json({
          items: [
            note(4, {
              kind: 'order_message',
              lotId: null,
              data: { orderId, title: 'Brass compass', from: 'Ana' },
            }),
          ],
          nextCursor: null,
          unread: 1,
        }),
    })
    renderWithApp(<NotificationsScreen />)
    expect(await screen.findByText('New message about Brass compass')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open order' }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    )
  })

  it('empty, signed-out and error states', async () => {
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () => json({ items: [], nextCursor: null, unread: 0 }),
    })
    const first = renderWithApp(<NotificationsScreen />)
    expect(await screen.findByText('Nothing new')).toBeTruthy()
    first.unmount()
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () => problem(401, 'unauthenticated', 'Sign in'),
    })
    const second = renderWithApp(<NotificationsScreen />)
    expect(await screen.findByText('Sign in to see your notifications.')).toBeTruthy()
    second.unmount()
    mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () => problem(400, 'bad_request', 'x'),
    })
    renderWithApp(<NotificationsScreen />)
    expect(await screen.findByText('Notifications could not be loaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('offline: mark read is queued (paused), applied on screen at once', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json(config),
      'GET /api/notifications': () => json({ items: [note(3)], nextCursor: null, unread: 1 }),
      'POST /api/notifications/read': () => json({ updated: 1, unread: 0 }),
    })
    const { client } = renderWithApp(<NotificationsScreen />)
    await screen.findByText('You were outbid on Brass telescope')
    act(() => onlineManager.setOnline(false))
    expect(await screen.findByText(/^Saved /)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true))
    expect(screen.queryByRole('button', { name: 'Mark read' })).toBeNull()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1))
  })
})
