import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '../../../common/auction'
import { json, mockApi } from '../../testing/http'
import { renderWithApp } from '../../testing/render'
import { NotificationToasts } from './NotificationToasts'
import { notificationRules } from './rules'

const won = (id: number, readAt: string | null): AppNotification => ({
  id,
  kind: 'won',
  lotId: 'lot-1',
  data: { title: 'Brass compass', price: 3_000 },
  readAt,
  createdAt: '2026-11-27T20:00:00Z',
})

const arrive = (n: AppNotification) =>
  act(() => {
    notificationRules[0]!.notify?.(n, undefined as never)
  })

describe('live notification toasts', () => {
  it('pops up a new notice, and not one written already read (in the app off)', async () => {
    mockApi({
      'GET /api/config': () =>
        json({ realtime: {}, stripe: { publishableKey: null }, currency: 'EUR', serverTime: '' }),
    })
    renderWithApp(<NotificationToasts />, { path: '/' })
    arrive(won(1, '2026-11-27T20:00:00Z'))
    expect(screen.queryByText(/Brass compass/)).toBeNull()
    arrive(won(2, null))
    expect(await screen.findByText(/Brass compass/)).toBeTruthy()
  })
})
