/**
 * Imported by main.tsx before the QueryClient provider mounts: each feature's queueable
 * mutations call registerMutationDefaults() at module scope here, so a paused mutation restored
 * from IndexedDB finds its mutationFn (TanStack "Persisting Offline mutations").
 *
 * Queueable: watch/unwatch and mark-read (DESIGN §6). Bids, top-ups and lot creation are never
 * queued.
 */
import '../features/watchlist/mutations'
import '../features/notifications/mutations'
