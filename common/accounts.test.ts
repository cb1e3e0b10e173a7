import { describe, expect, it } from 'vitest'
import {
  ALIAS_MAX_LENGTH,
  ALIAS_MIN_LENGTH,
  ALIAS_PATTERN,
  aliasProblem,
  EMAIL_PATTERN,
  isEmailAddress,
  normalizeAlias,
  normalizeEmail,
} from './accounts.ts'

describe('isEmailAddress: loose on purpose (mail reaching the address is the real check)', () => {
  it.each([
    ['alice@lotline.test', true],
    ['a.b+tag@sub.example.co', true],
    ['ñandú@correo.es', true],
    ['alice@localhost', false],
    ['alice.lotline.test', false],
    ['@lotline.test', false],
    ['alice@', false],
    ['al ice@lotline.test', false],
    ['alice@lot@line.test', false],
    ['', false],
    // Nothing that hides or reorders what is shown, anywhere in the address.
    ['a\u0001b@lotline.test', false],
    ['ab@lotline.test\b', false],
    ['a\u202eb@lotline.test', false],
    ['ali\u200bce@lotline.test', false],
    ['alice@lot\u00adline.test', false],
    ['alice@lotline.te\u2066st', false],
  ])('%j → %s', (address, valid) => {
    expect(isEmailAddress(address)).toBe(valid)
    // The API's schema compiles the same pattern with the u flag (Ajv's default).
    expect(new RegExp(EMAIL_PATTERN, 'u').test(address)).toBe(valid)
  })
})

describe('normalizeEmail: every spelling of one address is one account', () => {
  it.each([
    ['bob@lotline.test', 'bob@lotline.test'],
    ['  bob@lotline.test\t', 'bob@lotline.test'],
    ['BOB@LotLine.TEST', 'bob@lotline.test'],
    ['ＢＯＢ＠ｌｏｔｌｉｎｅ．ｔｅｓｔ', 'bob@lotline.test'],
    ['\u3000bob@lotline.test\u00a0', 'bob@lotline.test'],
    ['ñandú@correo.es', 'ñandú@correo.es'],
    ['n\u0303andu\u0301@correo.es', 'ñandú@correo.es'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeEmail(raw)).toBe(expected)
  })
})

describe('aliasProblem: 3 to 24 letters or digits, with single spaces, "-", "_" or "." inside', () => {
  const LENGTH = 'Must be 3 to 24 characters.'
  const SHAPE =
    'Use letters, digits, single spaces, "-", "_" or "."; start and end with a letter or digit.'

  it('states the limits it enforces', () => {
    expect([ALIAS_MIN_LENGTH, ALIAS_MAX_LENGTH]).toEqual([3, 24])
  })

  it.each([
    // The length, its edges and one past each, counted after normalizing.
    ['ab', LENGTH],
    ['abc', undefined],
    ['a'.repeat(24), undefined],
    ['a'.repeat(25), LENGTH],
    ['', LENGTH],
    ['   ', LENGTH],
    ['  ab  ', LENGTH],
    ['  abc  ', undefined],
    [` ${'a'.repeat(24)}\t`, undefined],
    ['\u00a0ab\u3000', LENGTH],
    // NFKC first: a ligature grows to three letters, full-width letters are letters.
    ['a\ufb01', undefined],
    ['ｂｉｄ', undefined],
    // What may stand inside, and what may not.
    ['Bidder 7F3A', undefined],
    ['bidder 7f3a', undefined],
    ['a-b_c.d', undefined],
    ['a b c', undefined],
    ['Ñandú 42', undefined],
    ['東京の人', undefined],
    ['٣٤٥', undefined],
    ['a  b', SHAPE],
    ['a\tb', SHAPE],
    ['a\nb', SHAPE],
    ['-abc', SHAPE],
    ['abc-', SHAPE],
    ['_abc', SHAPE],
    ['abc.', SHAPE],
    ['a@b', SHAPE],
    ['a/b', SHAPE],
    ['a\u200bb', SHAPE],
    ['a\u202eb', SHAPE],
    ['a😀b', SHAPE],
    // Too long and badly shaped: the length is told first.
    ['-'.repeat(25), LENGTH],
    ['-b', LENGTH],
  ])('%j → %s', (raw, problem) => {
    expect(aliasProblem(raw)).toBe(problem)
  })

  it('gives the API schema the same shape rule (compiled with the u flag, as Ajv does)', () => {
    const shape = new RegExp(ALIAS_PATTERN, 'u')
    for (const alias of ['abc', 'Bidder 7F3A', 'a-b_c.d', 'Ñandú 42', '٣٤٥']) {
      expect(shape.test(alias), alias).toBe(true)
    }
    for (const alias of ['a  b', '-abc', 'abc-', 'a@b', 'a\u200bb', ' abc', 'abc ']) {
      expect(shape.test(alias), alias).toBe(false)
    }
  })
})

describe('normalizeAlias: compatibility form, no surrounding space, case kept', () => {
  it.each([
    ['Bidder 7F3A', 'Bidder 7F3A'],
    ['  Bidder 7F3A\t', 'Bidder 7F3A'],
    ['Ｂｉｄｄｅｒ', 'Bidder'],
    ['a\ufb01', 'afi'],
    ['n\u0303andu\u0301', 'ñandú'],
    ['a  b', 'a  b'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeAlias(raw)).toBe(expected)
  })
})
