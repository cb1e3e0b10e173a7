import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_PATTERN, isIdempotencyKey } from './idempotency.ts'

describe('isIdempotencyKey: printable ASCII without spaces, 8 to 255 characters', () => {
  it.each([
    ['a UUID', '3f2b6c1e-9d4a-4e8b-a1c2-7f0e5d9b8a61', true],
    ['exactly 8 characters', 'abcdefgh', true],
    ['7 characters', 'abcdefg', false],
    ['exactly 255 characters', 'k'.repeat(255), true],
    ['256 characters', 'k'.repeat(256), false],
    ['the edges of printable ASCII', '!~!~!~!~', true],
    ['a space inside', 'abcd efgh', false],
    ['a DEL character', 'abcdefg\x7f', false],
    ['a control character', 'abcdefg\x1f', false],
    ['a newline at the end', 'abcdefgh\n', false],
    ['a non-ASCII letter', 'abcdefgé', false],
    ['the empty string', '', false],
  ])('%s → %s', (_name, key, valid) => {
    expect(isIdempotencyKey(key)).toBe(valid)
    expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(valid)
  })

  it.each([[12345678], [null], [undefined], [['abcdefgh']], [{ key: 'abcdefgh' }]])(
    'refuses the non-string %j',
    (value) => {
      expect(isIdempotencyKey(value)).toBe(false)
    },
  )
})
