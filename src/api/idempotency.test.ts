import { afterEach, describe, expect, it, vi } from 'vitest'
import { AttemptKeys, isIdempotencyKey, newIdempotencyKey } from './idempotency'

describe('Idempotency-Key on the client', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('makes keys the server accepts (the shared rule), with and without randomUUID', () => {
    expect(isIdempotencyKey(newIdempotencyKey())).toBe(true)
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b.fill(7) })
    const fallback = newIdempotencyKey()
    expect(fallback).toMatch(/^[0-9a-f]{32}$/)
    expect(isIdempotencyKey(fallback)).toBe(true)
    expect(isIdempotencyKey('short')).toBe(false)
    expect(isIdempotencyKey('has a space')).toBe(false)
  })

  it('keeps one key per attempt: the same body again reuses it, success or another body renews it', () => {
    const keys = new AttemptKeys()
    const first = keys.keyFor({ title: 'Lamp' })
    expect(keys.keyFor({ title: 'Lamp' })).toBe(first)
    const other = keys.keyFor({ title: 'Chair' })
    expect(other).not.toBe(first)
    keys.done()
    expect(keys.keyFor({ title: 'Chair' })).not.toBe(other)
  })
})
