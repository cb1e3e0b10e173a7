import type { AppNotification } from '../../../common/auction'
import type { MessageKey, Translate } from '../../i18n'

const KINDS = [
  'outbid',
  'won',
  'lot_sold',
  'lot_unsold',
  'ending_soon',
  'lot_cancelled',
  'top_up_succeeded',
  'top_up_failed',
] as const

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' ? v : null)

/** The one-line text of a notification (list and toast), translated. */
export function notificationTitle(
  n: AppNotification,
  t: Translate,
  money: (minor: number, currency: string) => string,
  currency: string,
): string {
  const kind = (KINDS as readonly string[]).includes(n.kind) ? n.kind : 'other'
  const amount = num(n.data.amount)
  return t(`notifications.kind.${kind}` as MessageKey, {
    title: str(n.data.title) || '—',
    amount: amount === null ? '' : money(amount, str(n.data.currency) || currency),
  })
}

/** A second line with the numbers, where the kind has them. */
export function notificationDetail(
  n: AppNotification,
  t: Translate,
  money: (minor: number, currency: string) => string,
  currency: string,
): string | null {
  const price = num(n.data.price)
  const min = num(n.data.minNextBid)
  if (n.kind === 'outbid' && price !== null && min !== null)
    return t('notifications.detail.outbid', {
      price: money(price, currency),
      min: money(min, currency),
    })
  if (n.kind === 'won' && price !== null)
    return t('notifications.detail.won', { price: money(price, currency) })
  return null
}
