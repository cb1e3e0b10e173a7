import { describe, expect, it } from 'vitest'
import {
  coversMaximum,
  hasVisibleText,
  isLineOfText,
  LINE_OF_TEXT_MESSAGE,
  holdChanges,
  ENDED_STATUSES,
  ENDING_SOON_LIST_MS,
  ENDING_SOON_NOTIFY_MS,
  incrementFor,
  isMoney,
  LOT_IMAGE_MAX_BYTES,
  minNextBid,
  MONEY_MAX,
  resolveBid,
  softCloseEnd,
  spendableOnLot,
  validateLotInput,
  withLotHold,
  type AuctionState,
  type BidOutcome,
  type LotInput,
  type LotStatus,
} from './auction.ts'
import { BALANCE_CAP } from './wallet.ts'

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
  const base = {
    title: 'A lamp',
    category: 'home' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
    delivery: { pickup: { town: 'Madrid' } },
  }

  it('accepts a valid lot that opens now', () => {
    expect(validateLotInput(base, now)).toEqual({})
  })

  it('reports every bad field', () => {
    const errors = validateLotInput(
      {
        title: '  x ',
        category: 'home',
        description: 'd'.repeat(5_001),
        startingPrice: 99,
        reservePrice: 50,
        endsAt: '2030-01-01T12:00:30Z',
        softCloseSeconds: 5,
      },
      now,
    )
    expect(Object.keys(errors).sort()).toEqual([
      'delivery',
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

describe('hasVisibleText: titles, names and reasons must show something', () => {
  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['zero-width joiners and non-joiners', '\u200d\u200c\u200d'],
    ['a word joiner and a BOM', '\u2060\ufeff\u2060'],
    ['soft hyphens', '\u00ad\u00ad\u00ad'],
    ['bidi marks and isolates', '\u200e\u200f\u2066\u2069'],
    ['Hangul fillers', '\u3164\u3164\u115f\u1160\uffa0'],
    ['braille blanks', '\u2800\u2800\u2800'],
    ['a combining grapheme joiner and a Mongolian vowel separator', '\u034f\u180e\u034f'],
    ['variation selectors', '\ufe0f\ufe0e\u{e0100}'],
    ['no-break, ideographic and em spaces', '\u00a0\u3000\u2003'],
    ['control characters and tabs', '\u0001\t\u007f\n'],
    ['unassigned default-ignorables', '\u17b4\u17b5\u2065\ufff0\ufff8'],
    ['tag characters', '\u{e0000}\u{e0fff}\u{e0041}'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(hasVisibleText(text)).toBe(false)
    expect(
      validateLotInput(
        {
          title: text.padEnd(3, '\u200b'),
          category: 'home',
          startingPrice: 1_000,
          endsAt: '2030-01-02T12:00:00Z',
          delivery: { pickup: { town: 'Madrid' } },
        },
        new Date('2030-01-01T12:00:00Z'),
      ).title,
    ).toBeDefined()
  })

  it.each([
    ['a word', 'Lamp'],
    ['one letter among invisibles', '\u200bL\u200b'],
    ['an emoji sequence with joiners', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['Arabic with a zero-width non-joiner', 'می\u200cخواهم'],
    ['Korean', '램프'],
    ['a single dot', '.'],
  ])('accepts %s', (_name, text) => {
    expect(hasVisibleText(text)).toBe(true)
    expect(isLineOfText(text)).toBe(true)
  })
})

describe('isLineOfText: titles, names and reasons are one line that nothing reorders', () => {
  it.each([
    ['a line feed', 'Leica\nM6'],
    ['a carriage return', 'Leica\rM6'],
    ['a next-line character', 'Leica\u0085M6'],
    ['a line separator', 'Leica\u2028M6'],
    ['a paragraph separator', 'Leica\u2029M6'],
    ['a right-to-left override', 'Leica \u202eM6'],
    ['a left-to-right embedding', '\u202aLeica'],
    ['a pop directional formatting', 'Leica\u202c'],
    ['a first-strong isolate', 'Leica \u2068M6\u2069'],
    ['a left-to-right isolate', '\u2066Leica'],
    ['nothing visible', '\u200b\u200b\u200b'],
  ])('refuses %s', (_name, text) => {
    expect(isLineOfText(text)).toBe(false)
    expect(
      validateLotInput(
        { title: text, category: 'home', startingPrice: 1_000, endsAt: '2030-01-02T12:00:00Z' },
        new Date('2030-01-01T12:00:00Z'),
      ).title,
    ).toBe(LINE_OF_TEXT_MESSAGE)
  })

  it.each([
    ['a tab', 'Leica\tM6'],
    ['a right-to-left mark inside Arabic', 'كاميرا\u200f Leica'],
    ['Hebrew', 'מצלמה ישנה'],
  ])('accepts %s', (_name, text) => {
    expect(isLineOfText(text)).toBe(true)
  })
})

// ── Boundaries, as tables: each limit, its edge and one past it ────────────────────────────────

describe('isMoney: whole positive cents up to what one wallet can hold', () => {
  it.each([
    [1, true],
    [100, true],
    [MONEY_MAX, true],
    [MONEY_MAX + 1, false],
    [0, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.MAX_SAFE_INTEGER + 2, false],
    ['100', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (value, expected) => {
    expect(isMoney(value)).toBe(expected)
  })

  it('the money maximum is the wallet cap (10,000.00)', () => {
    expect(MONEY_MAX).toBe(BALANCE_CAP)
    expect(MONEY_MAX).toBe(1_000_000)
  })
})

describe('resolveBid: the money maximum', () => {
  it.each([
    ['a bid of exactly the maximum', MONEY_MAX, undefined, { currentPrice: MONEY_MAX }],
    ['a bid one cent past it', MONEY_MAX + 1, undefined, 'invalid_amount'],
    ['a maximum of exactly the money maximum', 1_000, MONEY_MAX, { leaderMax: MONEY_MAX }],
    ['a maximum one cent past it', 1_000, MONEY_MAX + 1, 'invalid_amount'],
  ] as const)('%s', (_, amount, maxAmount, expected) => {
    const outcome = resolveBid(fresh(), { bidderId: 'a', amount, maxAmount, at })
    if (typeof expected === 'string') expect(outcome).toEqual({ ok: false, reason: expected })
    else expect(outcome).toMatchObject({ ok: true, state: { leaderId: 'a', ...expected } })
  })

  it('a challenger at the money maximum against a leader at it: the leader keeps the lead', () => {
    const s = accept(fresh(), 'a', 1_000, MONEY_MAX).state
    const o = accept(s, 'b', MONEY_MAX)
    expect(o.state).toMatchObject({ leaderId: 'a', currentPrice: MONEY_MAX })
  })
})

describe('resolveBid: who is told, and whether the lot changed', () => {
  const led = () => accept(fresh(), 'a', 1_000, 3_000).state

  it.each([
    ['first bid', () => accept(fresh(), 'a', 1_000), true, null, 1],
    [
      'losing challenger: the price moves, the leader stays',
      () => accept(led(), 'b', 1_100),
      true,
      null,
      3,
    ],
    [
      'winning challenger: the old leader is outbid',
      () => accept(led(), 'b', 1_100, 9_000),
      true,
      'a',
      3,
    ],
    [
      'leader raising their maximum: nothing public',
      () => accept(led(), 'a', 1_100, 9_000),
      false,
      null,
      1,
    ],
  ] as const)('%s', (_, bid, changed, outbid, bidCount) => {
    const o = bid()
    expect(o.changed).toBe(changed)
    expect(o.outbidUserId).toBe(outbid)
    expect(o.state.bidCount).toBe(bidCount)
  })

  it('keeps the fields it does not decide (starting price, reserve)', () => {
    const o = accept(fresh({ reservePrice: 50_000 }), 'a', 1_000)
    expect(o.state).toMatchObject({ startingPrice: 1_000, reservePrice: 50_000 })
  })

  it('stamps every record with the time of the bid', () => {
    const o = accept(led(), 'b', 1_100, 9_000)
    expect(o.records.map((r) => r.at)).toEqual([at, at])
  })
})

describe('resolveBid: a maximum at the reserve, its edge and one past it', () => {
  const RESERVE = 10_000
  const reserved = fresh({ reservePrice: RESERVE })
  /**
   * Settlement (server/commands/settlement/close-lot.ts) sells the lot when the final price is at
   * least the reserve; the reserve is met exactly when resolveBid has lifted the price to it.
   */
  const sold = (price: number | null) => price !== null && price >= RESERVE

  it.each([
    ['first maximum one below the reserve', RESERVE - 1, 1_000, false],
    ['first maximum exactly the reserve', RESERVE, RESERVE, true],
    ['first maximum one above the reserve', RESERVE + 1, RESERVE, true],
  ])('%s', (_, max, price, met) => {
    const o = accept(reserved, 'a', 1_000, max)
    expect(o.state.currentPrice).toBe(price)
    expect(o.records).toEqual([{ bidderId: 'a', amount: price, maxAmount: max, auto: false, at }])
    expect(sold(o.state.currentPrice)).toBe(met)
  })

  it('a bid above the reserve is not lowered to it', () => {
    expect(accept(reserved, 'a', 12_000).state.currentPrice).toBe(12_000)
  })

  it.each([
    ['one below the reserve', RESERVE - 1, 1_000, true, false],
    ['exactly the reserve', RESERVE, RESERVE, false, true],
  ])('the leader raising their maximum to %s', (_, max, price, hidden, met) => {
    const s = accept(reserved, 'a', 1_000, 5_000).state
    const o = accept(s, 'a', 1_100, max)
    expect(o.state.currentPrice).toBe(price)
    expect(o.records[0]?.hidden).toBe(hidden)
    expect(o.changed).toBe(!hidden)
    expect(sold(o.state.currentPrice)).toBe(met)
  })

  it.each([
    ['one below the reserve', RESERVE - 1, 5_500, false],
    ['exactly the reserve', RESERVE, RESERVE, true],
  ])('a challenger whose maximum is %s takes the lead', (_, max, price, met) => {
    const s = accept(reserved, 'a', 1_000, 5_000).state
    const o = accept(s, 'b', 1_100, max)
    expect(o.state).toMatchObject({ leaderId: 'b', currentPrice: price, leaderMax: max })
    expect(sold(o.state.currentPrice)).toBe(met)
  })

  it('a leader whose maximum reaches the reserve is lifted to it when answering a challenger', () => {
    // Not reachable through resolveBid alone (a maximum at the reserve lifts the price at once),
    // but a state written by an older rule, or a reserve set later, must still settle right.
    const s = fresh({
      reservePrice: RESERVE,
      currentPrice: 1_000,
      leaderId: 'a',
      leaderMax: RESERVE,
    })
    const o = accept(s, 'b', 1_100)
    expect(o.state).toMatchObject({ leaderId: 'a', currentPrice: RESERVE })
    expect(rows(o)).toEqual([
      ['b', 1_100, false],
      ['a', RESERVE, true],
    ])
  })
})

describe('validateLotInput: boundaries', () => {
  const now = new Date('2030-01-01T12:00:00Z')
  const NOW = now.getTime()
  const iso = (ms: number) => new Date(ms).toISOString()
  const MINUTE = 60_000
  const HOUR = 3_600_000
  const DAY = 24 * HOUR
  const valid: LotInput = {
    title: 'A lamp',
    category: 'home' as const,
    startingPrice: 1_000,
    endsAt: iso(NOW + DAY),
    delivery: { shipping: { cost: 0 } },
  }
  const check = (patch: Partial<LotInput>) => validateLotInput({ ...valid, ...patch }, now)

  it('the valid base has no problems', () => {
    expect(check({})).toEqual({})
  })

  const TITLE = 'Must be 3 to 120 characters.'
  it.each([
    ['2 characters', 'ab', TITLE],
    ['3 characters', 'abc', null],
    ['120 characters', 'a'.repeat(120), null],
    ['121 characters', 'a'.repeat(121), TITLE],
    ['2 characters with spaces around (trimmed)', '   ab   ', TITLE],
    ['120 characters and a trailing space (trimmed)', `${'a'.repeat(120)} `, null],
  ])('title of %s', (_, title, error) => {
    expect(check({ title }).title ?? null).toBe(error)
  })

  const DESCRIPTION = 'Must be at most 5000 characters.'
  it.each([
    ['none', undefined, null],
    ['5,000 characters', 'd'.repeat(5_000), null],
    ['5,001 characters', 'd'.repeat(5_001), DESCRIPTION],
  ])('description of %s', (_, description, error) => {
    expect(check({ description }).description ?? null).toBe(error)
  })

  const STARTING = 'Must be a whole number of cents from 100 to 1000000.'
  it.each([
    [99, STARTING],
    [100, null],
    [MONEY_MAX, null],
    [MONEY_MAX + 1, STARTING],
    [150.5, STARTING],
  ])('starting price %d', (startingPrice, error) => {
    expect(check({ startingPrice, reservePrice: null }).startingPrice ?? null).toBe(error)
  })

  const RESERVE = 'Must be at least the starting price.'
  it.each([
    ['none (undefined)', undefined, null],
    ['none (null)', null, null],
    ['one below the starting price', 999, RESERVE],
    ['equal to the starting price', 1_000, null],
    ['the money maximum', MONEY_MAX, null],
    ['one past the money maximum', MONEY_MAX + 1, RESERVE],
    ['not whole cents', 1_000.5, RESERVE],
  ])('reserve %s', (_, reservePrice, error) => {
    expect(check({ reservePrice }).reservePrice ?? null).toBe(error)
  })

  const SOFT = 'Must be 10 to 600 seconds.'
  it.each([
    [undefined, null],
    [9, SOFT],
    [10, null],
    [600, null],
    [601, SOFT],
    [30.5, SOFT],
  ])('soft close of %s s', (softCloseSeconds, error) => {
    expect(check({ softCloseSeconds }).softCloseSeconds ?? null).toBe(error)
  })

  const PAST = 'Must not be in the past.'
  const AHEAD = 'Must be within 30 days.'
  const INVALID = 'Is not a valid time.'
  it.each([
    ['omitted (now)', undefined, null],
    ['not a time', 'next tuesday', INVALID],
    ['at the clock-skew edge (1 minute ago)', iso(NOW - MINUTE), null],
    ['one ms before the skew edge', iso(NOW - MINUTE - 1), PAST],
    ['in 2 hours', iso(NOW + 2 * HOUR), null],
    ['in exactly 30 days', iso(NOW + 30 * DAY), null],
    ['30 days and 1 ms ahead', iso(NOW + 30 * DAY + 1), AHEAD],
  ])('start %s', (_, startsAt, error) => {
    const endsAt = iso(Math.max(NOW, startsAt ? Date.parse(startsAt) || NOW : NOW) + DAY)
    const errors = check({ startsAt, endsAt })
    expect(errors.startsAt ?? null).toBe(error)
    expect(errors.endsAt).toBeUndefined()
  })

  const SHORT = 'Must be at least 1 minute after the start.'
  const LONG = 'Must be at most 14 days after the start.'
  it.each([
    // Opening now: measured from now.
    ['now', undefined, NOW + MINUTE, null],
    ['now', undefined, NOW + MINUTE - 1, SHORT],
    ['now', undefined, NOW + 14 * DAY, null],
    ['now', undefined, NOW + 14 * DAY + 1, LONG],
    // A start a little in the past (clock skew) opens now: the minimum is measured from now.
    ['1 minute ago', NOW - MINUTE, NOW + MINUTE, null],
    ['1 minute ago', NOW - MINUTE, NOW + MINUTE - 1, SHORT],
    // Scheduled: measured from the start.
    ['in 2 hours', NOW + 2 * HOUR, NOW + 2 * HOUR + MINUTE, null],
    ['in 2 hours', NOW + 2 * HOUR, NOW + 2 * HOUR + MINUTE - 1, SHORT],
    ['in 2 hours', NOW + 2 * HOUR, NOW + 2 * HOUR + 14 * DAY, null],
    ['in 2 hours', NOW + 2 * HOUR, NOW + 2 * HOUR + 14 * DAY + 1, LONG],
    ['in 30 days', NOW + 30 * DAY, NOW + 44 * DAY, null],
    ['in 30 days', NOW + 30 * DAY, NOW + 44 * DAY + 1, LONG],
  ])('start %s, end case %#: %s', (_, startsAt, endsAt, error) => {
    const errors = check({
      startsAt: startsAt === undefined ? undefined : iso(startsAt),
      endsAt: iso(endsAt),
    })
    expect(errors.endsAt ?? null).toBe(error)
    expect(errors.startsAt).toBeUndefined()
  })

  it('an end that is not a time says so', () => {
    expect(check({ endsAt: 'soon' })).toEqual({ endsAt: INVALID })
  })

  it('a start that is refused leaves the end alone (it cannot be measured)', () => {
    expect(check({ startsAt: iso(NOW - HOUR), endsAt: iso(NOW + 1_000) })).toEqual({
      startsAt: PAST,
    })
    expect(check({ startsAt: 'never', endsAt: iso(NOW + 1_000) })).toEqual({ startsAt: INVALID })
  })
})

describe('lot statuses and the limits other layers use', () => {
  it.each([
    ['scheduled', false],
    ['open', false],
    ['settled', true],
    ['unsold', true],
    ['cancelled', true],
  ] as const satisfies readonly (readonly [LotStatus, boolean])[])(
    'the "closed" filter shows a %s lot: %s',
    (status, shown) => {
      expect(ENDED_STATUSES.includes(status)).toBe(shown)
    },
  )

  it.each([
    ['a lot picture, at most (2 MB)', LOT_IMAGE_MAX_BYTES, 2 * 1024 * 1024],
    ['"ending soon" in the list: within', ENDING_SOON_LIST_MS, 60 * 60_000],
    ['watchers told of an ending lot: within', ENDING_SOON_NOTIFY_MS, 5 * 60_000],
  ])('%s %i', (_, limit, expected) => {
    expect(limit).toBe(expected)
  })
})

describe('softCloseEnd: the window, its edge and one past it', () => {
  const now = new Date('2030-01-01T12:00:00.000Z')
  const at = (ms: number) => new Date(now.getTime() + ms)
  // 60 s window: less than 60 s left extends to now + 60 s; exactly 60 s or more keeps the end.
  it.each([
    ['one ms inside the window', 59_999, true, 60_000],
    ['exactly the window left', 60_000, true, 60_000],
    ['one ms past the window', 60_001, true, 60_001],
    ['last ms of the lot', 1, true, 60_000],
    ['inside the window, nothing changed', 1_000, false, 1_000],
  ] as const)('%s', (_name, left, changed, expected) => {
    expect(softCloseEnd(at(left), now, 60, changed).getTime()).toBe(at(expected).getTime())
  })

  it('uses the lot’s own window (10 s minimum, 600 s maximum)', () => {
    expect(softCloseEnd(at(9_999), now, 10, true).getTime()).toBe(at(10_000).getTime())
    expect(softCloseEnd(at(10_000), now, 10, true).getTime()).toBe(at(10_000).getTime())
    expect(softCloseEnd(at(599_999), now, 600, true).getTime()).toBe(at(600_000).getTime())
    expect(softCloseEnd(at(600_001), now, 600, true).getTime()).toBe(at(600_001).getTime())
  })
})

describe('coversMaximum: spendable money, its edge and one past it', () => {
  // balance 10,000, held 3,000 of which 1,000 on this lot → 8,000 spendable on this lot.
  const funds = { balance: 10_000, held: 3_000, lotHold: 1_000 }
  it.each([
    ['one below the spendable amount', 7_999, true],
    ['exactly the spendable amount', 8_000, true],
    ['one past it', 8_001, false],
  ] as const)('%s', (_name, max, covered) => {
    expect(spendableOnLot(funds)).toBe(8_000)
    expect(coversMaximum(funds, max)).toBe(covered)
  })

  it('a bidder with nothing covers nothing', () => {
    expect(coversMaximum({ balance: 0, held: 0, lotHold: 0 }, 1)).toBe(false)
    expect(coversMaximum({ balance: 0, held: 0, lotHold: 0 }, 0)).toBe(true)
  })
})

describe('holdChanges and withLotHold: only the leader holds, their maximum', () => {
  const before: AuctionState = {
    startingPrice: 1_000,
    reservePrice: null,
    currentPrice: 1_000,
    leaderId: 'a',
    leaderMax: 2_000,
    bidCount: 1,
  }
  const after = (patch: Partial<AuctionState>, outbidUserId: string | null = null) => ({
    state: { ...before, ...patch },
    outbidUserId,
  })

  it.each([
    [
      'a challenger takes the lead',
      after({ leaderId: 'b', leaderMax: 3_000 }, 'a'),
      [
        { userId: 'a', lotHold: 0 },
        { userId: 'b', lotHold: 3_000 },
      ],
    ],
    [
      'the leader raises their maximum by one cent',
      after({ leaderMax: 2_001 }),
      [{ userId: 'a', lotHold: 2_001 }],
    ],
    ['the leader’s proxy answers (maximum unchanged)', after({ currentPrice: 1_500 }), []],
  ] as const)('%s', (_name, outcome, expected) => {
    expect(holdChanges(before, outcome)).toEqual(expected)
  })

  it('the first bid holds the bidder’s maximum', () => {
    const empty = { ...before, currentPrice: null, leaderId: null, leaderMax: null, bidCount: 0 }
    const first = { state: { ...empty, leaderId: 'a', leaderMax: 1_200 }, outbidUserId: null }
    expect(holdChanges(empty, first)).toEqual([{ userId: 'a', lotHold: 1_200 }])
  })

  it('holds what the leader would pay at their maximum when told how (decision 0051)', () => {
    // 5 % premium and €6.50 shipping: a €30.00 maximum holds €38.00.
    const payAt = (max: number) => max + Math.floor(max / 20) + 650
    expect(holdChanges(before, after({ leaderId: 'b', leaderMax: 3_000 }, 'a'), payAt)).toEqual([
      { userId: 'a', lotHold: 0 },
      { userId: 'b', lotHold: 3_800 },
    ])
    expect(holdChanges(before, after({ currentPrice: 1_500 }), payAt)).toEqual([])
  })

  it.each([
    ['a raise moves the total by the difference', 2_500, { held: 4_500, lotHold: 2_500 }],
    ['the same hold changes nothing', 1_000, { held: 3_000, lotHold: 1_000 }],
    ['a release frees this lot only', 0, { held: 2_000, lotHold: 0 }],
  ] as const)('%s', (_name, lotHold, expected) => {
    const funds = { balance: 10_000, held: 3_000, lotHold: 1_000 }
    expect(withLotHold(funds, lotHold)).toEqual({ balance: 10_000, ...expected })
  })
})

describe('resolveBid: half a leader is no leader', () => {
  // A leader without a remembered maximum, or a maximum without a leader, cannot answer a bid:
  // the bid is the first one, at its own amount, and nobody is told they were outbid.
  it.each([
    ['a leader without a maximum', { leaderId: 'a', leaderMax: null, currentPrice: null }],
    ['a maximum without a leader', { leaderId: null, leaderMax: 5_000, currentPrice: null }],
  ])('%s', (_, patch) => {
    const o = accept(fresh(patch), 'b', 1_000, 10_000)
    expect(o.state).toMatchObject({ currentPrice: 1_000, leaderId: 'b', leaderMax: 10_000 })
    expect(rows(o)).toEqual([['b', 1_000, false]])
    expect(o.outbidUserId).toBeNull()
    expect(o.changed).toBe(true)
  })
})

describe('validateLotInput: the category', () => {
  const now = new Date('2030-01-01T12:00:00Z')
  const base = {
    title: 'A lamp',
    category: 'home' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
    delivery: { shipping: { cost: 650 }, pickup: { town: 'Madrid' } },
  }

  it.each(['', 'Home', 'lamps', undefined])(
    'refuses %j with a request to choose one',
    (category) => {
      const input = { ...base, category } as unknown as LotInput
      expect(validateLotInput(input, now)).toEqual({ category: 'Choose a category.' })
    },
  )

  it('tells a title that is not one line of text so, in words', () => {
    expect(LINE_OF_TEXT_MESSAGE).toBe('Must be one line with visible characters.')
    expect(validateLotInput({ ...base, title: 'A\nlamp' }, now)).toEqual({
      title: 'Must be one line with visible characters.',
    })
  })
})

describe('validateLotInput: the delivery (issue 29)', () => {
  const now = new Date('2030-01-01T12:00:00Z')
  const base = {
    title: 'A lamp',
    category: 'home' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
  }

  it('wants a way to reach the buyer, and names what is wrong with it', () => {
    expect(validateLotInput(base, now)).toEqual({ delivery: 'Offer shipping, a pickup, or both.' })
    expect(validateLotInput({ ...base, delivery: { shipping: { cost: 0 } } }, now)).toEqual({})
    expect(
      validateLotInput(
        { ...base, delivery: { pickup: { town: '' }, shipping: { cost: 1.5 } } },
        now,
      ),
    ).toEqual({
      shippingCost: 'Must be a whole number of cents from 0 to 1000000.',
      pickupTown: 'Must be one line with visible characters.',
    })
  })
})

describe('resolveBid: a maximum alone bids the minimum (docs/product.md)', () => {
  it('a first maximum alone leads at the starting price and keeps the rest in reserve', () => {
    const o = resolveBid(fresh(), { bidderId: 'a', maxAmount: 5_000, at })
    expect(o).toMatchObject({
      ok: true,
      state: { currentPrice: 1_000, leaderId: 'a', leaderMax: 5_000, bidCount: 1 },
    })
    if (!o.ok) return
    expect(rows(o)).toEqual([['a', 1_000, false]])
    expect(o.records[0]!.maxAmount).toBe(5_000)
  })

  it('against a leader, the minimum is price + increment, and the proxies answer as usual', () => {
    const led = accept(fresh(), 'a', 1_000, 2_000).state
    const o = resolveBid(led, { bidderId: 'b', maxAmount: 1_500, at })
    expect(o).toMatchObject({ ok: true, state: { currentPrice: 1_600, leaderId: 'a' } })
    if (!o.ok) return
    expect(rows(o)).toEqual([
      ['b', 1_500, false],
      ['a', 1_600, true],
    ])
    const wins = resolveBid(led, { bidderId: 'b', maxAmount: 3_000, at })
    expect(wins).toMatchObject({ ok: true, state: { currentPrice: 2_100, leaderId: 'b' } })
  })

  it('exactly the minimum is enough; one cent under is too low a bid, not a maximum problem', () => {
    const led = accept(fresh(), 'a', 1_000).state
    expect(resolveBid(led, { bidderId: 'b', maxAmount: 1_100, at })).toMatchObject({
      ok: true,
      state: { currentPrice: 1_100, leaderId: 'b', leaderMax: 1_100 },
    })
    expect(resolveBid(led, { bidderId: 'b', maxAmount: 1_099, at })).toEqual({
      ok: false,
      reason: 'bid_too_low',
      minNextBid: 1_100,
    })
    // Typed amounts keep their own answer: a maximum under the bid.
    expect(resolveBid(led, { bidderId: 'b', amount: 1_100, maxAmount: 1_099, at })).toEqual({
      ok: false,
      reason: 'max_below_amount',
    })
  })

  it('neither amount nor maximum is a bid at the minimum; a bad maximum alone is invalid', () => {
    expect(resolveBid(fresh(), { bidderId: 'a', at })).toMatchObject({
      ok: true,
      state: { currentPrice: 1_000, leaderMax: 1_000 },
    })
    expect(resolveBid(fresh(), { bidderId: 'a', maxAmount: 1_500.5, at })).toEqual({
      ok: false,
      reason: 'invalid_amount',
    })
  })

  it('the leader raising with a maximum alone keeps the price', () => {
    const led = accept(fresh(), 'a', 1_000, 2_000).state
    const o = resolveBid(led, { bidderId: 'a', maxAmount: 9_000, at })
    expect(o).toMatchObject({
      ok: true,
      changed: false,
      state: { currentPrice: 1_000, leaderMax: 9_000 },
    })
  })
})
