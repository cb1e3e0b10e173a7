import type { InfiniteData } from '@tanstack/react-query'
import type {
  LotCategory,
  LotFilter,
  LotSort,
  LotSummary,
  MyBidsTab,
  MyLotStatus,
} from '../../common/auction'

/**
 * Where lots live in the query cache. Shared, not owned by the lots feature: the watchlist and
 * my bids keep their lists under `lotKeys.pages()` too, so one live event patches every list,
 * and the watchlist's offline queue (registered at startup) edits them without loading lot UI.
 */
export interface Page<T> {
  items: T[]
  nextCursor: string | null
}
/** A list item; my bids carry the viewer's standing too. */
export type LotItem = LotSummary & { my?: { status: MyLotStatus; maxBid: number | null } }
export type LotPages = InfiniteData<Page<LotItem>, unknown>

/** Every filter of the list is part of its key (decision 0026): each filtered list is its own. */
export interface ListParams {
  status: LotFilter
  q: string
  sort?: LotSort | undefined
  category?: LotCategory | undefined
  /** Euros as the URL spells them. */
  minPrice?: string | undefined
  maxPrice?: string | undefined
}

export const lotKeys = {
  all: ['lots'] as const,
  /** Every paged list of lots (the list, the watchlist, my bids): live events patch them all. */
  pages: () => ['lots', 'pages'] as const,
  lists: () => ['lots', 'pages', 'all'] as const,
  list: (params: ListParams) => ['lots', 'pages', 'all', params] as const,
  watchlist: () => ['lots', 'pages', 'watchlist'] as const,
  /** Every tab of my bids; one tab's list (decision 0023). */
  mine: () => ['lots', 'pages', 'mine'] as const,
  mineTab: (tab: MyBidsTab) => ['lots', 'pages', 'mine', tab] as const,
  detail: (id: string) => ['lots', 'detail', id] as const,
  bids: (id: string) => ['lots', 'bids', id] as const,
}
