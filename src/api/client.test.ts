import { describe, expect, it, vi } from 'vitest'
import { json, mockApi, problem } from '../testing/http'
import { api, apiPrefix, setSocketId } from './client'
import { ApiError } from './api-error'
import { NetworkError, isApiError, isClientError } from './errors'

describe('api client (ky)', () => {
  it('sends X-Requested-With on every request, GET and POST, to the API under the base path', async () => {
    const { requests } = mockApi({
      'GET /api/config': () => json({ currency: 'EUR' }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    })
    await api.get('config').json()
    await api.post('auth/logout')
    expect(requests).toHaveLength(2)
    for (const request of requests) {
      expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
      expect(request.credentials).toBe('same-origin')
    }
    expect(new URL(requests[0]!.url).pathname).toBe('/api/config')
  })

  it('resolves the API prefix against another base path', () => {
    expect(apiPrefix('/lotline/', 'https://x.test/lotline/lots/1')).toBe(
      'https://x.test/lotline/api',
    )
    expect(apiPrefix('/', 'https://x.test/account')).toBe('https://x.test/api')
  })

  it('adds X-Socket-ID only while the real-time layer has set one', async () => {
    const { requests } = mockApi({ 'GET /api/me': () => json({ user: null }) })
    setSocketId('123.456')
    await api.get('me')
    setSocketId(null)
    await api.get('me')
    expect(requests[0]!.headers.get('X-Socket-ID')).toBe('123.456')
    expect(requests[1]!.headers.has('X-Socket-ID')).toBe(false)
  })

  it('turns a problem+json answer into an ApiError with code, detail and field errors', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        problem(422, 'validation_failed', 'Some fields are invalid', {
          password: 'Password must be at least 10 characters',
        }),
    })
    const error = await api.post('auth/register', { json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    const apiError = error as ApiError
    expect(apiError.status).toBe(422)
    expect(apiError.code).toBe('validation_failed')
    expect(apiError.detail).toBe('Some fields are invalid')
    expect(apiError.fieldErrors).toEqual({ password: 'Password must be at least 10 characters' })
    // What the entry's code checks without the class (decision 0044).
    expect(isApiError(error)).toBe(true)
    expect(isClientError(error)).toBe(true)
  })

  it('reads the amount a problem is about, and only a whole number as one', async () => {
    let amount: unknown = 5_050
    mockApi({
      'DELETE /api/me': () =>
        json({ status: 409, code: 'account_has_money', detail: 'x', amount }, 409),
    })
    const refusal = () =>
      api.delete('me').then(
        () => ({ amount: 'answered' }),
        (e: unknown) => e as ApiError,
      )
    expect((await refusal()).amount).toBe(5_050)
    for (amount of ['5050', 1.5, null, undefined]) expect((await refusal()).amount).toBeNull()
  })

  it('derives a code from the status when the body is not a problem (e.g. a proxy 502 page)', async () => {
    mockApi({
      'GET /api/config': () =>
        new Response('<h1>Bad gateway</h1>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        }),
    })
    const error = (await api.get('config').catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('service_unavailable')
    expect(error.problem).toBeNull()
    expect(error.fieldErrors).toEqual({})
    expect(isApiError(error)).toBe(true)
    expect(isClientError(error)).toBe(false)
  })

  it('turns "no answer" into a NetworkError, but leaves aborts alone', async () => {
    mockApi({
      'GET /api/me': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const error = await api.get('me').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(isApiError(error)).toBe(false)
    expect(isApiError(new Error('ApiError'))).toBe(false)

    const controller = new AbortController()
    controller.abort()
    const aborted = (await api
      .get('me', { signal: controller.signal })
      .catch((e: unknown) => e)) as Error
    expect(aborted).not.toBeInstanceOf(NetworkError)
    expect(aborted.name).toBe('AbortError')
  })

  it('does not retry by itself (React Query owns retries)', async () => {
    const { fetch } = mockApi({
      'GET /api/config': () => problem(503, 'service_unavailable', 'Down'),
    })
    const error = await api.get('config').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('has no timeout: a slow answer (a minute, well past ky’s 10 s default) still arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    mockApi({
      'GET /api/config': () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(json({ currency: 'EUR' })), 60_000),
        ),
    })
    const answer = api
      .get('config')
      .json()
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await answer).toEqual({ currency: 'EUR' })
  })
})
