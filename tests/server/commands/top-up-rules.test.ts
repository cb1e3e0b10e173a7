import { describe, expect, it } from 'vitest'
import { BALANCE_CAP, TOP_UP_MAX, TOP_UP_MIN } from '../../../common/wallet.ts'
import {
  cardOfIntent,
  checkTopUpAmount,
  checkTopUpRoom,
  decideSettlement,
  isFinal,
  statusFromIntent,
  withCharge,
} from '../../../server/commands/wallet/top-ups/top-up-rules.ts'
import type { AppError } from '../../../server/lib/problem.ts'
import { intent, topUpAt } from './top-up-fixtures.ts'

/** The top-up rules as a member and the wallet screen see them: the refusals' words, each status. */

const now = new Date('2030-01-01T12:00:00.000Z')
const problem = (f: () => unknown) => {
  try {
    f()
  } catch (error) {
    const e = error as AppError
    return { status: e.status, code: e.code, detail: e.message, errors: e.errors }
  }
  return 'ok'
}
const topUp = topUpAt(now)

describe('checkTopUpAmount: what a member reads outside the limits', () => {
  it('names the limits in currency units', () => {
    expect(problem(() => checkTopUpAmount(TOP_UP_MAX + 1))).toEqual({
      status: 422,
      code: 'validation_failed',
      detail: 'The amount is outside the top-up limits.',
      errors: { amount: `Top up between ${TOP_UP_MIN / 100} and ${TOP_UP_MAX / 100}.` },
    })
    expect(TOP_UP_MIN / 100).toBe(5)
    expect(TOP_UP_MAX / 100).toBe(1_000)
  })
})

describe('checkTopUpRoom: the room left under the cap', () => {
  const refused = (room: number) => ({
    status: 422,
    code: 'balance_cap_exceeded',
    detail: 'This top-up would take the balance (with the top-ups still pending) over the cap.',
    errors: { amount: `Your balance can hold at most ${BALANCE_CAP / 100}; room left: ${room}.` },
  })

  it('says how much still fits, counting the pending top-ups', () => {
    expect(problem(() => checkTopUpRoom(BALANCE_CAP - 1_500, 1_000, 501))).toEqual(refused(5))
  })

  it('never a negative room, when the pending ones already pass the cap', () => {
    expect(problem(() => checkTopUpRoom(BALANCE_CAP - 1_000, 3_000, 500))).toEqual(refused(0))
  })

  it('the cap, in currency units', () => {
    expect(BALANCE_CAP / 100).toBe(10_000)
  })
})

describe('isFinal: nothing more can happen to a top-up', () => {
  it.each([
    ['succeeded', true],
    ['canceled', true],
    ['refunded', true],
    ['failed', false],
    ['created', false],
    ['processing', false],
    ['requires_action', false],
  ] as const)('%s → %s', (status, final) => {
    expect(isFinal(status)).toBe(final)
  })
})

describe('statusFromIntent: what the wallet screen shows for a PaymentIntent', () => {
  it.each([
    ['succeeded', null, { status: 'succeeded', failureMessage: null }],
    ['processing', null, { status: 'processing', failureMessage: null }],
    ['requires_action', null, { status: 'requires_action', failureMessage: null }],
    ['canceled', null, { status: 'canceled', failureMessage: null }],
    ['requires_payment_method', null, { status: 'created', failureMessage: null }],
    [
      'requires_payment_method',
      { message: 'Your card has insufficient funds.' },
      { status: 'failed', failureMessage: 'Your card has insufficient funds.' },
    ],
    [
      'requires_payment_method',
      { code: 'card_declined' },
      { status: 'failed', failureMessage: 'The card was declined.' },
    ],
    ['requires_confirmation', null, { status: 'created', failureMessage: null }],
    ['requires_capture', null, { status: 'created', failureMessage: null }],
  ] as const)('%s (error %j) → %j', (status, error, expected) => {
    expect(statusFromIntent(intent({ status, last_payment_error: error }))).toEqual(expected)
  })
})

describe('decideSettlement: which PaymentIntent belongs to which top-up', () => {
  it.each([
    ['another PaymentIntent', topUp(), intent({ id: 'pi_2' })],
    ['another currency', topUp(), intent({ currency: 'usd' })],
    ['another user', topUp(), intent({ metadata: { user_id: 'bob' } })],
    ['another amount', topUp(), intent({ amount: 4_999 })],
  ] as const)('%s → ignored as a mismatch', (_name, record, pi) => {
    expect(decideSettlement(record, pi)).toEqual({ done: 'ignored', mismatch: true })
  })

  it('a top-up whose PaymentIntent id is not stored yet takes the one Stripe names', () => {
    expect(decideSettlement(topUp({ paymentIntentId: null }), intent({ id: 'pi_9' }))).toEqual({
      paid: true,
    })
  })

  it('the currency is compared without regard to case', () => {
    expect(decideSettlement(topUp(), intent({ currency: 'EUR' }))).toEqual({ paid: true })
  })
})

describe('decideSettlement: a new status is recorded, and the member hears of a failure', () => {
  it.each([
    [
      'created → processing: recorded, nothing to tell',
      topUp(),
      intent({ status: 'processing' }),
      { status: 'processing', failureMessage: null, tellFailure: false },
    ],
    [
      'processing → requires_action: recorded, nothing to tell',
      topUp({ status: 'processing' }),
      intent({ status: 'requires_action' }),
      { status: 'requires_action', failureMessage: null, tellFailure: false },
    ],
    [
      'created → canceled: the member is told',
      topUp(),
      intent({ status: 'canceled' }),
      { status: 'canceled', failureMessage: null, tellFailure: true },
    ],
    [
      'failed again with another card: the new message is recorded and told',
      topUp({ status: 'failed', failureMessage: 'Declined' }),
      intent({
        status: 'requires_payment_method',
        last_payment_error: { message: 'Expired card' },
      }),
      { status: 'failed', failureMessage: 'Expired card', tellFailure: true },
    ],
    [
      'failed → retried (no error any more): back to created, nothing to tell',
      topUp({ status: 'failed', failureMessage: 'Declined' }),
      intent({ status: 'requires_payment_method' }),
      { status: 'created', failureMessage: null, tellFailure: false },
    ],
  ] as const)('%s', (_name, record, pi, step) => {
    expect(decideSettlement(record, pi)).toEqual(step)
  })

  it('the same failure reported twice changes nothing', () => {
    const failed = topUp({ status: 'failed', failureMessage: 'Declined' })
    const pi = intent({
      status: 'requires_payment_method',
      last_payment_error: { message: 'Declined' },
    })
    expect(decideSettlement(failed, pi)).toEqual({ done: 'unchanged' })
  })
})

describe('cardOfIntent: the card a top-up was paid with, for a withdrawal back to it', () => {
  const charged = (card: unknown) =>
    intent({ latest_charge: { id: 'ch_1', payment_method_details: { card } } })

  it('reads the brand and last four digits of the expanded charge', () => {
    expect(cardOfIntent(charged({ brand: 'visa', last4: '4242' }))).toEqual({
      brand: 'visa',
      last4: '4242',
    })
  })

  it.each([
    ['no charge yet', intent({ latest_charge: null })],
    ['a charge not expanded (its id only)', intent({ latest_charge: 'ch_1' })],
    ['a charge paid by no card', intent({ latest_charge: { id: 'ch_1' } })],
    ['a card without its brand', charged({ brand: '', last4: '4242' })],
    ['a card without its digits', charged({ brand: 'visa', last4: '' })],
  ])('says nothing for %s', (_label, pi) => {
    expect(cardOfIntent(pi)).toBeNull()
  })

  it('asks Stripe for the charge with the intent', () => {
    expect(withCharge()).toEqual({ expand: ['latest_charge'] })
  })
})
