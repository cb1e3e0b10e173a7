import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { useCurrency } from '../../api/config'
import { useToast, type ToastAction } from '../../components/Toast'
import { useT } from '../../i18n'
import { onLiveNotification } from './rules'
import { isOrderNotice, notificationPath, notificationTitle } from './text'
import { toastActionFor } from './toast-actions'

/**
 * Shows each live notification as a toast (outbid, won, ending soon, top-ups), wherever we are.
 * Its action: what the open screen offers (the lot room's "Bid €160"), else a way to the lot it
 * is about when that is not the lot on screen (decision 0022).
 */
export function NotificationToasts() {
  const toast = useToast()
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  const [location, navigate] = useLocation()
  useEffect(
    () =>
      onLiveNotification((n) => {
        // Written already read: the member turned this group off in-app (docs/product.md).
        if (n.readAt) return
        const path = notificationPath(n)
        const label = isOrderNotice(n) ? t('notifications.openOrder') : t('toast.openLot')
        const action: ToastAction | undefined =
          toastActionFor(n) ??
          (path && location !== path ? { label, onSelect: () => navigate(path) } : undefined)
        const tone =
          n.kind === 'won' || n.kind === 'top_up_succeeded'
            ? 'success'
            : n.kind === 'outbid' ||
                n.kind === 'top_up_failed' ||
                n.kind === 'top_up_refunded' ||
                n.kind === 'payout_failed' ||
                n.kind === 'withdrawal_failed'
              ? 'error'
              : 'info'
        toast.notify({
          message: notificationTitle(n, t, formatMoney, currency),
          tone,
          duration: 8000,
          action,
        })
      }),
    [toast, t, formatMoney, currency, location, navigate],
  )
  return null
}
