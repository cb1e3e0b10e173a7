import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config.ts'
import errorHandler from '../../server/plugins/error-handler.ts'
import security from '../../server/plugins/security.ts'

/**
 * The security plugin on a bare Fastify (no database): the CSRF header rule and the headers every
 * response carries. The whole app's behaviour is in security.test.ts; this file is small and fast
 * enough for mutation testing (docs/testing.md).
 */

const CSRF = { [ASYNC_HEADER.toLowerCase()]: ASYNC_HEADER_VALUE }

const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'none'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

let app: FastifyInstance | undefined

afterEach(async () => {
  await app?.close()
  app = undefined
})

async function makeApp(
  configure?: (app: FastifyInstance) => void,
  options: { trustProxy?: boolean } = {},
): Promise<FastifyInstance> {
  app = Fastify({ trustProxy: options.trustProxy ?? false })
  await app.register(errorHandler)
  await app.register(security)
  configure?.(app)
  // Fastify answers HEAD through the GET route.
  for (const method of ['GET', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({ method, url: '/thing', handler: async () => ({ ok: true }) })
  }
  app.post('/webhook', { config: { csrf: false } }, async () => ({ ok: true }))
  app.post('/explicit', { config: { csrf: true } }, async () => ({ ok: true }))
  await app.ready()
  return app
}

describe('CSRF header rule', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'refuses a %s without the header with 403 csrf_header_missing',
    async (method) => {
      const res = await (await makeApp()).inject({ method, url: '/thing' })
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json()).toMatchObject({
        status: 403,
        code: 'csrf_header_missing',
        detail: 'Requests that change data must carry the X-Requested-With: XMLHttpRequest header.',
      })
    },
  )

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'lets a %s with the header through',
    async (method) => {
      const res = await (await makeApp()).inject({ method, url: '/thing', headers: CSRF })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true })
    },
  )

  it('refuses the header with another value (a form cannot set it, but a guess must not pass)', async () => {
    const res = await (
      await makeApp()
    ).inject({
      method: 'POST',
      url: '/thing',
      headers: { [ASYNC_HEADER]: 'fetch' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_header_missing')
  })

  it.each(['GET', 'HEAD', 'OPTIONS'] as const)(
    'lets a %s through without the header',
    async (method) => {
      const res = await (await makeApp()).inject({ method, url: '/thing' })
      expect(res.statusCode).toBe(200)
    },
  )

  it('exempts only a route whose config says csrf: false', async () => {
    const server = await makeApp()
    expect((await server.inject({ method: 'POST', url: '/webhook' })).statusCode).toBe(200)
    const explicit = await server.inject({ method: 'POST', url: '/explicit' })
    expect(explicit.statusCode).toBe(403)
    expect(explicit.json().code).toBe('csrf_header_missing')
  })

  it('refuses a write to an unknown path before saying it is not found', async () => {
    const res = await (await makeApp()).inject({ method: 'POST', url: '/nowhere' })
    expect(res.statusCode).toBe(403)
  })
})

describe('security headers', () => {
  it('sends the fixed headers and the base CSP on every response, errors included', async () => {
    const server = await makeApp()
    for (const res of [
      await server.inject({ method: 'GET', url: '/thing' }),
      await server.inject({ method: 'POST', url: '/thing' }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(BASE_CSP)
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['permissions-policy']).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(self)',
      )
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('adds the sources features register, connect-src per request', async () => {
    const server = await makeApp((app) => {
      app.csp.script.push('https://js.example', 'https://cdn.example')
      app.csp.frame.push('https://frame.example', 'https://hooks.example')
      app.csp.connect = (request) => [`wss://${request.headers.host ?? ''}`, 'https://api.example']
    })
    const res = await server.inject({ method: 'GET', url: '/thing', headers: { host: 'a.test' } })
    const directives = String(res.headers['content-security-policy']).split('; ')
    expect(directives).toContain("script-src 'self' https://js.example https://cdn.example")
    expect(directives).toContain('frame-src https://frame.example https://hooks.example')
    expect(directives).toContain("connect-src 'self' wss://a.test https://api.example")
    expect(directives).toHaveLength(13)
  })

  it('asks for HTTPS only on a request that came over HTTPS', async () => {
    const server = await makeApp(undefined, { trustProxy: true })
    const https = await server.inject({
      method: 'GET',
      url: '/thing',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const http = await server.inject({
      method: 'GET',
      url: '/thing',
      headers: { 'x-forwarded-proto': 'http' },
    })
    expect(http.headers['strict-transport-security']).toBeUndefined()
  })
})
