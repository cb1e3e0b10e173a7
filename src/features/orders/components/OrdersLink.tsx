import { Link } from 'wouter'
import { useT } from '../../../i18n'
import { useUnreadOrderMessages } from '../messages'

/** "Orders", with how many messages wait unread across my orders (patched live by the bridge). */
export function OrdersLink({ className, testId }: { className: string; testId?: string }) {
  const { t } = useT()
  const count = useUnreadOrderMessages()
  return (
    <Link href="/orders" className={className} data-testid={testId}>
      {t('orders.link')}
      {count > 0 ? (
        <span className="nav-badge orders-badge" data-testid="orders-unread">
          <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
          <span className="visually-hidden">{t('nav.unread', { count })}</span>
        </span>
      ) : null}
    </Link>
  )
}
