import {
  DEFAULT_LOT_SORT,
  isLotCategory,
  isLotSort,
  parsePriceLimit,
  priceRangeProblem,
  type LotCategory,
  type LotSort,
} from './finding.ts'
import { LOT_FILTERS, type LotFilter } from './shapes.ts'

/**
 * The lot list's URL (decision 0026): `?status=&q=&sort=&category=&minPrice=&maxPrice=`, each left
 * out at its default, so a filtered list is a link and Back restores it. Values the API would
 * refuse are dropped when read: a hand-edited link shows the list without them, never an error.
 */
export interface LotListParams {
  status: LotFilter
  q: string
  sort: LotSort
  category?: LotCategory | undefined
  /** Euros as the URL spells them ("25", "25.5"); valid by `parsePriceLimit`. */
  minPrice?: string | undefined
  maxPrice?: string | undefined
}

function isFilter(value: string | null): value is LotFilter {
  return value !== null && (LOT_FILTERS as readonly string[]).includes(value)
}

export function readListParams(search: string): LotListParams {
  const params = new URLSearchParams(search)
  const status = params.get('status')
  const sort = params.get('sort')
  const category = params.get('category')
  const price = (name: string) => {
    const raw = params.get(name)
    return raw !== null && parsePriceLimit(raw) !== undefined ? raw : undefined
  }
  let minPrice = price('minPrice')
  let maxPrice = price('maxPrice')
  if (priceRangeProblem(cents(minPrice), cents(maxPrice))) minPrice = maxPrice = undefined
  return {
    status: isFilter(status) ? status : 'open',
    q: (params.get('q') ?? '').trim(),
    sort: isLotSort(sort) ? sort : DEFAULT_LOT_SORT,
    ...(isLotCategory(category) ? { category } : {}),
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
  }
}

const cents = (raw: string | undefined) => (raw === undefined ? undefined : parsePriceLimit(raw))

/** The API's query for these parameters (its names are the URL's). */
export function apiSearchParams(params: LotListParams): URLSearchParams {
  const search = new URLSearchParams({ status: params.status })
  if (params.q) search.set('q', params.q)
  if (params.sort !== DEFAULT_LOT_SORT) search.set('sort', params.sort)
  if (params.category) search.set('category', params.category)
  if (params.minPrice) search.set('minPrice', params.minPrice)
  if (params.maxPrice) search.set('maxPrice', params.maxPrice)
  return search
}
