import { describe, expect, it } from 'vitest'
import {
  maxWithdrawal,
  payoutAccountStatus,
  planWithdrawal,
  withdrawableOf,
  withdrawalStatusOf,
  type PayoutAccountState,
  type RefundableTopUp,
} from './money-out.ts'

function account(status: PayoutAccountState['status']): PayoutAccountState {
  return {
    status,
    detailsSubmitted: status !== 'none',
    payoutsEnabled: status === 'ready',
    requirementsDue: [],
  }
}

function topUp(id: string, refundable: number, last4 = '4242'): RefundableTopUp {
  return {
    topUpId: id,
    refundable,
    card: { brand: 'visa', last4 },
    paidAt: '2026-11-01T00:00:00.000Z',
  }
}

describe('withdrawableOf: demo credit counts as spent last', () => {
  it.each([
    ['no demo credit: all of it', 5000, 0, 5000],
    ['demo credit stays behind', 5000, 2000, 3000],
    ['all demo: nothing', 2000, 2000, 0],
    ['spent below the demo credit: nothing, never negative', 1000, 2000, 0],
    ['a negative demo credit is no credit', 3000, -500, 3000],
    ['nothing available', 0, 0, 0],
  ])('%s', (_, available, demo, expected) => {
    expect(withdrawableOf(available, demo)).toBe(expected)
  })
})

describe('planWithdrawal', () => {
  const view = (
    refundable: RefundableTopUp[],
    status: PayoutAccountState['status'] = 'none',
    payoutLeftToday = 0,
  ) => ({ refundable, payoutAccount: account(status), payoutLeftToday })

  it('takes the newest top-up first, each at most what is left of it', () => {
    const plan = planWithdrawal(7000, view([topUp('a', 5000, '1111'), topUp('b', 4000, '2222')]))
    expect(plan).toEqual({
      refunds: [
        { topUpId: 'a', amount: 5000, card: { brand: 'visa', last4: '1111' } },
        { topUpId: 'b', amount: 2000, card: { brand: 'visa', last4: '2222' } },
      ],
      payout: 0,
      unreachable: 0,
    })
  })

  it('stops once the amount is covered (later top-ups are untouched)', () => {
    const plan = planWithdrawal(3000, view([topUp('a', 5000), topUp('b', 4000)]))
    expect(plan.refunds).toEqual([{ topUpId: 'a', amount: 3000, card: topUp('a', 0).card }])
    expect(plan.unreachable).toBe(0)
  })

  it('takes exactly one top-up in full when the amount equals it', () => {
    const plan = planWithdrawal(5000, view([topUp('a', 5000), topUp('b', 4000)]))
    expect(plan.refunds.map((r) => [r.topUpId, r.amount])).toEqual([['a', 5000]])
  })

  it('skips a top-up with nothing left', () => {
    const plan = planWithdrawal(1000, view([topUp('a', 0), topUp('b', -5), topUp('c', 4000)]))
    expect(plan.refunds.map((r) => [r.topUpId, r.amount])).toEqual([['c', 1000]])
  })

  it('keeps a card-less top-up’s null card', () => {
    const plan = planWithdrawal(100, view([{ ...topUp('a', 500), card: null }]))
    expect(plan.refunds[0]!.card).toBeNull()
  })

  it('sends the rest by payout when the account is ready, within today’s limit', () => {
    const plan = planWithdrawal(9000, view([topUp('a', 5000)], 'ready', 10_000))
    expect(plan.payout).toBe(4000)
    expect(plan.unreachable).toBe(0)
  })

  it('pays out only what today’s limit allows; the rest is unreachable', () => {
    const plan = planWithdrawal(9000, view([topUp('a', 5000)], 'ready', 1500))
    expect(plan).toMatchObject({ payout: 1500, unreachable: 2500 })
  })

  it('a negative limit left counts as none', () => {
    const plan = planWithdrawal(9000, view([topUp('a', 5000)], 'ready', -100))
    expect(plan).toMatchObject({ payout: 0, unreachable: 4000 })
  })

  it.each(['none', 'incomplete'] as const)('no payout to an account that is %s', (status) => {
    const plan = planWithdrawal(9000, view([topUp('a', 5000)], status, 100_000))
    expect(plan).toMatchObject({ payout: 0, unreachable: 4000 })
  })

  it('with no card and no account, everything is unreachable', () => {
    expect(planWithdrawal(2500, view([]))).toEqual({ refunds: [], payout: 0, unreachable: 2500 })
  })

  it('a payout alone when no card can take it', () => {
    expect(planWithdrawal(2500, view([], 'ready', 3000))).toEqual({
      refunds: [],
      payout: 2500,
      unreachable: 0,
    })
  })

  it('nothing to withdraw plans nothing', () => {
    expect(planWithdrawal(0, view([topUp('a', 5000)], 'ready', 1000))).toEqual({
      refunds: [],
      payout: 0,
      unreachable: 0,
    })
  })
})

describe('maxWithdrawal', () => {
  it('is the withdrawable amount when cards cover it', () => {
    expect(
      maxWithdrawal({
        withdrawable: 4000,
        refundable: [topUp('a', 3000), topUp('b', 3000)],
        payoutAccount: account('none'),
        payoutLeftToday: 0,
      }),
    ).toBe(4000)
  })

  it('is what cards and the payout can take when less than withdrawable', () => {
    expect(
      maxWithdrawal({
        withdrawable: 10_000,
        refundable: [topUp('a', 3000)],
        payoutAccount: account('ready'),
        payoutLeftToday: 2000,
      }),
    ).toBe(5000)
  })

  it('is only the cards without a ready account', () => {
    expect(
      maxWithdrawal({
        withdrawable: 10_000,
        refundable: [topUp('a', 3000)],
        payoutAccount: account('incomplete'),
        payoutLeftToday: 50_000,
      }),
    ).toBe(3000)
  })

  it('is zero with nothing withdrawable', () => {
    expect(
      maxWithdrawal({
        withdrawable: 0,
        refundable: [topUp('a', 3000)],
        payoutAccount: account('ready'),
        payoutLeftToday: 50_000,
      }),
    ).toBe(0)
  })
})

describe('payoutAccountStatus', () => {
  it.each([
    ['never connected', null, 'none'],
    ['details missing', { detailsSubmitted: false, payoutsEnabled: false }, 'incomplete'],
    [
      'details given, payouts not yet enabled',
      { detailsSubmitted: true, payoutsEnabled: false },
      'incomplete',
    ],
    [
      'payouts enabled but details due',
      { detailsSubmitted: false, payoutsEnabled: true },
      'incomplete',
    ],
    ['ready', { detailsSubmitted: true, payoutsEnabled: true }, 'ready'],
  ] as const)('%s → %s', (_, given, expected) => {
    expect(payoutAccountStatus(given)).toBe(expected)
  })
})

describe('withdrawalStatusOf', () => {
  it.each([
    [['pending'], 'pending'],
    [['succeeded', 'pending'], 'pending'],
    [['failed', 'pending'], 'pending'],
    [['succeeded'], 'completed'],
    [['succeeded', 'paid'], 'completed'],
    [['paid'], 'completed'],
    [['failed'], 'failed'],
    [['canceled'], 'failed'],
    [['reversed'], 'failed'],
    [['failed', 'canceled', 'reversed'], 'failed'],
    [['succeeded', 'failed'], 'partly_failed'],
    [['paid', 'canceled'], 'partly_failed'],
    [['succeeded', 'reversed'], 'partly_failed'],
  ] as const)('%j → %s', (parts, expected) => {
    expect(withdrawalStatusOf([...parts])).toBe(expected)
  })
})
