import { afterEach, describe, expect, it, vi } from 'vitest'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE, SOCKET_ID_HEADER } from '../../common/config'
import { setSocketId } from '../api/client'
import { json, mockApi, type Handler } from '../testing/http'
import { authorize } from './authorize'

/**
 * What pusher-js asks the app's server (authorize.ts): POST {base}broadcasting/{path} with the
 * JSON body, through the app's one HTTP client (its CSRF header, its socket id), answered JSON.
 */
/** Answers `answer`, keeping the JSON body each request sent (the request is read once). */
function answering(answer: unknown, bodies: unknown[], status = 200): Handler {
  return async (request) => {
    bodies.push(await request.json())
    return json(answer, status)
  }
}

afterEach(() => {
  vi.unstubAllEnvs()
  setSocketId(null)
})

describe('authorize', () => {
  it("posts a private channel's subscription to /broadcasting/auth with its JSON body", async () => {
    const bodies: unknown[] = []
    const http = mockApi({ 'POST /broadcasting/auth': answering({ auth: 'k:signature' }, bodies) })
    const answer = await authorize('auth', { socket_id: '1.2', channel_name: 'private-wallet.u1' })

    expect(answer).toEqual({ auth: 'k:signature' })
    expect(http.requests).toHaveLength(1)
    const request = http.requests[0]!
    expect(request.method).toBe('POST')
    expect(new URL(request.url).href).toBe(new URL('/broadcasting/auth', location.href).href)
    expect(request.headers.get('content-type')).toContain('application/json')
    expect(bodies).toEqual([{ socket_id: '1.2', channel_name: 'private-wallet.u1' }])
  })

  it("posts a member's sign-in to /broadcasting/user-auth", async () => {
    const bodies: unknown[] = []
    const http = mockApi({
      'POST /broadcasting/user-auth': answering({ auth: 'k:s', user_data: '{"id":"u1"}' }, bodies),
    })
    const answer = await authorize('user-auth', { socket_id: '1.2' })

    expect(answer).toEqual({ auth: 'k:s', user_data: '{"id":"u1"}' })
    expect(new URL(http.requests[0]!.url).pathname).toBe('/broadcasting/user-auth')
    expect(bodies).toEqual([{ socket_id: '1.2' }])
  })

  it("goes under the app's base path", async () => {
    vi.stubEnv('BASE_URL', '/lotline/')
    const http = mockApi({ 'POST /lotline/broadcasting/auth': () => json({ auth: 'x' }) })
    await expect(authorize('auth', { socket_id: '1.2' })).resolves.toEqual({ auth: 'x' })
    expect(new URL(http.requests[0]!.url).pathname).toBe('/lotline/broadcasting/auth')
  })

  it("carries the app client's headers (the CSRF header, the socket id)", async () => {
    const http = mockApi({ 'POST /broadcasting/auth': () => json({ auth: 'x' }) })
    setSocketId('9.9')
    await authorize('auth', { socket_id: '9.9' })
    const headers = http.requests[0]!.headers
    expect(headers.get(ASYNC_HEADER)).toBe(ASYNC_HEADER_VALUE)
    expect(headers.get(SOCKET_ID_HEADER)).toBe('9.9')
  })

  it('fails when the server refuses (pusher-js then reports the subscription failed)', async () => {
    mockApi({ 'POST /broadcasting/auth': () => json({ code: 'forbidden' }, 403) })
    await expect(authorize('auth', { socket_id: '1.2' })).rejects.toThrow()
  })
})
