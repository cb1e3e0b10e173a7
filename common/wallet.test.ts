import { describe, expect, it } from 'vitest'
import {
  BALANCE_CAP,
  FINAL_TOP_UP_STATUSES,
  TOP_UP_MAX,
  TOP_UP_MIN,
  type TopUpStatus,
} from './wallet.ts'

describe('wallet limits (docs/product.md §3)', () => {
  it.each([
    ['one top-up, at least', TOP_UP_MIN, 500],
    ['one top-up, at most', TOP_UP_MAX, 100_000],
    ['a balance through top-ups, at most', BALANCE_CAP, 1_000_000],
  ])('%s: %i cents', (_, limit, cents) => {
    expect(limit).toBe(cents)
  })
})

describe('final top-up statuses: nothing more can happen to them', () => {
  it.each([
    ['created', false],
    ['processing', false],
    ['requires_action', false],
    // Stripe lets the same PaymentIntent be paid with another card after a decline.
    ['failed', false],
    ['succeeded', true],
    ['canceled', true],
    // Given back by card because crediting it would have passed the balance cap.
    ['refunded', true],
  ] as const satisfies readonly (readonly [TopUpStatus, boolean])[])('%s → %s', (status, final) => {
    expect(FINAL_TOP_UP_STATUSES.includes(status)).toBe(final)
  })

  it('lists each final status once', () => {
    expect(new Set(FINAL_TOP_UP_STATUSES).size).toBe(FINAL_TOP_UP_STATUSES.length)
  })
})
