import type { ShowDetail, ShowLot } from '../../common/shows'
import { summary } from './lot-fixtures'

export const SHOW_ID = '55555555-5555-4555-8555-555555555555'
export const SELLER_ID = '22222222-2222-4222-8222-222222222222'
export const LOT_A = '11111111-1111-4111-8111-111111111111'
export const LOT_B = '66666666-6666-4666-8666-666666666666'
export const LOT_C = '77777777-7777-4777-8777-777777777777'

const titles: Record<string, string> = {
  [LOT_A]: 'Brass telescope',
  [LOT_B]: 'Silver pocket watch',
  [LOT_C]: 'Oak writing box',
}

/** One show lot shaped like the API's; the lot's own fields may be overridden. */
export function showLot(
  lotId: string,
  position: number,
  state: ShowLot['state'],
  lot: Parameters<typeof summary>[0] = {},
): ShowLot {
  return {
    lotId,
    position,
    timerSeconds: 30,
    mode: 'standard',
    state,
    openedAt: state === 'queued' ? null : '2026-01-01T10:00:00.000Z',
    closedAt: state === 'done' || state === 'skipped' ? '2026-01-01T10:01:00.000Z' : null,
    lot: summary({
      id: lotId,
      title: titles[lotId] ?? 'Lot',
      status: state === 'queued' ? 'scheduled' : 'open',
      ...lot,
    }),
  }
}

export function showDetail(overrides: Partial<ShowDetail> = {}): ShowDetail {
  const lots = overrides.lots ?? [
    showLot(LOT_A, 1, 'running'),
    showLot(LOT_B, 2, 'queued'),
    showLot(LOT_C, 3, 'queued'),
  ]
  return {
    id: SHOW_ID,
    title: 'Sunday antiques',
    sellerId: SELLER_ID,
    seller: 'Marta Ruiz',
    state: 'live',
    startsAt: '2026-01-01T10:00:00.000Z',
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: null,
    lotCount: lots.length,
    currentLot: lots.find((entry) => entry.state === 'running')?.lot ?? null,
    imageUrl: null,
    description: '',
    autoAdvanceSeconds: null,
    nextLotAt: null,
    version: 5,
    my: { host: false, following: false, muted: false },
    ...overrides,
    lots,
  }
}

export const config = {
  realtime: {},
  stripe: { publishableKey: null },
  currency: 'EUR',
  serverTime: new Date().toISOString(),
}

export const member = (id = 'u1') => ({
  id,
  name: 'Alice',
  email: 'a@x.test',
  role: 'member',
  alias: 'Bidder A1',
  createdAt: '',
})
