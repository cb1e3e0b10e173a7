import { describe, expect, it } from 'vitest'
import { en as shellEn } from '../src/i18n/en.ts'
import { moreEn } from '../src/i18n/more.ts'
import { es } from '../src/i18n/es.ts'
import { codeForStatus, ERROR_CODES, isErrorCode, PROBLEM_CONTENT_TYPE } from './errors.ts'

const en = { ...shellEn, ...moreEn }

/** Client-side messages under `errors.` that are not API codes (no answer, offline, unknown). */
const CLIENT_ONLY = ['network', 'offline', 'unknown']

describe('API error codes', () => {
  it.each([
    ['validation_failed', true],
    ['insufficient_funds', true],
    ['internal_error', true],
    ['', false],
    ['VALIDATION_FAILED', false],
    ['network', false],
    ['no_such_code', false],
    [42, false],
    [null, false],
    [undefined, false],
    [{ code: 'not_found' }, false],
  ])('isErrorCode(%j) → %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected)
  })

  it('every code has an English and a Spanish message, and every message is a code', () => {
    const apiKeys = (messages: Record<string, unknown>) =>
      Object.keys(messages)
        .filter((key) => key.startsWith('errors.'))
        .map((key) => key.slice('errors.'.length))
        .filter((code) => !CLIENT_ONLY.includes(code))
        .sort()
    expect(apiKeys(en)).toEqual([...ERROR_CODES].sort())
    expect(apiKeys(es)).toEqual([...ERROR_CODES].sort())
  })

  it('problems are sent as application/problem+json (RFC 9457)', () => {
    expect(PROBLEM_CONTENT_TYPE).toBe('application/problem+json')
  })

  it.each([
    [400, 'bad_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'bad_request'],
    [409, 'conflict'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [422, 'validation_failed'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
    [503, 'service_unavailable'],
  ] as const)('codeForStatus(%i) → %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code)
  })
})
