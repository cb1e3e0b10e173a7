import { lotKeys, type LotItem } from '../../api/lot-keys'
import { useLotPages } from '../../api/lot-pages'

/** `GET /api/watchlist`: the lots I watch, newest first. */
export function useWatchlist(enabled = true) {
  return useLotPages<LotItem>(lotKeys.watchlist(), 'watchlist', enabled)
}
