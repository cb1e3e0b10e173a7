/**
 * Every queueable write's definition (registerMutationDefaults), loaded through
 * src/offline/queueable.ts (provided by main.tsx) before a queued write is restored from IndexedDB
 * or adopted from another tab's queue, so it finds its mutationFn (TanStack "Persisting Offline
 * mutations"). A start with nothing queued never loads it (decision 0044).
 *
 * Queueable: watch/unwatch, mark-read and order messages (docs/product.md §6). Bids, top-ups and lot creation are never
 * queued.
 */
import { registerNotificationMutations } from '../features/notifications/mark-read'
import { registerWatchMutations } from '../features/lots/watch-mutation'
import { registerOrderMessageMutations } from '../features/orders/messages/send-mutation'

registerWatchMutations()
registerNotificationMutations()
registerOrderMessageMutations()
