import { describe, expect, it } from 'vitest'
import {
  authTokenExpiry,
  authTokenPattern,
  authTokenTtlMinutes,
  isAuthTokenShape,
  mailLanguageOf,
  pickMailLanguage,
} from './auth-tokens.ts'

const GOOD = 'A'.repeat(20) + 'z9_-' + 'b'.repeat(19)

describe('isAuthTokenShape: exactly 43 base64url characters', () => {
  it.each([
    [GOOD, true],
    ['_'.repeat(43), true],
    ['-'.repeat(43), true],
    ['0'.repeat(43), true],
    ['Z'.repeat(43), true],
    ['a'.repeat(42), false],
    ['a'.repeat(44), false],
    ['', false],
    ['a'.repeat(42) + '=', false],
    ['a'.repeat(42) + '+', false],
    ['a'.repeat(42) + '/', false],
    ['a'.repeat(42) + '.', false],
    ['a'.repeat(42) + ' ', false],
    [' ' + 'a'.repeat(43), false],
    ['a'.repeat(43) + '\n', false],
    ['a'.repeat(42) + 'ñ', false],
    [43, false],
    [null, false],
    // Not a string, though it prints as one.
    [['a'.repeat(43)], false],
    [{ toString: () => 'a'.repeat(43) }, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(isAuthTokenShape(value)).toBe(expected)
  })

  it('the pattern is anchored on both ends (a JSON schema uses it as it is)', () => {
    const pattern = new RegExp(authTokenPattern())
    expect(pattern.test(GOOD)).toBe(true)
    expect(pattern.test(`x${GOOD}`)).toBe(false)
    expect(pattern.test(`${GOOD}x`)).toBe(false)
    expect(authTokenPattern()).toBe('^[A-Za-z0-9_-]{43}$')
  })
})

describe('authTokenTtlMinutes and authTokenExpiry', () => {
  it('a reset lives 30 minutes, a verification 7 days, an address change 24 hours', () => {
    expect(authTokenTtlMinutes('password_reset')).toBe(30)
    expect(authTokenTtlMinutes('verify_email')).toBe(7 * 24 * 60)
    expect(authTokenTtlMinutes('change_email')).toBe(24 * 60)
  })

  it('the expiry is that many minutes after now', () => {
    const now = new Date('2026-01-01T00:00:00.000Z')
    expect(authTokenExpiry('password_reset', now).toISOString()).toBe('2026-01-01T00:30:00.000Z')
    expect(authTokenExpiry('change_email', now).toISOString()).toBe('2026-01-02T00:00:00.000Z')
    expect(authTokenExpiry('verify_email', now).toISOString()).toBe('2026-01-08T00:00:00.000Z')
  })
})

describe('mailLanguageOf', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['EN', undefined],
    ['fr', undefined],
    ['', undefined],
    [undefined, undefined],
    [1, undefined],
  ])('%j → %j', (value, expected) => {
    expect(mailLanguageOf(value)).toBe(expected)
  })
})

describe('pickMailLanguage: what the app sent, else Accept-Language, else English', () => {
  it.each([
    ['es', undefined, 'es'],
    ['en', 'es', 'en'],
    [undefined, 'es', 'es'],
    [undefined, 'es-MX,en;q=0.5', 'es'],
    [undefined, 'ES-ar', 'es'],
    [undefined, 'fr-FR, es;q=0.8, en;q=0.9', 'en'],
    [undefined, 'fr-FR, es;q=0.9, en;q=0.8', 'es'],
    [undefined, 'fr, de', 'en'],
    [undefined, 'es;q=0, en;q=0.1', 'en'],
    [undefined, 'es;q=0', 'en'],
    [undefined, 'es, en', 'es'],
    [undefined, 'en, es', 'en'],
    [undefined, ' es ; q=0.5 , fr', 'es'],
    [undefined, '', 'en'],
    [undefined, undefined, 'en'],
    ['fr', 'es', 'es'],
    [undefined, ';;,,', 'en'],
    [undefined, 'fr, es ; q=0', 'en'],
    [undefined, 'es;x=1;q=0, en;q=0.1', 'en'],
    [undefined, 'es;level=1', 'es'],
  ])('sent %j, header %j → %s', (sent, header, expected) => {
    expect(pickMailLanguage(sent, header)).toBe(expected)
  })
})
