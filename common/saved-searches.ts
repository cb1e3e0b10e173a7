/**
 * Saved searches (issue 32; docs/product.md "Saved searches"): a member names the list's filters
 * and is told when a new lot matches. The filters obey the lot list's own rules
 * (common/auction/finding.ts), so a saved search is always a list the API would show.
 */
import {
  formatPriceLimit,
  isLotCategory,
  isLotSort,
  parsePriceLimit,
  priceRangeProblem,
  type LotCategory,
  type LotSort,
} from './auction/finding.ts'

/** A name is one short line ("Film cameras under €100"). */
export const SAVED_SEARCH_NAME_MAX = 60
/** Searches one member keeps; one more is 409 `saved_searches_full`. */
export const SAVED_SEARCHES_MAX = 10
/** The list's own limit on the words searched for (server/routes/lots/schemas.ts). */
export const SAVED_SEARCH_QUERY_MAX = 100
/** At most one alert per saved search in this long. */
export const SAVED_SEARCH_ALERT_GAP_MS = 60 * 60 * 1000

/** The filters as the list's URL spells them (euros as text: "25", "25.5"). */
export interface SavedSearchFilters {
  q: string
  category: LotCategory | null
  minPrice: string | null
  maxPrice: string | null
  sort: LotSort
}

export interface SavedSearch extends SavedSearchFilters {
  id: string
  name: string
  createdAt: string
}

/** What `POST /api/me/saved-searches` takes. */
export interface SavedSearchInput {
  name: string
  q?: string | undefined
  category?: string | undefined
  minPrice?: string | undefined
  maxPrice?: string | undefined
  sort?: string | undefined
}

/** A name trimmed, its inner runs of white space made one space: what is stored and shown. */
export function cleanSearchName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ')
}

/**
 * The input read as filters, or the fields that are wrong (English; the client shows its own).
 * Limits hold however the value is spelled: the name is counted after trimming, in characters.
 */
export function readSavedSearch(input: SavedSearchInput):
  | {
      ok: true
      name: string
      filters: SavedSearchFilters
      minCents: number | null
      maxCents: number | null
    }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const name = cleanSearchName(input.name)
  if (name.length === 0) errors.name = 'Give the search a name.'
  else if ([...name].length > SAVED_SEARCH_NAME_MAX)
    errors.name = `Must be at most ${SAVED_SEARCH_NAME_MAX} characters.`
  const q = (input.q ?? '').trim()
  if ([...q].length > SAVED_SEARCH_QUERY_MAX)
    errors.q = `Must be at most ${SAVED_SEARCH_QUERY_MAX} characters.`
  const category = input.category ?? null
  if (category !== null && !isLotCategory(category)) errors.category = 'Not a category.'
  const sort = input.sort ?? 'ending'
  if (!isLotSort(sort)) errors.sort = 'Not a sort.'
  const limit = (field: 'minPrice' | 'maxPrice') => {
    const raw = input[field]
    if (raw === undefined || raw === '') return null
    const cents = parsePriceLimit(raw)
    if (cents === undefined) errors[field] = 'Not a price.'
    return cents ?? null
  }
  const minCents = limit('minPrice')
  const maxCents = limit('maxPrice')
  const backwards = priceRangeProblem(minCents ?? undefined, maxCents ?? undefined)
  if (backwards) errors.maxPrice = backwards
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    name,
    filters: {
      q,
      category: category as LotCategory | null,
      // Stored in cents and told back as the URL spells them ("10.50" → "10.5").
      minPrice: minCents === null ? null : formatPriceLimit(minCents),
      maxPrice: maxCents === null ? null : formatPriceLimit(maxCents),
      sort: sort as LotSort,
    },
    minCents,
    maxCents,
  }
}

/** A search last alerted at or before this time may alert again at `now`. */
export function savedSearchAlertCutoff(now: Date): Date {
  return new Date(now.getTime() - SAVED_SEARCH_ALERT_GAP_MS)
}

/** The API, under `api/`. */
export function savedSearchPaths() {
  return { list: 'me/saved-searches', one: (id: string) => `me/saved-searches/${id}` } as const
}
