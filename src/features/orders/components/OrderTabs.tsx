import { Link } from 'wouter'
import { ORDER_ROLES, type OrderListRole } from '../../../../common/orders/shapes'
import { useT } from '../../../i18n'

/** The role in the address (`?role=seller`): a link, so Back restores it and it can be shared. */
export function roleOf(search: string): OrderListRole {
  return new URLSearchParams(search).get('role') === 'seller' ? 'seller' : 'buyer'
}

/** Purchases / Sales, the current one marked. */
export function OrderTabs({ current }: { current: OrderListRole }) {
  const { t } = useT()
  return (
    <nav className="my-bids-tabs" aria-label={t('orders.tabs')}>
      {ORDER_ROLES.map((role) => (
        <Link
          key={role}
          href={role === 'buyer' ? '/orders' : '/orders?role=seller'}
          className="my-bids-tab"
          aria-current={role === current ? 'page' : undefined}
          data-testid={`orders-tab-${role}`}
        >
          {t(`orders.tab.${role}`)}
        </Link>
      ))}
    </nav>
  )
}
