import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER } from '../../common/config'
import { queueHeaders } from './queue-headers'

describe('the headers a queued write is sent with (docs/decisions/0011)', () => {
  it("carries the write's own key, so a second replay is applied once", () => {
    expect(new Headers(queueHeaders({ idempotencyKey: 'k-123' })).get(IDEMPOTENCY_HEADER)).toBe(
      'k-123',
    )
  })

  it('sends no key at all for a write queued before keys existed (not an empty or "undefined" one)', () => {
    expect([...new Headers(queueHeaders({})).keys()]).toEqual([])
    expect([...new Headers(queueHeaders({ idempotencyKey: '' })).keys()]).toEqual([])
  })
})
