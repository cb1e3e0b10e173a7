import { describe, expect, it } from 'vitest'
import type { AppNotification } from '../../../common/auction'
import { createTranslator } from '../../i18n'
import { notificationDetail, notificationPath, notificationTitle } from './text'

const ORDER = '22222222-2222-4222-8222-222222222222'
const moved = (state: string): AppNotification => ({
  id: 1,
  kind: 'order_moved',
  lotId: null,
  data: { orderId: ORDER, title: 'Brass telescope', state },
  readAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
})
const money = (minor: number) => `€${(minor / 100).toFixed(2)}`

describe("an order's move, as a notification", () => {
  it('says where the order now stands, in the reader’s language, and opens the order', () => {
    const en = createTranslator('en')
    const es = createTranslator('es')
    expect(notificationTitle(moved('shipped'), en, money, 'EUR')).toBe(
      'Brass telescope is on its way',
    )
    expect(notificationTitle(moved('shipped'), es, money, 'EUR')).toBe(
      'Brass telescope está en camino',
    )
    expect(notificationTitle(moved('awaiting_shipment'), en, money, 'EUR')).toBe(
      'Brass telescope: the buyer chose where it goes',
    )
    // A state this version does not know reads as a move, not as nothing.
    expect(notificationTitle(moved('teleported'), en, money, 'EUR')).toBe(
      'Brass telescope: the order moved on',
    )
    expect(notificationPath(moved('shipped'))).toBe(`/orders/${ORDER}`)
  })
})

describe('a cancelled lot, as a notification (issue 32)', () => {
  const cancelled = (data: Record<string, unknown>): AppNotification => ({
    id: 2,
    kind: 'lot_cancelled',
    lotId: ORDER,
    data: { title: 'Brass lamp', ...data },
    readAt: null,
    createdAt: '2026-11-27T10:00:00.000Z',
  })
  it('gives Lotline’s reason when an admin cancelled, nothing more when the seller did', () => {
    const en = createTranslator('en')
    const es = createTranslator('es')
    const byAdmin = cancelled({ reason: 'Counterfeit item', seller: true })
    expect(notificationDetail(byAdmin, en, money, 'EUR')).toBe(
      'Cancelled by Lotline: Counterfeit item',
    )
    expect(notificationDetail(byAdmin, es, money, 'EUR')).toBe(
      'Cancelado por Lotline: Counterfeit item',
    )
    expect(notificationDetail(cancelled({ reason: null }), en, money, 'EUR')).toBeNull()
  })
})

describe("a followed seller's show, as a notification (issue 34)", () => {
  const SHOW = '33333333-3333-4333-8333-333333333333'
  const notice = (kind: 'show_soon' | 'show_live', data: Record<string, unknown>) =>
    ({
      id: 3,
      kind,
      lotId: null,
      data: { title: 'Sunday cameras', sellerName: 'Marta', ...data },
      readAt: null,
      createdAt: '2026-11-27T10:00:00.000Z',
    }) satisfies AppNotification

  it('names the show, in the reader’s language, and opens it', () => {
    const en = createTranslator('en')
    const es = createTranslator('es')
    const live = notice('show_live', { showId: SHOW })
    expect(notificationTitle(live, en, money, 'EUR')).toBe('Sunday cameras is live now')
    expect(notificationTitle(live, es, money, 'EUR')).toBe('Sunday cameras está en directo')
    const soon = notice('show_soon', { showId: SHOW })
    expect(notificationTitle(soon, en, money, 'EUR')).toBe('Sunday cameras starts soon')
    expect(notificationPath(live)).toBe(`/shows/${SHOW}`)
    expect(notificationPath(soon)).toBe(`/shows/${SHOW}`)
  })

  it('leads nowhere without a show id it can trust', () => {
    expect(notificationPath(notice('show_live', { showId: '../admin' }))).toBeNull()
  })
})
