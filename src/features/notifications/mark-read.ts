import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../api/client'
import { registerMutationDefaults } from '../../offline/mutations'
import { queueHeaders } from '../../offline/queue-headers'
import type { Queued } from '../../offline/queued'
import { notificationKeys, type NotificationPages } from './keys'

/** Marks ids read in the cache (optimistic; also how a replayed mark-read lands). */
export function markReadInCache(client: QueryClient, ids: readonly number[], at = new Date()) {
  client.setQueryData<NotificationPages>(notificationKeys.list, (cached) => {
    if (!cached) return cached
    const wanted = new Set(ids)
    let newlyRead = 0
    const pages = cached.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => {
        if (!wanted.has(n.id) || n.readAt) return n
        newlyRead++
        return { ...n, readAt: at.toISOString() }
      }),
    }))
    return {
      ...cached,
      pages: pages.map((p, i) =>
        i === 0 ? { ...p, unread: Math.max(0, p.unread - newlyRead) } : p,
      ),
    }
  })
}

export const MARK_READ_KEY = ['notifications', 'read'] as const

export interface MarkReadVars {
  ids: number[]
}

/**
 * Queueable offline (docs/product.md §6): registered before a queued one is restored (decision
 * 0044), so a mark-read made offline survives a reload and is replayed once on reconnect. By
 * ids, so a replay never marks later notifications; with its idempotency key, so two tabs
 * replaying it apply it once (docs/decisions/0011).
 */
export function registerNotificationMutations(): void {
  registerMutationDefaults(
    MARK_READ_KEY,
    {
      mutationFn: (vars: MarkReadVars & Queued) =>
        api
          .post('notifications/read', { json: { ids: vars.ids }, headers: queueHeaders(vars) })
          .json<{ unread: number }>(),
    },
    (client: QueryClient, vars: MarkReadVars) => markReadInCache(client, vars.ids),
  )
}
