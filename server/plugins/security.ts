import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config.ts'
import type { Config } from '../config.ts'
import { AppError } from '../lib/problem.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Extra CSP sources later features add (Stripe on payment screens, the real-time host). */
export interface CspSources {
  connect: (request: FastifyRequest) => string[]
  script: string[]
  frame: string[]
}

declare module 'fastify' {
  interface FastifyInstance {
    csp: CspSources
  }
}

/**
 * Security headers on every response and the CSRF rule: non-GET requests to the API or to
 * /broadcasting must carry X-Requested-With (a header a cross-site form cannot send), which
 * together with SameSite=Lax session cookies blocks cross-site writes. The Stripe webhook is the
 * one exception: Stripe signs it instead.
 */
export default fp(async function security(app: FastifyInstance, opts: { config: Config }) {
  const base = opts.config.basePath
  const csrfExempt = new Set([`${base}api/stripe/webhook`])
  const guarded = [`${base}api/`, `${base}broadcasting/`]
  app.decorate('csp', { connect: () => [], script: [], frame: [] } satisfies CspSources)

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const path = request.url.split('?')[0] ?? ''
    if (!guarded.some((prefix) => path.startsWith(prefix)) || csrfExempt.has(path)) return
    if (request.headers[ASYNC_HEADER.toLowerCase()] !== ASYNC_HEADER_VALUE) {
      throw new AppError(
        403,
        'csrf_header_missing',
        `Requests that change data must carry the ${ASYNC_HEADER}: ${ASYNC_HEADER_VALUE} header.`,
      )
    }
  })

  app.addHook('onSend', async (request, reply) => {
    const csp = app.csp
    const directives = [
      "default-src 'self'",
      `script-src 'self' ${csp.script.join(' ')}`.trim(),
      // Inline critical CSS in index.html and style attributes set by React.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self' ${csp.connect(request).join(' ')}`.trim(),
      `frame-src ${csp.frame.length ? csp.frame.join(' ') : "'none'"}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]
    reply.header('Content-Security-Policy', directives.join('; '))
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  })
})
