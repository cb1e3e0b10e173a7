import { describe, expect, it } from 'vitest'
import {
  incrementFor,
  minNextBid,
  MONEY_MAX,
  resolveBid,
  validateLotInput,
  type AuctionState,
  type BidOutcome,
} from './auction.ts'

const at = new Date('2030-01-01T00:00:00Z')
const fresh = (patch: Partial<AuctionState> = {}): AuctionState => ({
  startingPrice: 1_000,
  reservePrice: null,
  currentPrice: null,
  leaderId: null,
  leaderMax: null,
  bidCount: 0,
  ...patch,
})

function accept(state: AuctionState, bidderId: string, amount: number, maxAmount?: number) {
  const outcome = resolveBid(state, { bidderId, amount, maxAmount, at })
  if (!outcome.ok) throw new Error(`rejected: ${outcome.reason}`)
  return outcome
}

const rows = (o: BidOutcome) => o.records.map((r) => [r.bidderId, r.amount, r.auto])

describe('incrementFor', () => {
  it.each([
    [0, 50],
    [100, 50],
    [999, 50],
    [1_000, 100],
    [4_999, 100],
    [5_000, 500],
    [19_999, 500],
    [20_000, 1_000],
    [99_999, 1_000],
    [100_000, 2_500],
    [1_000_000, 2_500],
  ])('at %i cents is %i', (price, increment) => {
    expect(incrementFor(price)).toBe(increment)
  })
})

describe('minNextBid', () => {
  it('is the starting price before the first bid, then price + increment by band', () => {
    expect(minNextBid({ startingPrice: 1_500, currentPrice: null })).toBe(1_500)
    expect(minNextBid({ startingPrice: 100, currentPrice: 950 })).toBe(1_000)
    expect(minNextBid({ startingPrice: 100, currentPrice: 1_000 })).toBe(1_100)
    expect(minNextBid({ startingPrice: 100, currentPrice: 4_999 })).toBe(5_099)
    expect(minNextBid({ startingPrice: 100, currentPrice: 5_000 })).toBe(5_500)
    expect(minNextBid({ startingPrice: 100, currentPrice: 20_000 })).toBe(21_000)
    expect(minNextBid({ startingPrice: 100, currentPrice: 100_000 })).toBe(102_500)
  })
})

describe('resolveBid: validation', () => {
  it('rejects a first bid below the starting price, and later bids below price + increment', () => {
    expect(resolveBid(fresh(), { bidderId: 'a', amount: 999, at })).toEqual({
      ok: false,
      reason: 'bid_too_low',
      minNextBid: 1_000,
    })
    const led = fresh({ currentPrice: 1_000, leaderId: 'a', leaderMax: 1_000, bidCount: 1 })
    expect(resolveBid(led, { bidderId: 'b', amount: 1_099, at })).toMatchObject({
      reason: 'bid_too_low',
      minNextBid: 1_100,
    })
    expect(resolveBid(led, { bidderId: 'b', amount: 1_100, at }).ok).toBe(true)
  })

  it('rejects a maximum below the amount, and amounts that are not whole positive cents', () => {
    expect(resolveBid(fresh(), { bidderId: 'a', amount: 2_000, maxAmount: 1_500, at })).toEqual({
      ok: false,
      reason: 'max_below_amount',
    })
    for (const amount of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, MONEY_MAX + 1]) {
      expect(resolveBid(fresh(), { bidderId: 'a', amount, at })).toEqual({
        ok: false,
        reason: 'invalid_amount',
      })
    }
    expect(resolveBid(fresh(), { bidderId: 'a', amount: 1_000, maxAmount: 1.5, at })).toMatchObject(
      {
        reason: 'invalid_amount',
      },
    )
  })
})

describe('resolveBid: proxy bidding', () => {
  it('first bid leads at its amount; the maximum is remembered but not shown', () => {
    const o = accept(fresh(), 'a', 1_000, 5_000)
    expect(o.state).toMatchObject({
      currentPrice: 1_000,
      leaderId: 'a',
      leaderMax: 5_000,
      bidCount: 1,
    })
    expect(rows(o)).toEqual([['a', 1_000, false]])
    expect(o.records[0]!.maxAmount).toBe(5_000)
    expect(o.outbidUserId).toBeNull()
    expect(o.changed).toBe(true)
  })

  it('a challenger below the leader maximum is answered by the proxy one increment above', () => {
    const s = accept(fresh(), 'a', 1_000, 5_000).state
    const o = accept(s, 'b', 1_100, 2_000)
    expect(o.state).toMatchObject({
      currentPrice: 2_100,
      leaderId: 'a',
      leaderMax: 5_000,
      bidCount: 3,
    })
    expect(rows(o)).toEqual([
      ['b', 2_000, false],
      ['a', 2_100, true],
    ])
    expect(o.outbidUserId).toBeNull()
  })

  it('the proxy answer is capped at the leader maximum', () => {
    const s = accept(fresh(), 'a', 1_000, 2_050).state
    const o = accept(s, 'b', 2_000)
    expect(o.state).toMatchObject({ currentPrice: 2_050, leaderId: 'a' })
  })

  it('equal maxima: the earlier bidder (the leader) keeps the lead at that amount', () => {
    const s = accept(fresh(), 'a', 1_000, 3_000).state
    const o = accept(s, 'b', 3_000)
    expect(o.state).toMatchObject({ currentPrice: 3_000, leaderId: 'a', leaderMax: 3_000 })
    expect(rows(o)).toEqual([
      ['b', 3_000, false],
      ['a', 3_000, true],
    ])
    expect(o.outbidUserId).toBeNull()
  })

  it('a challenger above the leader maximum leads one increment above it, capped at their own', () => {
    const s = accept(fresh(), 'a', 1_000, 3_000).state
    const o = accept(s, 'b', 1_100, 10_000)
    expect(o.state).toMatchObject({
      currentPrice: 3_100,
      leaderId: 'b',
      leaderMax: 10_000,
      bidCount: 3,
    })
    expect(rows(o)).toEqual([
      ['a', 3_000, true],
      ['b', 3_100, false],
    ])
    expect(o.outbidUserId).toBe('a')

    const capped = accept(s, 'c', 1_100, 3_050)
    expect(capped.state).toMatchObject({ currentPrice: 3_050, leaderId: 'c' })
  })

  it('a challenger who wins never leads below their own amount', () => {
    const s = accept(fresh(), 'a', 1_000, 1_200).state
    const o = accept(s, 'b', 4_000)
    expect(o.state).toMatchObject({ currentPrice: 4_000, leaderId: 'b', leaderMax: 4_000 })
    expect(rows(o)).toEqual([
      ['a', 1_200, true],
      ['b', 4_000, false],
    ])
  })

  it('no proxy row for the old leader when their maximum was already the price', () => {
    const s = accept(fresh(), 'a', 1_000).state
    const o = accept(s, 'b', 1_100)
    expect(rows(o)).toEqual([['b', 1_100, false]])
    expect(o.outbidUserId).toBe('a')
  })

  it('uses the increment of the band the losing maximum is in (band edges)', () => {
    // 9.99 is in the 0.50 band: the proxy answers 10.49.
    const s = accept(fresh({ startingPrice: 100 }), 'a', 100, 100_000).state
    expect(accept(s, 'b', 999).state.currentPrice).toBe(1_049)
    // 10.00 is in the 1.00 band.
    expect(accept(s, 'b', 1_000).state.currentPrice).toBe(1_100)
    expect(accept(s, 'b', 4_999).state.currentPrice).toBe(5_099)
    expect(accept(s, 'b', 5_000).state.currentPrice).toBe(5_500)
    expect(accept(s, 'b', 20_000).state.currentPrice).toBe(21_000)
    expect(accept(s, 'b', 99_000).state.currentPrice).toBe(100_000)
    // A winning challenger: one increment above the old maximum, by that maximum's band.
    const t = accept(fresh({ startingPrice: 100 }), 'a', 100, 100_000).state
    expect(accept(t, 'b', 200, 200_000).state.currentPrice).toBe(102_500)
  })

  it('the leader raising their maximum does not raise the price against themselves', () => {
    const s = accept(accept(fresh(), 'a', 1_000, 2_000).state, 'b', 1_100).state
    expect(s).toMatchObject({ currentPrice: 1_200, leaderId: 'a' })
    const o = accept(s, 'a', 1_300, 9_000)
    expect(o.state).toMatchObject({ currentPrice: 1_200, leaderId: 'a', leaderMax: 9_000 })
    expect(rows(o)).toEqual([['a', 1_200, false]])
    expect(o.changed).toBe(false)
    // Recorded, but private: not a public bid and not counted (it would reveal the raise).
    expect(o.records[0]?.hidden).toBe(true)
    expect(o.state.bidCount).toBe(s.bidCount)
    expect(resolveBid(o.state, { bidderId: 'a', amount: 1_300, maxAmount: 9_000, at })).toEqual({
      ok: false,
      reason: 'max_not_raised',
    })
    // The raised maximum then defends the lead.
    expect(accept(o.state, 'b', 5_000).state).toMatchObject({ currentPrice: 5_500, leaderId: 'a' })
  })
})

describe('resolveBid: reserve', () => {
  const reserved = fresh({ reservePrice: 10_000 })

  it('a first maximum at or above the reserve starts at the reserve', () => {
    const o = accept(reserved, 'a', 1_000, 15_000)
    expect(o.state.currentPrice).toBe(10_000)
    expect(rows(o)).toEqual([['a', 10_000, false]])
  })

  it('a maximum below the reserve leaves the price where the bidding put it', () => {
    expect(accept(reserved, 'a', 1_000, 9_999).state.currentPrice).toBe(1_000)
  })

  it('the leader proxy answering a challenger jumps to the reserve when its maximum reaches it', () => {
    const s = accept(reserved, 'a', 1_000, 9_000).state
    const raised = accept(s, 'a', 1_100, 12_000)
    expect(raised.state.currentPrice).toBe(10_000)
    expect(raised.changed).toBe(true)
    // The price moved in public, so this raise is a visible bid.
    expect(raised.records[0]?.hidden).toBe(false)
    const o = accept(accept(reserved, 'a', 1_000, 9_000).state, 'b', 1_100, 11_000)
    expect(o.state).toMatchObject({ leaderId: 'b', currentPrice: 10_000 })
  })

  it('a losing challenger below the reserve still lifts the leader to the reserve', () => {
    const s = accept(fresh({ reservePrice: 10_000 }), 'a', 1_000, 9_000).state
    const up = accept(s, 'a', 1_100, 20_000).state
    expect(up.currentPrice).toBe(10_000)
    const o = accept(up, 'b', 11_000)
    expect(o.state).toMatchObject({ leaderId: 'a', currentPrice: 11_500 })
  })
})

describe('validateLotInput', () => {
  const now = new Date('2030-01-01T12:00:00Z')
  const base = { title: 'A lamp', startingPrice: 1_000, endsAt: '2030-01-02T12:00:00Z' }

  it('accepts a valid lot that opens now', () => {
    expect(validateLotInput(base, now)).toEqual({})
  })

  it('reports every bad field', () => {
    const errors = validateLotInput(
      {
        title: '  x ',
        description: 'd'.repeat(5_001),
        startingPrice: 99,
        reservePrice: 50,
        endsAt: '2030-01-01T12:00:30Z',
        softCloseSeconds: 5,
      },
      now,
    )
    expect(Object.keys(errors).sort()).toEqual([
      'description',
      'endsAt',
      'reservePrice',
      'softCloseSeconds',
      'startingPrice',
      'title',
    ])
  })

  it('limits the duration to 1 minute .. 14 days and the start to the next 30 days', () => {
    expect(validateLotInput({ ...base, endsAt: '2030-01-15T12:00:01Z' }, now).endsAt).toBeDefined()
    expect(validateLotInput({ ...base, endsAt: '2030-01-15T12:00:00Z' }, now)).toEqual({})
    expect(validateLotInput({ ...base, endsAt: '2030-01-01T12:01:00Z' }, now)).toEqual({})
    expect(
      validateLotInput(
        { ...base, startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T13:00:00Z' },
        now,
      ).startsAt,
    ).toBeDefined()
    expect(
      validateLotInput(
        { ...base, startsAt: '2030-03-01T10:00:00Z', endsAt: '2030-03-02T13:00:00Z' },
        now,
      ).startsAt,
    ).toBeDefined()
    expect(validateLotInput({ ...base, endsAt: 'tomorrow' }, now).endsAt).toBeDefined()
  })
})
