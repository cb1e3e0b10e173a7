import ky from 'ky'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE, SOCKET_ID_HEADER } from '../../common/config'
import { NetworkError, isAbortError } from './errors'
import { takeFirstScreenAnswer, takeFirstScreenBody } from './first-screen-answers'
import { isKeyedWrite, KEYED_WRITE_TIMEOUT_MS } from './reconcile'

export { NetworkError } from './errors'

/** Absolute URL of the API under the app's base path, e.g. https://host/lotline/api */
export function apiPrefix(base: string = import.meta.env.BASE_URL, href = location.href): string {
  return new URL(`${base.endsWith('/') ? base : `${base}/`}api`, href).href
}

let socketId: string | null = null

/**
 * What every write waits for first: on a page the server rendered, the saved cache (and the
 * offline queue in it) comes back only once the page is idle, and a queued write still goes before
 * any new one (decision 0059). Set by the boot (src/main.tsx); nothing to wait for otherwise.
 */
let beforeWrite: (() => Promise<unknown>) | undefined

export function waitBeforeWrites(wait: (() => Promise<unknown>) | undefined): void {
  beforeWrite = wait
}

/**
 * Hook for the real-time layer: once pusher-js is connected it calls setSocketId(socket_id)
 * (and setSocketId(null) on disconnect), so the server can leave the sender out of broadcasts.
 */
export function setSocketId(id: string | null): void {
  socketId = id
}

/**
 * A keyed write's own deadline for its answer (reconcile.ts): its request is sent with a signal
 * that the caller's abort still aborts, and that aborts by itself after KEYED_WRITE_TIMEOUT_MS.
 */
function answerDeadline(request: Request) {
  const timer = new AbortController()
  let expired = false
  const abort = () => timer.abort()
  if (request.signal.aborted) abort()
  else request.signal.addEventListener('abort', abort, { once: true })
  const id = setTimeout(() => {
    expired = true
    abort()
  }, KEYED_WRITE_TIMEOUT_MS)
  return {
    request: new Request(request, { signal: timer.signal }),
    expired: () => expired,
    clear: () => {
      clearTimeout(id)
      request.signal.removeEventListener('abort', abort)
    },
  }
}

/**
 * fetch that first takes an answer the page brought (decision 0039), and turns "no HTTP answer"
 * into a typed NetworkError (aborts stay AbortErrors), carrying what was sent; a keyed write that
 * gets no answer within KEYED_WRITE_TIMEOUT_MS is "no answer" too (decision 0049).
 */
const fetchWithNetworkError: typeof fetch = async (input, init) => {
  const brought = takeFirstScreenAnswer(input, init)
  if (brought) return brought
  const request = input instanceof Request ? input : undefined
  const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false
  const neverSent = offline()
  const deadline = request && isKeyedWrite(request) ? answerDeadline(request) : undefined
  try {
    return await globalThis.fetch(deadline?.request ?? input, init)
  } catch (error) {
    const timedOut = deadline?.expired() === true
    const signal = init?.signal ?? request?.signal
    if (!timedOut && (isAbortError(error) || signal?.aborted)) throw error
    throw new NetworkError(error, offline(), { request, neverSent: neverSent && !timedOut })
  } finally {
    deadline?.clear()
  }
}

/**
 * The one HTTP client of the app. Every call goes through it:
 * - `X-Requested-With: XMLHttpRequest` on every request (seed fact; the API's CSRF defence),
 *   plus `X-Socket-ID` while the real-time connection has one;
 * - no timeout (seed fact): callers pass React Query's `signal`, so leaving the screen aborts;
 *   only a write with an Idempotency-Key stops waiting for its answer, to send it again
 *   (reconcile.ts, decision 0049);
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
      async (request) => {
        if (beforeWrite && request.method !== 'GET') await beforeWrite()
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

/**
 * A GET's JSON through `api`, or the answer the page brought for exactly this address (decision
 * 0039), taken before ky builds its Request objects: a first screen's three or four requests cost
 * a slow phone a long task in ky's set-up and a JSON round trip for answers already in memory.
 * The address is spelled as ky spells it (prefix, `/`, path, `?` and the parameters).
 */
export function getJson<T>(
  path: string,
  options: { searchParams?: URLSearchParams; signal?: AbortSignal } = {},
): Promise<T> {
  const query = options.searchParams?.toString()
  const brought = takeFirstScreenBody(`${apiPrefix()}/${path}${query ? `?${query}` : ''}`)
  if (brought !== undefined) return Promise.resolve(brought as T)
  return api.get(path, options).json<T>()
}
