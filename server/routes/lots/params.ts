import {
  parsePriceLimit,
  priceRangeProblem,
  PRICE_LIMIT_MAX_EUROS,
  type LotSort,
} from '../../../common/auction.ts'
import { isUuid } from '../../../common/wire.ts'
import { AppError, notFound } from '../../lib/problem.ts'
import { decodeCursor } from '../../repositories/lots.ts'

export const PAGE = 20

export function lotId(raw: string): string {
  const id = raw.toLowerCase()
  if (!isUuid(id)) throw notFound('Lot')
  return id
}

export function cursorOf(raw: string | undefined, sort?: LotSort) {
  if (raw === undefined) return undefined
  const cursor = decodeCursor(raw, sort)
  if (!cursor) throw new AppError(400, 'bad_request', 'The cursor is not valid.')
  return cursor
}

/**
 * The list's price range in cents. The schema let through only plain euros ("10", "10.5"); a
 * limit above any possible price, or a minimum above the maximum, is refused by field (422).
 */
export function priceRangeOf(query: { minPrice?: string; maxPrice?: string }) {
  const errors: Record<string, string> = {}
  const read = (name: 'minPrice' | 'maxPrice') => {
    const raw = query[name]
    if (raw === undefined) return undefined
    const cents = parsePriceLimit(raw)
    if (cents === undefined) errors[name] = `Must be at most ${PRICE_LIMIT_MAX_EUROS}.`
    return cents
  }
  const min = read('minPrice')
  const max = read('maxPrice')
  const backwards = priceRangeProblem(min, max)
  if (backwards) errors.maxPrice = backwards
  if (Object.keys(errors).length > 0) {
    throw new AppError(422, 'validation_failed', 'Some fields need attention.', errors)
  }
  return { minPrice: min, maxPrice: max }
}
