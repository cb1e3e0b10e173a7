/**
 * The Idempotency-Key as HTTP sees it: the header and its errors (the header names, with the replay
 * marker, are in common/config.ts). Claiming and storing keys is the commands' shell
 * (server/commands/run-command.ts).
 */
import type { IncomingHttpHeaders } from 'node:http'
import { IDEMPOTENCY_HEADER } from '../../common/config.ts'
import { isIdempotencyKey } from '../../common/idempotency.ts'
import { AppError } from './problem.ts'

const keyRule = `8–255 printable characters without spaces`

/** A missing (where required) or malformed Idempotency-Key: one code, 400, nothing done. */
function badIdempotencyKey(missing: boolean): AppError {
  return new AppError(
    400,
    'idempotency_key_required',
    missing
      ? `This request needs an ${IDEMPOTENCY_HEADER} header (${keyRule}), so a retry is never applied twice.`
      : `The ${IDEMPOTENCY_HEADER} header is not valid (${keyRule}).`,
  )
}

/** The same key was used for a different request (in the same scope): 422, nothing done. */
export function idempotencyKeyReused(): AppError {
  return new AppError(
    422,
    'idempotency_key_reused',
    `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
  )
}

/** The request's Idempotency-Key; a malformed one is refused, never ignored. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders, required: true): string
export function idempotencyKeyOf(headers: IncomingHttpHeaders, required: false): string | undefined
export function idempotencyKeyOf(
  headers: IncomingHttpHeaders,
  required: boolean,
): string | undefined {
  const key = headers[IDEMPOTENCY_HEADER.toLowerCase()]
  if (key === undefined || key === '') {
    if (required) throw badIdempotencyKey(true)
    return undefined
  }
  if (!isIdempotencyKey(key)) throw badIdempotencyKey(false)
  return key
}
