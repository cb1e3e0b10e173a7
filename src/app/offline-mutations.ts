/**
 * Imported by main.tsx before the QueryClient provider mounts: each feature's queueable
 * mutations call registerMutationDefaults() at module scope here, so a paused mutation restored
 * from IndexedDB finds its mutationFn (TanStack "Persisting Offline mutations").
 *
 * Queueable: watch/unwatch and mark-read (docs/product.md §6). Bids, top-ups and lot creation are never
 * queued.
 */
import { registerNotificationMutations } from '../features/notifications/mark-read'
import { registerWatchMutations } from '../features/watchlist/watch-mutation'

registerWatchMutations()
registerNotificationMutations()
