import type { AppNotification } from '../../../common/auction'
import type { ToastAction } from '../../components/Toast'

type Provider = (notification: AppNotification) => ToastAction | null
const providers = new Set<Provider>()

/**
 * A screen that can act on a notification offers the toast's action while it is open: the lot
 * room turns "You were outbid" on its own lot into "Bid €160" (decision 0022). Returns the undo.
 */
export function provideToastAction(provider: Provider): () => void {
  providers.add(provider)
  return () => providers.delete(provider)
}

/** The action an open screen offers for this notification, if any. */
export function toastActionFor(notification: AppNotification): ToastAction | null {
  for (const provider of providers) {
    const action = provider(notification)
    if (action) return action
  }
  return null
}
