import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config.ts'
import { AppError } from '../lib/problem.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Extra CSP sources features add (Stripe on the payment screen, the real-time host). */
export interface CspSources {
  connect: (request: FastifyRequest) => string[]
  script: string[]
  frame: string[]
}

declare module 'fastify' {
  interface FastifyInstance {
    csp: CspSources
  }
  interface FastifyContextConfig {
    /** false = this route is not a browser write and needs no CSRF header (Stripe's webhook). */
    csrf?: boolean
  }
}

/**
 * Security headers on every response and the CSRF rule: every request with a method other than
 * GET/HEAD/OPTIONS must carry X-Requested-With (a header a cross-site form cannot send), which
 * together with SameSite=Lax session cookies blocks cross-site writes. The rule is decided on the
 * method the router dispatches on and the matched route's own config, never on the URL's
 * spelling, so no encoding of a path escapes it. The only exception is a route whose config says
 * `csrf: false` — the Stripe webhook, which Stripe signs instead.
 */
export default fp(async function security(app: FastifyInstance) {
  app.decorate('csp', { connect: () => [], script: [], frame: [] } satisfies CspSources)

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (request.routeOptions.config.csrf === false) return
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
