import { HTTPError } from 'ky'
import type { ApiError } from './api-error'

/**
 * The request never got an HTTP answer: offline, DNS, connection refused, a reset, CORS, or a
 * keyed write's answer that did not come in time (client.ts).
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  /** The browser said it was offline when the request failed. */
  readonly offline: boolean
  /** The browser was already offline when it was to be sent: it never left (not a lost answer). */
  readonly neverSent: boolean
  /** What was sent (its Idempotency-Key tells whether it may be sent again: reconcile.ts). */
  readonly request: Request | undefined

  constructor(
    cause: unknown,
    offline: boolean,
    sent: { request?: Request | undefined; neverSent?: boolean } = {},
  ) {
    super(offline ? 'You are offline' : 'The server could not be reached', { cause })
    this.offline = offline
    this.neverSent = sent.neverSent ?? false
    this.request = sent.request
  }
}

/**
 * Whether `error` is an answer of our API that was not a success. Every HTTP error the app's client
 * lets out is an ApiError (client.ts turns each one into one), so it is told by its class's name:
 * the class itself (api-error.ts) is then loaded only when an error happens, not by every first
 * screen (decision 0044).
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof HTTPError && error.name === 'ApiError'
}

/** A 4xx our API answered: the same request will get the same answer. */
export function isClientError(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  )
}
