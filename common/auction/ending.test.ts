import { describe, expect, it } from 'vitest'
import {
  isNotificationKind,
  MY_BIDS_TABS,
  NEXT_STEPS_MAX_LENGTH,
  NOTIFICATION_KINDS,
  receiptReference,
  RESULT_VIEWERS,
  validateLotInput,
  viewerOf,
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
  const base = {
    title: 'A lamp',
    category: 'home' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
    delivery: { pickup: { town: 'Madrid' } },
  }
  const withSteps = (nextSteps: string) => validateLotInput({ ...base, nextSteps }, now)

  it('takes up to the limit, counted without surrounding spaces, and refuses one more', () => {
    expect(withSteps('a'.repeat(NEXT_STEPS_MAX_LENGTH))).toEqual({})
    expect(withSteps(`  ${'a'.repeat(NEXT_STEPS_MAX_LENGTH)}\n `)).toEqual({})
    expect(withSteps('a'.repeat(NEXT_STEPS_MAX_LENGTH + 1))).toEqual({
      nextSteps: `Must be at most ${NEXT_STEPS_MAX_LENGTH} characters.`,
    })
  })
})

describe('viewerOf', () => {
  const lot = (status: 'settled' | 'unsold' | 'cancelled', leaderId: string | null = 'winner') => ({
    sellerId: 'seller',
    status,
    leaderId,
  })
  it.each([
    ['signed out', lot('settled'), undefined, false, 'other'],
    ['the seller, even having bid', lot('settled'), 'seller', true, 'seller'],
    ['the leader of a settled lot', lot('settled'), 'winner', true, 'winner'],
    ['the leader of an unsold lot (reserve not met)', lot('unsold'), 'winner', true, 'bidder'],
    ['the leader of a cancelled lot', lot('cancelled'), 'winner', true, 'bidder'],
    ['someone who bid and lost', lot('settled'), 'alice', true, 'bidder'],
    ['someone who never bid', lot('settled'), 'alice', false, 'other'],
    ['nobody led a settled lot', lot('settled', null), 'alice', false, 'other'],
  ] as const)('%s', (_name, l, userId, bid, expected) => {
    expect(viewerOf(l, userId, bid)).toBe(expected)
  })
})
