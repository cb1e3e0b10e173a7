import { describe, expect, it } from 'vitest'
import { LOT_PICTURES_MAX } from '../../../common/auction.ts'
import { BALANCE_CAP, TOP_UP_MAX, TOP_UP_MIN, type Wallet } from '../../../common/wallet.ts'
import { checkAdjustment } from '../../../server/commands/admin/check-adjustment.ts'
import { decideCancel } from '../../../server/commands/lots/decide-cancel.ts'
import { decideNewLot } from '../../../server/commands/lots/decide-new-lot.ts'
import {
  checkPictureAdd,
  checkPictureChange,
  checkPictureOrder,
} from '../../../server/commands/lots/check-picture-change.ts'
import { decideClose } from '../../../server/commands/settlement/decide-close.ts'
import {
  checkTopUpAmount,
  checkTopUpRoom,
  decideSettlement,
  paidPastCap,
} from '../../../server/commands/wallet/top-ups/top-up-rules.ts'
import type { LockedLot } from '../../../server/domain/lot.ts'
import type { AppError } from '../../../server/lib/problem.ts'
import { intent, topUpAt } from './top-up-fixtures.ts'

/** The pure deciders behind the write commands, without a database: each limit, its edge, one past. */

const now = new Date('2030-01-01T12:00:00.000Z')
const lot = (patch: Partial<LockedLot> = {}): LockedLot => ({
  id: 'lot',
  sellerId: 'seller',
  title: 'Teak sideboard',
  category: 'other',
  description: '',
  nextSteps: '',
  delivery: { shipping: null, pickup: { town: 'Madrid' } },
  startingPrice: 1_000,
  reservePrice: null,
  startsAt: new Date(now.getTime() - 3_600_000),
  endsAt: now,
  softCloseSeconds: 60,
  status: 'open',
  currentPrice: 1_500,
  leaderId: 'alice',
  leaderMax: 2_000,
  bidCount: 2,
  version: 3,
  pictures: [],
  closedAt: null,
  cancelledAt: null,
  cancelReason: null,
  showId: null,
  settledAt: null,
  ...patch,
})
const code = (f: () => unknown) => {
  try {
    f()
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}
/** The refusal a member reads: status, code, detail and field errors. */
const problem = (f: () => unknown) => {
  try {
    f()
  } catch (error) {
    const e = error as AppError
    return { status: e.status, code: e.code, detail: e.message, errors: e.errors }
  }
  return 'ok'
}

describe('decideClose: when a lot settles', () => {
  it.each([
    ['ends exactly now', lot(), 'settled'],
    ['ends one ms later', lot({ endsAt: new Date(now.getTime() + 1) }), 'skipped'],
    ['already settled', lot({ status: 'settled' }), 'skipped'],
    ['price exactly at the reserve', lot({ reservePrice: 1_500 }), 'settled'],
    ['price one cent below the reserve', lot({ reservePrice: 1_501 }), 'unsold'],
    ['no bids', lot({ leaderId: null, currentPrice: null, leaderMax: null }), 'unsold'],
  ] as const)('%s → %s', (_name, row, outcome) => {
    expect(decideClose(row, now).outcome).toBe(outcome)
  })

  it('a sale pays the final price and tells the winner and the seller', () => {
    expect(decideClose(lot(), now)).toEqual({
      outcome: 'settled',
      sale: { winner: 'alice', seller: 'seller', price: 1_500 },
      notify: [
        { userId: 'alice', kind: 'won' },
        { userId: 'seller', kind: 'lot_sold' },
      ],
    })
  })
})

describe('decideClose: everyone who bid and did not win hears the lot ended', () => {
  const bidders = ['alice', 'bob', 'carol']
  const notified = (d: ReturnType<typeof decideClose>) => ('notify' in d ? d.notify : [])
  it('a sale: every bidder but the winner', () => {
    expect(notified(decideClose(lot(), now, bidders))).toEqual([
      { userId: 'alice', kind: 'won' },
      { userId: 'seller', kind: 'lot_sold' },
      { userId: 'bob', kind: 'lot_ended' },
      { userId: 'carol', kind: 'lot_ended' },
    ])
  })

  it('reserve not met: the leader did not win either', () => {
    expect(notified(decideClose(lot({ reservePrice: 1_501 }), now, bidders))).toEqual([
      { userId: 'seller', kind: 'lot_unsold' },
      { userId: 'alice', kind: 'lot_ended' },
      { userId: 'bob', kind: 'lot_ended' },
      { userId: 'carol', kind: 'lot_ended' },
    ])
  })

  it('a second run tells nobody', () => {
    expect(decideClose(lot({ status: 'settled' }), now, bidders)).toEqual({ outcome: 'skipped' })
  })
})

describe('decideCancel: who may cancel', () => {
  const seller = { id: 'seller', role: 'member' as const }
  const admin = { id: 'root', role: 'admin' as const }
  it.each([
    ['the seller, before any bid', lot({ bidCount: 0, leaderId: null }), seller, 'ok'],
    ['the seller, after one bid', lot({ bidCount: 1 }), seller, 'lot_has_bids'],
    ['an admin, after bids', lot(), admin, 'ok'],
    ['someone else', lot({ bidCount: 0 }), { id: 'bob', role: 'member' as const }, 'forbidden'],
    ['an admin, once the lot is over', lot({ status: 'unsold' }), admin, 'lot_not_cancellable'],
    ['anyone, a missing lot', undefined, admin, 'not_found'],
  ] as const)('%s → %s', (_name, row, user, expected) => {
    expect(code(() => decideCancel(row, user))).toBe(expected)
  })

  it('tells the leader, whose hold is released', () => {
    expect(decideCancel(lot(), admin).notify).toEqual({
      userId: 'alice',
      data: { title: 'Teak sideboard' },
    })
  })

  it('tells the seller when an admin cancels their lot, not when they cancel it themselves', () => {
    expect(decideCancel(lot(), admin).seller).toEqual({
      userId: 'seller',
      data: { title: 'Teak sideboard' },
    })
    expect(decideCancel(lot({ bidCount: 0, leaderId: null }), seller).seller).toBeNull()
  })
})

describe('checkAdjustment: available ≥ 0 and the cap', () => {
  const wallet = (balance: number, held: number): Wallet => ({
    balance,
    held,
    available: balance - held,
    pending: 0,
    currency: 'EUR',
    version: 1,
  })
  it.each([
    ['a debit of exactly the available balance', wallet(1_000, 400), -600, 'ok'],
    ['one cent more', wallet(1_000, 400), -601, 'debit_below_zero'],
    ['a credit up to the cap exactly', wallet(BALANCE_CAP - 100, 0), 100, 'ok'],
    ['one cent past the cap', wallet(BALANCE_CAP - 100, 0), 101, 'balance_cap_exceeded'],
  ] as const)('%s → %s', (_name, before, amount, expected) => {
    expect(code(() => checkAdjustment(before, amount))).toBe(expected)
  })
})

describe('top-up rules: amount limits and the cap with pending top-ups', () => {
  it.each([
    [TOP_UP_MIN - 1, 'validation_failed'],
    [TOP_UP_MIN, 'ok'],
    [TOP_UP_MAX, 'ok'],
    [TOP_UP_MAX + 1, 'validation_failed'],
    [TOP_UP_MIN + 0.5, 'validation_failed'],
  ])('amount %s → %s', (amount, expected) => {
    expect(code(() => checkTopUpAmount(amount))).toBe(expected)
  })

  it.each([
    ['balance and pending reach the cap exactly', BALANCE_CAP - 1_500, 1_000, 500, 'ok'],
    ['one cent past it', BALANCE_CAP - 1_500, 1_001, 500, 'balance_cap_exceeded'],
  ] as const)('%s → %s', (_name, balance, pending, amount, expected) => {
    expect(code(() => checkTopUpRoom(balance, pending, amount))).toBe(expected)
  })

  it('a payment is refunded only past the cap', () => {
    expect(paidPastCap(BALANCE_CAP - 500, 500)).toBe(false)
    expect(paidPastCap(BALANCE_CAP - 499, 500)).toBe(true)
  })
})

describe('decideNewLot: a start now or in the past opens the lot at once', () => {
  const form = {
    title: '  Teak sideboard ',
    category: 'other' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
    delivery: { pickup: { town: 'Leeds' } },
  }
  it.each([
    ['no start', undefined, 'open'],
    ['a start exactly now', now.toISOString(), 'open'],
    ['a start one second later', '2030-01-01T12:00:01.000Z', 'scheduled'],
  ] as const)('%s → %s', (_name, startsAt, status) => {
    const row = decideNewLot('seller', { ...form, startsAt }, now)
    expect(row.status).toBe(status)
    expect(row.title).toBe('Teak sideboard')
  })

  it('refuses an invalid form before any transaction', () => {
    expect(code(() => decideNewLot('seller', { ...form, title: 'ab' }, now))).toBe(
      'validation_failed',
    )
  })
})

describe('checkPictureChange: the seller, before the first bid and the end (0024)', () => {
  const before = new Date(now.getTime() - 1)
  const fresh = (patch: Partial<LockedLot> = {}) => lot({ bidCount: 0, ...patch })
  it.each([
    ['the seller, one ms before the end', fresh(), 'seller', before, 'ok'],
    ['the seller, at the end', fresh(), 'seller', now, 'pictures_locked'],
    [
      'the seller, once cancelled',
      fresh({ status: 'cancelled' }),
      'seller',
      before,
      'pictures_locked',
    ],
    [
      'the seller, after the first bid',
      fresh({ bidCount: 1 }),
      'seller',
      before,
      'pictures_locked',
    ],
    ['someone else', fresh(), 'alice', before, 'forbidden'],
    ['a missing lot', undefined, 'seller', before, 'not_found'],
  ] as const)('%s → %s', (_name, row, userId, at, expected) => {
    expect(code(() => checkPictureChange(row, userId, at))).toBe(expected)
  })
})

describe('checkPictureAdd and checkPictureOrder: 8 at most, every picture once', () => {
  const withPictures = (n: number) =>
    lot({
      bidCount: 0,
      pictures: Array.from({ length: n }, (_, i) => ({
        // Hex letters in the ids, so that matching them regardless of case is tested.
        id: `abcdef0${i}-0000-4000-8000-000000000000`,
        path: `lots/lot-${i}.png`,
        width: 640,
        height: 480,
        widths: [320, 640],
      })),
    })
  it.each([
    ['none yet: position 0', 0, 'lots/new.png', 'ok'],
    ['seven: the eighth fits', 7, 'lots/new.png', 'ok'],
    ['eight: no ninth', LOT_PICTURES_MAX, 'lots/new.png', 'too_many_pictures'],
    ['the same file again', 3, 'lots/lot-1.png', 'conflict'],
  ] as const)('%s → %s', (_name, n, path, expected) => {
    expect(code(() => checkPictureAdd(withPictures(n), path))).toBe(expected)
  })
  it('answers the next position', () => {
    expect(checkPictureAdd(withPictures(3), 'lots/new.png')).toBe(3)
  })
  it('tells the seller why a picture cannot be added', () => {
    expect(problem(() => checkPictureAdd(withPictures(LOT_PICTURES_MAX), 'lots/new.png'))).toEqual({
      status: 409,
      code: 'too_many_pictures',
      detail: `A lot has at most ${LOT_PICTURES_MAX} pictures; remove one first.`,
      errors: undefined,
    })
    expect(problem(() => checkPictureAdd(withPictures(3), 'lots/lot-1.png'))).toEqual({
      status: 409,
      code: 'conflict',
      detail: 'This picture is already on the lot.',
      errors: undefined,
    })
  })

  const three = withPictures(3)
  const [a, b, c] = three.pictures.map((p) => p.id) as [string, string, string]
  it.each([
    ['a permutation', [c, a, b], 'ok'],
    ['upper case ids', [c.toUpperCase(), a, b], 'ok'],
    ['one missing', [a, b], 'validation_failed'],
    ['one twice', [a, a, b], 'validation_failed'],
    ['one too many', [a, b, c, c], 'validation_failed'],
    ['a stranger', [a, b, '99999999-0000-4000-8000-000000000000'], 'validation_failed'],
    ['empty', [], 'validation_failed'],
  ] as const)('%s → %s', (_name, ids, expected) => {
    expect(code(() => checkPictureOrder(three, ids))).toBe(expected)
  })
  it('answers the order as the lot spells its ids, and names the field of a wrong one', () => {
    expect(checkPictureOrder(three, [c.toUpperCase(), a, b])).toEqual([c, a, b])
    const wrong = 'Name each of the lot’s pictures exactly once.'
    expect(problem(() => checkPictureOrder(three, [a, b]))).toEqual({
      status: 422,
      code: 'validation_failed',
      detail: wrong,
      errors: { pictureIds: wrong },
    })
  })
})

describe('decideSettlement: what a PaymentIntent means for its top-up', () => {
  const topUp = topUpAt(now)

  it.each([
    ['paid in full', topUp(), intent(), { paid: true }],
    ['paid one cent short', topUp(), intent({ amount_received: 4_999 }), { done: 'unchanged' }],
    ['already credited', topUp({ status: 'succeeded' }), intent(), { done: 'already_credited' }],
    ['already refunded', topUp({ status: 'refunded' }), intent(), { done: 'refunded' }],
    [
      'another user',
      topUp(),
      intent({ metadata: { user_id: 'bob' } }),
      { done: 'ignored', mismatch: true },
    ],
    ['another amount', topUp(), intent({ amount: 5_001 }), { done: 'ignored', mismatch: true }],
    ['no top-up', undefined, intent(), { done: 'ignored' }],
    [
      'still processing',
      topUp({ status: 'processing' }),
      intent({ status: 'processing' }),
      { done: 'unchanged' },
    ],
    [
      'declined',
      topUp(),
      intent({ status: 'requires_payment_method', last_payment_error: { message: 'Declined' } }),
      { status: 'failed', failureMessage: 'Declined', tellFailure: true },
    ],
  ] as const)('%s', (_name, record, pi, step) => {
    expect(decideSettlement(record, pi)).toEqual(step)
  })
})

describe('decideClose: never a sale without both a winner and a price', () => {
  it.each([
    ['a price but no leader', lot({ leaderId: null, leaderMax: null })],
    ['a leader but no price', lot({ currentPrice: null })],
  ] as const)('%s → unsold, nobody pays', (_name, row) => {
    expect(decideClose(row, now, ['alice'])).toEqual({
      outcome: 'unsold',
      sale: null,
      notify: [
        { userId: 'seller', kind: 'lot_unsold' },
        { userId: 'alice', kind: 'lot_ended' },
      ],
    })
  })
})

describe('decideCancel: what the member reads', () => {
  const seller = { id: 'seller', role: 'member' as const }
  it('the seller cancels a scheduled lot before it opens; nobody to tell', () => {
    const scheduled = lot({ status: 'scheduled', bidCount: 0, leaderId: null })
    expect(decideCancel(scheduled, seller)).toEqual({ notify: null, seller: null })
  })

  it.each([
    ['settled', 'lot_not_cancellable'],
    ['unsold', 'lot_not_cancellable'],
    ['cancelled', 'lot_not_cancellable'],
    ['scheduled', 'ok'],
    ['open', 'ok'],
  ] as const)('an admin, a lot %s → %s', (status, expected) => {
    expect(code(() => decideCancel(lot({ status }), { id: 'root', role: 'admin' }))).toBe(expected)
  })

  it.each([
    [
      'a missing lot',
      undefined,
      seller,
      { status: 404, code: 'not_found', detail: 'Lot not found.', errors: undefined },
    ],
    [
      'someone else',
      lot({ bidCount: 0 }),
      { id: 'bob', role: 'member' as const },
      {
        status: 403,
        code: 'forbidden',
        detail: 'Only the seller or an admin can cancel a lot.',
        errors: undefined,
      },
    ],
    [
      'a lot that is over',
      lot({ status: 'settled' }),
      seller,
      {
        status: 409,
        code: 'lot_not_cancellable',
        detail: 'This lot is over and can no longer be cancelled.',
        errors: undefined,
      },
    ],
    [
      'the seller, once there are bids',
      lot(),
      seller,
      {
        status: 409,
        code: 'lot_has_bids',
        detail: 'This lot has bids; only an admin can cancel it now.',
        errors: undefined,
      },
    ],
  ] as const)('%s', (_name, row, user, expected) => {
    expect(problem(() => decideCancel(row, user))).toEqual(expected)
  })
})

describe('checkAdjustment: what the admin reads, and which rule applies to which direction', () => {
  const wallet = (balance: number, held: number): Wallet => ({
    balance,
    held,
    available: balance - held,
    pending: 0,
    currency: 'EUR',
    version: 1,
  })

  it('a debit past the available balance says how much can be debited', () => {
    expect(problem(() => checkAdjustment(wallet(1_000, 400), -601))).toEqual({
      status: 422,
      code: 'debit_below_zero',
      detail: 'This debit would take the wallet below zero.',
      errors: { amount: 'At most 600 can be debited now.' },
    })
    try {
      checkAdjustment(wallet(1_000, 400), -601)
    } catch (error) {
      // The admin's screen names what is available from this amount (issue 32).
      expect((error as AppError).amount).toBe(600)
    }
    expect.assertions(2)
  })

  it('a credit past the cap', () => {
    expect(problem(() => checkAdjustment(wallet(BALANCE_CAP, 0), 1))).toEqual({
      status: 422,
      code: 'balance_cap_exceeded',
      detail: 'The credit would take the balance over the cap.',
      errors: undefined,
    })
  })

  it('a credit is never refused for want of funds, even when holds exceed the balance', () => {
    expect(code(() => checkAdjustment(wallet(100, 500), 100))).toBe('ok')
  })

  it('a debit is never refused for the cap, even from a balance a sale took past it', () => {
    expect(code(() => checkAdjustment(wallet(BALANCE_CAP + 5_000, 0), -100))).toBe('ok')
  })

  it('an adjustment of zero (the route refuses it) meets neither rule', () => {
    expect(code(() => checkAdjustment(wallet(BALANCE_CAP + 100, BALANCE_CAP + 200), 0))).toBe('ok')
  })
})

describe('checkPictureChange: what the member reads', () => {
  const before = new Date(now.getTime() - 1)
  it.each([
    [
      'a missing lot',
      undefined,
      'seller',
      { status: 404, code: 'not_found', detail: 'Lot not found.', errors: undefined },
    ],
    [
      'someone else',
      lot(),
      'alice',
      {
        status: 403,
        code: 'forbidden',
        detail: 'Only the seller can change the pictures.',
        errors: undefined,
      },
    ],
    [
      'the seller, once the lot has ended',
      lot({ status: 'settled', bidCount: 0, endsAt: new Date(now.getTime() + 60_000) }),
      'seller',
      {
        status: 409,
        code: 'pictures_locked',
        detail: 'The lot has ended; its pictures can no longer change.',
        errors: undefined,
      },
    ],
    [
      'the seller, once the lot has bids',
      lot({ bidCount: 1 }),
      'seller',
      {
        status: 409,
        code: 'pictures_locked',
        detail: 'The lot has bids; its pictures can no longer change.',
        errors: undefined,
      },
    ],
  ] as const)('%s', (_name, row, userId, expected) => {
    expect(problem(() => checkPictureChange(row, userId, before))).toEqual(expected)
  })

  it('the seller gets the lot back, scheduled or open', () => {
    const scheduled = lot({ status: 'scheduled', bidCount: 0 })
    expect(checkPictureChange(scheduled, 'seller', before)).toBe(scheduled)
  })
})

describe('decideNewLot: the row a valid form becomes', () => {
  const form = {
    title: '  Teak sideboard ',
    category: 'other' as const,
    startingPrice: 1_000,
    endsAt: '2030-01-02T12:00:00Z',
    delivery: { shipping: { cost: 650 }, pickup: { town: ' Leeds ' } },
  }

  it('defaults: no start is now, no texts, no reserve, the default soft close', () => {
    expect(decideNewLot('seller', form, now)).toEqual({
      sellerId: 'seller',
      title: 'Teak sideboard',
      description: '',
      nextSteps: '',
      category: 'other' as const,
      startingPrice: 1_000,
      reservePrice: null,
      startsAt: now,
      endsAt: new Date('2030-01-02T12:00:00Z'),
      softCloseSeconds: 60,
      status: 'open',
      delivery: { shipping: { cost: 650 }, pickup: { town: 'Leeds' } },
    })
  })

  it('refuses a lot that offers no way to reach the buyer', () => {
    const { delivery: _none, ...withoutDelivery } = form
    expect(problem(() => decideNewLot('seller', withoutDelivery, now))).toMatchObject({
      status: 422,
      errors: { delivery: 'Offer shipping, a pickup, or both.' },
    })
  })

  it('keeps what the seller chose, trimmed', () => {
    const row = decideNewLot(
      'seller',
      {
        ...form,
        description: '  Solid teak, 1960s. \n',
        nextSteps: ' Pick up in Leeds. ',
        reservePrice: 5_000,
        startsAt: '2030-01-01T13:00:00.000Z',
        softCloseSeconds: 120,
      },
      now,
    )
    expect(row).toMatchObject({
      description: 'Solid teak, 1960s.',
      nextSteps: 'Pick up in Leeds.',
      reservePrice: 5_000,
      startsAt: new Date('2030-01-01T13:00:00.000Z'),
      softCloseSeconds: 120,
      status: 'scheduled',
    })
  })

  it('a start a little in the past (within the allowed skew) opens now, not then', () => {
    const row = decideNewLot('seller', { ...form, startsAt: '2030-01-01T11:59:30.000Z' }, now)
    expect(row.startsAt).toEqual(now)
    expect(row.status).toBe('open')
  })

  it('an invalid form names every field to fix', () => {
    expect(problem(() => decideNewLot('seller', { ...form, title: 'ab' }, now))).toEqual({
      status: 422,
      code: 'validation_failed',
      detail: 'Some fields need attention.',
      errors: { title: 'Must be 3 to 120 characters.' },
    })
  })
})
