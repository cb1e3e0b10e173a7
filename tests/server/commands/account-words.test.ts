import { describe, expect, it } from 'vitest'
import {
  aliasTakenError,
  decideDelete,
  decideProfile,
  wrongPasswordError,
} from '../../../server/commands/auth/decide-account.ts'
import {
  aliasProblem,
  ALIAS_MAX_LENGTH,
  ALIAS_MIN_LENGTH,
  ALIAS_PATTERN,
} from '../../../common/accounts.ts'

/**
 * What a member reads when an account change is refused (decision 0025): the words and the field
 * they belong to, and the edges of the alias rule. The screen shows these texts as they are.
 */
function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    const e = error as { status: number; code: string; message: string; errors?: object }
    return { status: e.status, code: e.code, message: e.message, errors: e.errors }
  }
  return null
}

describe('account refusals, in words', () => {
  it('an alias in use is a 409 on the alias field', () => {
    const error = aliasTakenError()
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 409,
      code: 'alias_taken',
      message: 'Another member already uses this alias.',
    })
    expect(error.errors).toEqual({ alias: 'Another member already uses this alias.' })
  })

  it('a wrong current password is a 403 on the current-password field', () => {
    const error = wrongPasswordError()
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 403,
      code: 'wrong_password',
      message: 'The current password is not right.',
    })
    expect(error.errors).toEqual({ currentPassword: 'The current password is not right.' })
  })

  const none = { holds: 0, lots: 0, orders: 0, inTransit: 0, money: 0 }
  it.each([
    [
      { holds: 1, lots: 0 },
      'account_has_holds',
      { holds: 'You have 1 bid holding money (leading, or won and not yet settled).' },
    ],
    [
      { holds: 2, lots: 0 },
      'account_has_holds',
      { holds: 'You have 2 bids holding money (leading, or won and not yet settled).' },
    ],
    [
      { holds: 0, lots: 1 },
      'account_has_lots',
      { lots: 'You have 1 lot still scheduled, open or being settled.' },
    ],
    [
      { holds: 0, lots: 3 },
      'account_has_lots',
      { lots: 'You have 3 lots still scheduled, open or being settled.' },
    ],
    [
      { orders: 1 },
      'account_has_orders',
      { orders: 'You have 1 order not finished yet (or with a problem open); see My orders.' },
    ],
    [
      { orders: 2 },
      'account_has_orders',
      { orders: 'You have 2 orders not finished yet (or with a problem open); see My orders.' },
    ],
    [
      { inTransit: 3_000 },
      'money_in_transit',
      { inTransit: '€30.00 of yours is on its way out; wait until it has arrived.' },
    ],
    [
      { money: 5_050 },
      'account_has_money',
      { money: 'Your account still holds €50.50; withdraw it first.' },
    ],
  ])('delete refused for %j says why', (blockers, code, errors) => {
    expect(refusal(() => decideDelete({ ...none, ...blockers }, 'EUR'))).toEqual({
      status: 409,
      code,
      message: Object.values(errors).join(' '),
      errors,
    })
  })

  it('both reasons at once: each on its field, both in the message, holds first', () => {
    expect(refusal(() => decideDelete({ ...none, holds: 1, lots: 1 }, 'EUR'))?.message).toBe(
      'You have 1 bid holding money (leading, or won and not yet settled). ' +
        'You have 1 lot still scheduled, open or being settled.',
    )
  })
})

describe('decideProfile', () => {
  const current = { name: 'Ana', alias: 'Bidder 7F3A' }

  it('writes only what changed', () => {
    expect(decideProfile({ name: 'Ana', alias: 'Bidder 7F3A' }, current)).toEqual({
      name: undefined,
      alias: undefined,
    })
    expect(decideProfile({ name: ' Ana B ', alias: ' Ana_b ' }, current)).toEqual({
      name: 'Ana B',
      alias: 'Ana_b',
    })
    expect(decideProfile({}, current)).toEqual({ name: undefined, alias: undefined })
  })

  it('normalises the alias before comparing it (compatibility form, trimmed)', () => {
    // Fullwidth letters are the same alias in NFKC.
    expect(decideProfile({ alias: 'Ｂidder 7F3A' }, current).alias).toBeUndefined()
  })

  it('refuses a bad alias with 422 on the alias field', () => {
    expect(refusal(() => decideProfile({ alias: 'ab' }, current))).toEqual({
      status: 422,
      code: 'validation_failed',
      message: 'Must be 3 to 24 characters.',
      errors: { alias: 'Must be 3 to 24 characters.' },
    })
  })
})

describe('aliasProblem', () => {
  const LENGTH = `Must be ${ALIAS_MIN_LENGTH} to ${ALIAS_MAX_LENGTH} characters.`
  const SHAPE =
    'Use letters, digits, single spaces, "-", "_" or "."; start and end with a letter or digit.'

  it.each([
    ['abc', undefined],
    ['a'.repeat(ALIAS_MAX_LENGTH), undefined],
    ['Ana_b.c-d 2', undefined],
    ['Zoë', undefined],
    ['ab', LENGTH],
    ['a'.repeat(ALIAS_MAX_LENGTH + 1), LENGTH],
    ['', LENGTH],
    ['  ab  ', LENGTH],
    ['_abc', SHAPE],
    ['abc.', SHAPE],
    ['a  b', SHAPE],
    ['a!b', SHAPE],
    ['a\u0000b', SHAPE],
  ])('%j → %s', (alias, problem) => {
    expect(aliasProblem(alias)).toBe(problem)
  })

  it('is one pattern the client and the server both use', () => {
    expect(new RegExp(ALIAS_PATTERN, 'u').test('Bidder 7F3A')).toBe(true)
    expect(new RegExp(ALIAS_PATTERN, 'u').test('Bidder  7F3A')).toBe(false)
  })
})
