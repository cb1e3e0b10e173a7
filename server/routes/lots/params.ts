import { AppError, notFound } from '../../lib/problem.ts'
import { decodeCursor } from '../../repositories/lots.ts'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Printable ASCII, like Stripe's keys; a UUID from the client fits easily. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/
export const PAGE = 20

export function lotId(raw: string): string {
  const id = raw.toLowerCase()
  if (!UUID.test(id)) throw notFound('Lot')
  return id
}

export function cursorOf(raw: string | undefined) {
  if (raw === undefined) return undefined
  const cursor = decodeCursor(raw)
  if (!cursor) throw new AppError(400, 'bad_request', 'The cursor is not valid.')
  return cursor
}
