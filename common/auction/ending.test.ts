import { describe, expect, it } from 'vitest'
import {
  isNotificationKind,
  MY_BIDS_TABS,
  NEXT_STEPS_MAX_LENGTH,
  NOTIFICATION_KINDS,
  receiptReference,
  RESULT_VIEWERS,
  validateLotInput,
} from '../auction.ts'

/** The ending's shared pieces (decision 0023): receipts, tabs, viewers, next steps, kinds. */

describe('receiptReference', () => {
  it('pads the entry id to six digits and never cuts a longer one', () => {
    expect(receiptReference(42)).toBe('LL-000042')
    expect(receiptReference(123456)).toBe('LL-123456')
    expect(receiptReference(1234567)).toBe('LL-1234567')
  })
})

describe('the lists both sides check against', () => {
  it('My bids tabs and result viewers are exactly these, in this order', () => {
    expect(MY_BIDS_TABS).toEqual(['active', 'won', 'lost'])
    expect(RESULT_VIEWERS).toEqual(['winner', 'seller', 'bidder', 'other'])
  })

  it('knows every notification kind and nothing else', () => {
    for (const kind of NOTIFICATION_KINDS) expect(isNotificationKind(kind)).toBe(true)
    expect(NOTIFICATION_KINDS).toContain('lot_ended')
    expect(isNotificationKind('other')).toBe(false)
    expect(isNotificationKind('')).toBe(false)
  })
})

describe('next steps on a new lot', () => {
  const now = new Date('2030-01-01T12:00:00Z')
  const base = { title: 'A lamp', startingPrice: 1_000, endsAt: '2030-01-02T12:00:00Z' }
  const withSteps = (nextSteps: string) => validateLotInput({ ...base, nextSteps }, now)

  it('takes up to the limit, counted without surrounding spaces, and refuses one more', () => {
    expect(withSteps('a'.repeat(NEXT_STEPS_MAX_LENGTH))).toEqual({})
    expect(withSteps(`  ${'a'.repeat(NEXT_STEPS_MAX_LENGTH)}\n `)).toEqual({})
    expect(withSteps('a'.repeat(NEXT_STEPS_MAX_LENGTH + 1))).toEqual({
      nextSteps: `Must be at most ${NEXT_STEPS_MAX_LENGTH} characters.`,
    })
  })
})
