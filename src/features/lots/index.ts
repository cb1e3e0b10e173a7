/**
 * The lots feature's public entry: the list other features show their own lots with (the
 * watchlist, my bids). Their cache keys and query live in src/api/lot-keys.ts and lot-pages.ts,
 * which the watchlist's offline queue needs at startup without any lot UI. Screens are not here:
 * the routes load each as its own chunk.
 */
export { LotPagesList } from './components/LotPagesList'
export { StatusChip } from './components/StatusChip'
