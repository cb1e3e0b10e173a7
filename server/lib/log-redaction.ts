import type { FastifyRequest } from 'fastify'
import { stdSerializers } from 'pino'

/** Query values never reach the log: Stripe's return URL carries a payment's client secret. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?')
  if (query === -1) return url
  const names = url
    .slice(query + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`)
  return `${url.slice(0, query)}?${names.join('&')}`
}

/**
 * What each request log line says about its request: method, path with redacted query, and the
 * client address. Headers (cookies, Authorization, Stripe's signature) are left out altogether.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }
}

/** Paths pino blanks out should a secret-bearing object be logged by hand anyway. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'clientSecret',
  '*.clientSecret',
  'client_secret',
  '*.client_secret',
]

/** The fields of a logged error that say what went wrong without repeating what was sent. */
const ERROR_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
] as const

/**
 * How every logged error is written: its kind, message, stack and codes — never the rest. A
 * database driver's error carries the failed query and its parameters (PGlite: `query`,
 * `params`, which held password hashes, session tokens and Stripe ids), PostgreSQL's `detail`
 * repeats the offending values, and an HTTP client's error carries headers and bodies; none of it
 * may reach the log. A whitelist, so a field a library adds tomorrow stays out too.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const full = stdSerializers.err(error) as unknown as Record<string, unknown>
  const kept: Record<string, unknown> = {}
  for (const field of ERROR_FIELDS) if (full[field] !== undefined) kept[field] = full[field]
  if (error.cause !== undefined) kept.cause = serializeError(error.cause)
  return { ...kept, type: error.name, message: error.message, stack: error.stack ?? '' }
}

interface LoggedError {
  [field: string]: unknown
  type: string
  message: string
  stack: string
}
