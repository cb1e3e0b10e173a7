import ky from 'ky'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE, SOCKET_ID_HEADER } from '../../common/config'
import { NetworkError, isAbortError } from './errors'
import { takeFirstScreenAnswer } from './first-screen-answers'

export { NetworkError } from './errors'

/** Absolute URL of the API under the app's base path, e.g. https://host/lotline/api */
export function apiPrefix(base: string = import.meta.env.BASE_URL, href = location.href): string {
  return new URL(`${base.endsWith('/') ? base : `${base}/`}api`, href).href
}

let socketId: string | null = null

/**
 * Hook for the real-time layer: once pusher-js is connected it calls setSocketId(socket_id)
 * (and setSocketId(null) on disconnect), so the server can leave the sender out of broadcasts.
 */
export function setSocketId(id: string | null): void {
  socketId = id
}

/**
 * fetch that first takes an answer the page brought (decision 0039), and turns "no HTTP answer"
 * into a typed NetworkError (aborts stay AbortErrors).
 */
const fetchWithNetworkError: typeof fetch = async (input, init) => {
  const brought = takeFirstScreenAnswer(input, init)
  if (brought) return brought
  try {
    return await globalThis.fetch(input, init)
  } catch (error) {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    if (isAbortError(error) || signal?.aborted) throw error
    throw new NetworkError(error, typeof navigator !== 'undefined' && navigator.onLine === false)
  }
}

/**
 * The one HTTP client of the app. Every call goes through it:
 * - `X-Requested-With: XMLHttpRequest` on every request (seed fact; the API's CSRF defence),
 *   plus `X-Socket-ID` while the real-time connection has one;
 * - no timeout (seed fact): callers pass React Query's `signal`, so leaving the screen aborts;
 * - no retries here: React Query owns the retry policy (src/api/query-client.ts);
 * - non-2xx answers become ApiError (api-error.ts) with the parsed problem+json; no answer →
 *   NetworkError.
 */
export const api = ky.create({
  prefixUrl: apiPrefix(),
  credentials: 'same-origin',
  timeout: false,
  retry: 0,
  headers: { [ASYNC_HEADER]: ASYNC_HEADER_VALUE, Accept: 'application/json' },
  fetch: fetchWithNetworkError,
  hooks: {
    beforeRequest: [
      (request) => {
        request.headers.set(ASYNC_HEADER, ASYNC_HEADER_VALUE)
        if (socketId) request.headers.set(SOCKET_ID_HEADER, socketId)
        else request.headers.delete(SOCKET_ID_HEADER)
      },
    ],
    beforeError: [
      // The typed error's code loads with the first error (decision 0044).
      async (error) => (await import('./api-error')).toApiError(error),
    ],
  },
})
