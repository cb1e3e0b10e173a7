import type { InfiniteData } from '@tanstack/react-query'
import type { AppNotification } from '../../../common/auction'

/*
 * The notification list's key and shape, apart from its hooks: the boot registers the queued
 * mark-read (mark-read.ts) with them, and a guest's first visit loads nothing more of this feature.
 */

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
