import type { KyRequest, KyResponse, NormalizedOptions } from 'ky'
import { vi } from 'vitest'
import { ApiError } from '../api/api-error'

export type Handler = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })
}

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: Record<string, string>,
  /** The problem's `amount` (minor units), when it carries one. */
  amount?: number,
): Response {
  return json(
    {
      type: `https://lotline.test/problems/${code}`,
      title: code,
      status,
      code,
      detail,
      errors,
      amount,
    },
    status,
    'application/problem+json',
  )
}

/**
 * Replaces global fetch (what the ky client calls) with a router over `routes`
 * ("GET /api/me" → handler). Unmatched requests answer 404 so tests fail loudly.
 */
export function mockApi(routes: Record<string, Handler>) {
  const requests: Request[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init)
    requests.push(request)
    // Like real fetch: an aborted signal rejects with an AbortError before any answer.
    if (request.signal?.aborted || init?.signal?.aborted)
      throw new DOMException('The operation was aborted.', 'AbortError')
    const path = new URL(request.url).pathname
    const handler = routes[`${request.method} ${path}`]
    if (!handler) return problem(404, 'not_found', `No mock for ${request.method} ${path}`)
    return handler(request)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetch: fetchMock, requests }
}

/** The error the app's HTTP client throws for an answer with `status` (no problem+json body). */
export function apiError(status: number, path = '/api/test'): ApiError {
  return new ApiError(
    new Response(null, { status }) as KyResponse,
    new Request(`http://lotline.test${path}`, { method: 'PUT' }) as KyRequest,
    { method: 'PUT' } as NormalizedOptions,
    null,
  )
}
