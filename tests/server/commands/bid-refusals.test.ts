import { describe, expect, it } from 'vitest'
import {
  insufficientFunds,
  lotNotOpen,
  ownLot,
  refusal,
} from '../../../server/commands/bids/bid-refusals.ts'
import { AppError } from '../../../server/lib/problem.ts'

/** What a bidder reads when a bid is refused: the status, the code, the detail and the field. */

const problem = (error: AppError) => ({
  status: error.status,
  code: error.code,
  detail: error.message,
  errors: error.errors,
})

describe('refusal: a rule of resolveBid said no', () => {
  it('too low: the minimum in currency units, and the field in cents', () => {
    expect(problem(refusal({ ok: false, reason: 'bid_too_low', minNextBid: 1_250 }))).toEqual({
      status: 422,
      code: 'bid_too_low',
      detail: 'The minimum bid is 12.50.',
      errors: { amount: 'Must be at least 1250.' },
    })
  })

  it('a maximum below the bid', () => {
    expect(problem(refusal({ ok: false, reason: 'max_below_amount' }))).toEqual({
      status: 422,
      code: 'max_below_amount',
      detail: 'Your maximum must be at least your bid.',
      errors: { maxAmount: 'Must be at least the amount.' },
    })
  })

  it('the leader sending a maximum that does not raise theirs', () => {
    expect(problem(refusal({ ok: false, reason: 'max_not_raised' }))).toEqual({
      status: 422,
      code: 'max_not_raised',
      detail: 'You are already leading; a new maximum must be higher than your current one.',
      errors: { maxAmount: 'Must be higher than your current maximum.' },
    })
  })

  it('an amount that is not whole cents', () => {
    expect(problem(refusal({ ok: false, reason: 'invalid_amount' }))).toEqual({
      status: 422,
      code: 'validation_failed',
      detail: 'Some fields need attention.',
      errors: { amount: 'Must be a whole number of cents.' },
    })
  })
})

describe('the refusals before the rules', () => {
  it('a lot not open for bidding is a conflict', () => {
    expect(problem(lotNotOpen())).toEqual({
      status: 409,
      code: 'lot_not_open',
      detail: 'This lot is not open for bidding.',
      errors: undefined,
    })
  })

  it('the seller bidding on their own lot is forbidden', () => {
    expect(problem(ownLot())).toEqual({
      status: 403,
      code: 'own_lot',
      detail: 'You cannot bid on your own lot.',
      errors: undefined,
    })
  })

  it('a maximum past the spendable amount names both, in currency units', () => {
    expect(problem(insufficientFunds(9_905, 10_000))).toEqual({
      status: 422,
      code: 'insufficient_funds',
      detail: 'Your available balance (99.05) does not cover a maximum of 100.00.',
      errors: { maxAmount: 'More than your available balance.' },
    })
  })
})
