import { describe, expect, it } from 'vitest'
import { queueKeyOf } from './queued'

/** The idempotency key a queued (or saved) write carries in its variables (queued.ts). */
describe('queueKeyOf', () => {
  it('gives the key a queued write carries', () => {
    const key = '6f1c2d3e-1111-4222-8333-944455556666'
    expect(queueKeyOf({ state: { variables: { lotId: 'lot-1', idempotencyKey: key } } })).toBe(key)
  })

  it('gives none for a write queued before keys existed (sent without the header)', () => {
    expect(queueKeyOf({ state: { variables: { lotId: 'lot-1' } } })).toBeUndefined()
  })

  it('gives none for a write without variables', () => {
    expect(queueKeyOf({ state: {} })).toBeUndefined()
    expect(queueKeyOf({ state: { variables: undefined } })).toBeUndefined()
  })

  it('gives none for a key that is not a string (a damaged saved write)', () => {
    expect(queueKeyOf({ state: { variables: { idempotencyKey: 42 } } })).toBeUndefined()
    expect(queueKeyOf({ state: { variables: { idempotencyKey: { id: 'x' } } } })).toBeUndefined()
  })
})
