import { describe, expect, it } from 'vitest'
import {
  ASYNC_HEADER,
  ASYNC_HEADER_VALUE,
  DEFAULT_CURRENCY,
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  SOCKET_ID_HEADER,
} from './config.ts'

/**
 * Header names are a wire contract between the app, the API and the real-time service (and any
 * proxy configured to pass them): a typo on one side breaks CSRF defence, idempotent retries or
 * the "not to my own socket" rule without any type error.
 */
describe('request headers', () => {
  it.each([
    ['CSRF defence (docs/decisions/0006)', ASYNC_HEADER, 'X-Requested-With'],
    ['its value', ASYNC_HEADER_VALUE, 'XMLHttpRequest'],
    ['the sender’s socket, left out of its own events', SOCKET_ID_HEADER, 'X-Socket-ID'],
    ['one retried bid or top-up is applied once', IDEMPOTENCY_HEADER, 'Idempotency-Key'],
    ['an answer replayed from the idempotency store', REPLAYED_HEADER, 'Idempotent-Replayed'],
  ])('%s: %s', (_, actual, expected) => {
    expect(actual).toBe(expected)
  })
})

describe('currency', () => {
  it('defaults to the euro on both sides (server CURRENCY unset, client before its config)', () => {
    expect(DEFAULT_CURRENCY).toBe('EUR')
  })
})
