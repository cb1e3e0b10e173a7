/**
 * The lots feature's public entry: the list other features show their own lots with (the
 * watchlist, my bids), and the watch toggle, an action on a lot that the watchlist shows too (it
 * lives here so that lots never imports the watchlist back: no cycles, docs/architecture.md).
 * Their cache keys and query live in src/api/lot-keys.ts and lot-pages.ts, which the watchlist's
 * offline queue needs at startup without any lot UI. Screens are not here: the routes load each
 * as its own chunk.
 */
export { LotCard } from './components/LotCard'
export { LotPagesList } from './components/LotPagesList'
export { SavedSearches } from './components/SavedSearches'
export { StatusChip } from './components/StatusChip'
export { WatchButton } from './components/WatchButton'
export { BlockedBiddersSection } from './components/BlockedBiddersSection'
export { formatRemaining, serverNow, useServerNow } from './clock'
export { ShowLotPanel } from './components/ShowLotPanel'
