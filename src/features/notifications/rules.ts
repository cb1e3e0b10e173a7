import type { AppNotification } from '../../../common/auction'
import { EVENTS } from '../../../common/wire'
import type { BridgeRule } from '../../realtime/bridge'
import { USER_CHANNEL } from '../../realtime/connection'
import { prependNotification } from './api'
import { notificationKeys, type NotificationPages } from './keys'

type Listener = (notification: AppNotification) => void
const listeners = new Set<Listener>()

/** The toast host listens here: a live notification shows a toast wherever the user is. */
export function onLiveNotification(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `notification` to the signed-in user: on top of the list, unread + 1, and a toast. */
export const notificationRules: BridgeRule<AppNotification, NotificationPages>[] = [
  {
    channel: new RegExp(`^${escape(USER_CHANNEL)}$`),
    event: EVENTS.notification,
    queryKey: () => notificationKeys.list,
    // Notifications carry no version: each is new; dedupe by id.
    eventVersion: () => undefined,
    merge: prependNotification,
    notify: (notification) => {
      for (const listener of listeners) listener(notification)
    },
  },
]
