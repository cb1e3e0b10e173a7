import { describe, expect, it } from 'vitest'
import { keyClaim, replayOf, requestHash } from '../../../server/domain/idempotency.ts'

/**
 * The one replay rule every write and the bid batch share (decision 0017), without a database:
 * what a request is answered when its Idempotency-Key was already claimed.
 */

const first = keyClaim('alice', 'key-12345678', { lotId: 'lot', amount: 1_500 })
const done = (statusCode = 201) => ({
  claimed: false as const,
  stored: { requestHash: first.requestHash, response: { price: 1_500 }, statusCode },
})
const code = (run: () => unknown) => {
  try {
    run()
    return 'ok'
  } catch (error) {
    return `${(error as { status?: number }).status} ${(error as { code?: string }).code}`
  }
}

describe('replayOf', () => {
  it('lets the request run when this transaction now owns the key', () => {
    expect(replayOf({ claimed: true }, first.requestHash)).toBeUndefined()
  })

  it('answers a repeat of the same request with the stored answer and its status', () => {
    expect(replayOf(done(), first.requestHash)).toEqual({ body: { price: 1_500 }, statusCode: 201 })
    expect(replayOf(done(200), first.requestHash)?.statusCode).toBe(200)
  })

  it('recognises the same request whatever the order of its body’s keys', () => {
    const reordered = requestHash({ amount: 1_500, lotId: 'lot' })
    expect(replayOf(done(), reordered)).toEqual({ body: { price: 1_500 }, statusCode: 201 })
  })

  it('refuses another request under the same key with 422 idempotency_key_reused', () => {
    const other = requestHash({ lotId: 'lot', amount: 1_600 })
    expect(code(() => replayOf(done(), other))).toBe('422 idempotency_key_reused')
  })
})
