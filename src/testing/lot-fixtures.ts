import type { BidRow, LotDetail, LotSummary } from '../../common/auction'

/** Test data shaped like the API's answers. */
export function summary(overrides: Partial<LotSummary> = {}): LotSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Brass telescope',
    status: 'open',
    category: 'other',
    startingPrice: 1000,
    currentPrice: 1200,
    minNextBid: 1300,
    bidCount: 2,
    leader: 'Bidder 7F3A',
    seller: 'Bidder 24CC',
    hasReserve: false,
    reserveMet: null,
    startsAt: '2026-01-01T10:00:00.000Z',
    endsAt: '2026-01-01T12:00:00.000Z',
    softCloseSeconds: 60,
    delivery: { shipping: null, pickup: { town: 'Madrid' } },
    imageUrl: null,
    pictures: [],
    cancelledAt: null,
    cancelReason: null,
    showId: null,
    version: 3,
    serverTime: '2026-01-01T11:00:00.000Z',
    ...overrides,
  }
}

export function detail(overrides: Partial<LotDetail> = {}): LotDetail {
  return {
    ...summary(),
    sellerId: '22222222-2222-4222-8222-222222222222',
    description: 'A fine telescope.',
    my: { status: null, maxBid: null, watching: false },
    ...overrides,
  }
}

export function bidRow(id: number, amount: number, bidder = 'Bidder 7F3A', auto = false): BidRow {
  return {
    id,
    lotId: summary().id,
    bidder,
    amount,
    auto,
    createdAt: '2026-01-01T11:00:00.000Z',
  }
}
