import { describe, expect, it } from 'vitest'
import { EMAIL_PATTERN, isEmailAddress, normalizeEmail } from './accounts.ts'

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
