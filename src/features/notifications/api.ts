import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import type { AppNotification } from '../../../common/auction'
import { api } from '../../api/client'
import { registerMutationDefaults } from '../../offline/mutations'
import { queueHeaders, useQueuedMutation, type Queued } from '../../offline/queued'

export interface NotificationPage {
  items: AppNotification[]
  nextCursor: string | null
  /** Unread count over all of the user's notifications (not just this page). */
  unread: number
}
export type NotificationPages = InfiniteData<NotificationPage, unknown>

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
}

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    api
      .get('notifications', { searchParams: pageParam ? { cursor: pageParam } : {}, signal })
      .json<NotificationPage>(),
  getNextPageParam: (last) => last.nextCursor,
})

export function useNotifications(enabled = true) {
  return useInfiniteQuery({ ...notificationsQuery, enabled })
}

export function unreadCount(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unread ?? 0
}

/** A new notification on top, unread count + 1 (deduplicated by id). */
export function prependNotification(
  cached: NotificationPages,
  notification: AppNotification,
): NotificationPages {
  if (cached.pages.some((p) => p.items.some((n) => n.id === notification.id))) return cached
  const [first, ...rest] = cached.pages
  const head: NotificationPage = first
    ? {
        ...first,
        items: [notification, ...first.items],
        unread: first.unread + (notification.readAt ? 0 : 1),
      }
    : { items: [notification], nextCursor: null, unread: notification.readAt ? 0 : 1 }
  return { ...cached, pages: [head, ...rest] }
}

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
 * Queueable offline (docs/product.md §6): registered before the persisted cache is restored, so a
 * mark-read made offline survives a reload and is replayed once on reconnect. By ids, so a
 * replay never marks later notifications; with its idempotency key, so two tabs replaying it
 * apply it once (docs/decisions/0011).
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

/** `mutate({ ids })`; the idempotency key is added here, for every call. */
export function useMarkRead(client: QueryClient) {
  return useQueuedMutation<MarkReadVars>({
    mutationKey: MARK_READ_KEY,
    onMutate: (vars) => markReadInCache(client, vars.ids),
  })
}
