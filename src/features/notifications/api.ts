import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { AppNotification } from '../../../common/auction'
import { api } from '../../api/client'
import { notificationKeys, type NotificationPage, type NotificationPages } from './keys'

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
