import { DEFAULT_LOT_SORT } from '../../../common/auction'
import type { LotListParams } from '../../../common/auction/list-query'

export {
  apiSearchParams,
  readListParams,
  type LotListParams,
} from '../../../common/auction/list-query'

/** The list's address for these parameters; defaults stay out of it. */
export function listHref(params: Partial<LotListParams>): string {
  const search = new URLSearchParams()
  if (params.status && params.status !== 'open') search.set('status', params.status)
  if (params.q) search.set('q', params.q)
  if (params.sort && params.sort !== DEFAULT_LOT_SORT) search.set('sort', params.sort)
  if (params.category) search.set('category', params.category)
  if (params.minPrice) search.set('minPrice', params.minPrice)
  if (params.maxPrice) search.set('maxPrice', params.maxPrice)
  const query = search.toString()
  return query ? `/?${query}` : '/'
}

/** How many of the narrowing filters (category, price limits) are set. */
export function activeFilterCount(params: LotListParams): number {
  return [params.category, params.minPrice, params.maxPrice].filter(Boolean).length
}
