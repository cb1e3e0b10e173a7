import { useEffect } from 'react'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { useToast } from '../../components/Toast'
import { useT } from '../../i18n'
import { onLiveNotification } from './rules'
import { notificationTitle } from './text'

/** Shows each live notification as a toast (outbid, won, ending soon, top-ups), wherever we are. */
export function NotificationToasts() {
  const toast = useToast()
  const { t, formatMoney } = useT()
  const currency = useRuntimeConfig().data?.currency ?? DEFAULT_CURRENCY
  useEffect(
    () =>
      onLiveNotification((n) => {
        const tone =
          n.kind === 'won' || n.kind === 'top_up_succeeded'
            ? 'success'
            : n.kind === 'outbid' || n.kind === 'top_up_failed'
              ? 'error'
              : 'info'
        toast.notify({
          message: notificationTitle(n, t, formatMoney, currency),
          tone,
          duration: 8000,
        })
      }),
    [toast, t, formatMoney, currency],
  )
  return null
}
