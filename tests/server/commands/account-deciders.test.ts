import { describe, expect, it } from 'vitest'
import {
  decideDelete,
  decideProfile,
  decideSignIn,
} from '../../../server/commands/auth/decide-account.ts'
import { decideEdit } from '../../../server/commands/lots/decide-edit.ts'
import type { LockedLot } from '../../../server/domain/lot.ts'

/** The pure rules of decision 0025, without a database. */
const lot = (over: Partial<LockedLot> = {}) =>
  ({ sellerId: 'seller', status: 'open', bidCount: 0, ...over }) as LockedLot

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    const e = error as { status: number; code: string; errors?: Record<string, string> }
    return { status: e.status, code: e.code, keys: Object.keys(e.errors ?? {}) }
  }
  return null
}

describe('decideEdit', () => {
  it.each([
    ['no lot', undefined, 'seller', { status: 404, code: 'not_found', keys: [] }],
    ['someone else', lot(), 'other', { status: 403, code: 'forbidden', keys: [] }],
    [
      'after a bid',
      lot({ bidCount: 1 }),
      'seller',
      { status: 409, code: 'lot_not_editable', keys: [] },
    ],
    [
      'cancelled',
      lot({ status: 'cancelled' }),
      'seller',
      { status: 409, code: 'lot_not_editable', keys: [] },
    ],
    [
      'settled',
      lot({ status: 'settled' }),
      'seller',
      { status: 409, code: 'lot_not_editable', keys: [] },
    ],
    ['open, no bid', lot(), 'seller', null],
    ['scheduled', lot({ status: 'scheduled' }), 'seller', null],
  ])('%s', (_name, row, userId, expected) => {
    expect(refusal(() => decideEdit(row, { id: userId }, { title: 'x' }))).toEqual(expected)
  })

  // What the seller reads in the 404/403/409: why the edit was refused, not a bare status.
  it.each([
    ['no lot', undefined, 'seller', 'Lot not found.'],
    ['someone else', lot(), 'other', 'Only the seller can edit a lot.'],
    [
      'after a bid',
      lot({ bidCount: 1 }),
      'seller',
      'This lot has bids, so it can no longer be edited.',
    ],
    ['over', lot({ status: 'settled' }), 'seller', 'This lot is over and can no longer be edited.'],
  ])('%s: says why', (_name, row, userId, detail) => {
    expect(() => decideEdit(row, { id: userId }, { title: 'x' })).toThrow(detail)
  })

  it.each([
    [{ title: ' Oak chair ' }, { title: 'Oak chair' }],
    [{ description: '  Solid oak.\n' }, { description: 'Solid oak.' }],
    [{ nextSteps: ' Pickup only ' }, { nextSteps: 'Pickup only' }],
  ])(
    'an edit of one field only (%j) stores it trimmed and leaves the others unsent',
    (change, stored) => {
      expect(decideEdit(lot(), { id: 'seller' }, change)).toEqual({
        title: undefined,
        description: undefined,
        nextSteps: undefined,
        ...stored,
      })
    },
  )

  it('trims what it stores and leaves out what was not sent', () => {
    expect(
      decideEdit(lot(), { id: 'seller' }, { title: '  Chair ', nextSteps: ' Pickup ' }),
    ).toEqual({
      title: 'Chair',
      description: undefined,
      nextSteps: 'Pickup',
    })
  })

  it('replaces the delivery whole, the town trimmed', () => {
    const edit = decideEdit(
      lot(),
      { id: 'seller' },
      {
        delivery: { shipping: { cost: 0 }, pickup: { town: ' Segovia ' } },
      },
    )
    expect(edit.delivery).toEqual({ shipping: { cost: 0 }, pickup: { town: 'Segovia' } })
    expect(edit.title).toBeUndefined()
    const pickupOnly = decideEdit(
      lot(),
      { id: 'seller' },
      { delivery: { pickup: { town: 'Ávila' } } },
    )
    expect(pickupOnly.delivery).toEqual({ shipping: null, pickup: { town: 'Ávila' } })
  })

  it.each([
    [{}, ['delivery']],
    [{ shipping: { cost: -1 } }, ['shippingCost']],
    [{ pickup: { town: ' ' } }, ['pickupTown']],
  ])('refuses the delivery %j naming %j', (delivery, keys) => {
    expect(refusal(() => decideEdit(lot(), { id: 'seller' }, { delivery }))).toEqual({
      status: 422,
      code: 'validation_failed',
      keys,
    })
  })

  it('refuses a delivery change after the first bid like any other edit', () => {
    const delivery = { shipping: { cost: 100 } }
    expect(refusal(() => decideEdit(lot({ bidCount: 2 }), { id: 'seller' }, { delivery }))).toEqual(
      { status: 409, code: 'lot_not_editable', keys: [] },
    )
  })
})

describe('decideDelete', () => {
  const none = { holds: 0, lots: 0, orders: 0, inTransit: 0, money: 0 }
  it.each([
    [none, null],
    [
      { ...none, holds: 1 },
      { status: 409, code: 'account_has_holds', keys: ['holds'] },
    ],
    [
      { ...none, lots: 2 },
      { status: 409, code: 'account_has_lots', keys: ['lots'] },
    ],
    [
      { ...none, holds: 3, lots: 1 },
      { status: 409, code: 'account_has_holds', keys: ['holds', 'lots'] },
    ],
    [
      { ...none, orders: 1 },
      { status: 409, code: 'account_has_orders', keys: ['orders'] },
    ],
    [
      { ...none, inTransit: 500 },
      { status: 409, code: 'money_in_transit', keys: ['inTransit'] },
    ],
    [
      { ...none, money: 1 },
      { status: 409, code: 'account_has_money', keys: ['money'] },
    ],
    [
      { ...none, orders: 1, inTransit: 5, money: 7 },
      { status: 409, code: 'account_has_orders', keys: ['orders', 'inTransit', 'money'] },
    ],
    [
      { ...none, inTransit: 5, money: 7 },
      { status: 409, code: 'money_in_transit', keys: ['inTransit', 'money'] },
    ],
  ])('%j', (blockers, expected) => {
    expect(refusal(() => decideDelete(blockers, 'EUR'))).toEqual(expected)
  })

  it('carries the real money still there as the amount, whatever the first reason', () => {
    const amountOf = (blockers: typeof none) => {
      try {
        decideDelete(blockers, 'EUR')
      } catch (error) {
        return (error as { amount?: number }).amount
      }
      return 'closed'
    }
    expect(amountOf({ ...none, money: 5_000 })).toBe(5_000)
    expect(amountOf({ ...none, holds: 1, money: 250 })).toBe(250)
    expect(amountOf({ ...none, holds: 1 })).toBeUndefined()
    expect(amountOf(none)).toBe('closed')
  })
})

describe('decideSignIn: the row as it is under the lock, against the hash just verified', () => {
  const standing = (over: { hash?: string; deleted?: boolean; suspended?: boolean } = {}) => ({
    user: { passwordHash: over.hash ?? 'verified' },
    deleted: over.deleted ?? false,
    suspended: over.suspended ?? false,
  })
  const invalid = { status: 401, code: 'invalid_credentials', keys: [] }
  const suspended = { status: 403, code: 'account_suspended', keys: [] }
  it.each([
    ['the same password, in good standing', standing(), null],
    ['no row', undefined, invalid],
    ['the password changed meanwhile', standing({ hash: 'changed' }), invalid],
    ['deleted meanwhile', standing({ deleted: true }), invalid],
    ['suspended', standing({ suspended: true }), suspended],
    // Only someone whose password is still right learns of the suspension (decision 0027).
    ['suspended, password changed', standing({ hash: 'changed', suspended: true }), invalid],
    ['suspended and deleted', standing({ deleted: true, suspended: true }), invalid],
  ])('%s', (_name, current, expected) => {
    expect(refusal(() => decideSignIn(current, 'verified'))).toEqual(expected)
  })
})

describe('decideProfile', () => {
  const current = { name: 'Ana', alias: 'Bidder 7F3A' }
  it('writes only what changed, normalized', () => {
    expect(decideProfile({ name: ' Ana ', alias: ' Ａｎａ-1 ' }, current)).toEqual({
      name: undefined,
      alias: 'Ana-1',
    })
  })
  it('refuses an alias against the shared rule with 422 on the field', () => {
    expect(refusal(() => decideProfile({ alias: 'x' }, current))).toEqual({
      status: 422,
      code: 'validation_failed',
      keys: ['alias'],
    })
  })
})
