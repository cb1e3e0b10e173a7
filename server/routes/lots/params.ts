import { isUuid } from '../../../common/wire.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { decodeCursor } from '../../repositories/lots.ts'

export const PAGE = 20

export function lotId(raw: string): string {
  const id = raw.toLowerCase()
  if (!isUuid(id)) throw notFound('Lot')
  return id
}

export function cursorOf(raw: string | undefined) {
  if (raw === undefined) return undefined
  const cursor = decodeCursor(raw)
  if (!cursor) throw new AppError(400, 'bad_request', 'The cursor is not valid.')
  return cursor
}
