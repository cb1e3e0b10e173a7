/** The watchlist feature's public entry: the watch toggle that lot screens show. */
export { WatchButton } from './WatchButton'
