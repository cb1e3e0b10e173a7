/**
 * "The database cannot answer right now" as one error class, whatever the driver said: the API
 * answers it with 503 service_unavailable and a Retry-After (plugins/error-handler.ts), background
 * jobs log it and try again on their next tick, and nothing else needs to know pg's vocabulary.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(messageOf(cause), { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

/**
 * SQLSTATE classes and codes that mean the server went away or refuses connections for now:
 * 08xxx connection exceptions, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
 * now (starting up / shutting down), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** Socket errors from node:net while connecting or on an open connection. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** pg and pg-pool say these in plain messages, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client was closed and is not queryable/,
]

function messageOf(error: unknown): string {
  // Node reports "localhost" (two addresses) as an AggregateError with an empty message.
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map(messageOf).join('; ')
  }
  return error instanceof Error ? error.message : String(error)
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true
  if (typeof error !== 'object' || error === null) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true
  }
  // A host name with several addresses fails as an AggregateError of socket errors.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true
  const message = messageOf(error)
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
}

/** The error to throw on: unavailability becomes DatabaseUnavailableError, the rest stays as is. */
export function translateDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) return error
  return new DatabaseUnavailableError(error)
}
