import { Link } from 'wouter'
import type { Order } from '../../../../common/orders/shapes'
import { useT } from '../../../i18n'
import { isMyMove, nextStepKey, otherSide } from './next-step'
import { OrderStateChip } from './OrderStateChip'

/** One order in a list: the lot, the other side, the state, the amount, and whether I must act. */
export function OrderCard({ order, currency }: { order: Order; currency: string }) {
  const { t, formatMoney } = useT()
  const money = (minor: number) => formatMoney(minor, currency)
  const selling = order.viewer === 'seller'
  return (
    <li className="order-card" data-testid="order-card">
      <Link
        href={`/orders/${order.id}`}
        className="order-card-link"
        aria-label={t('orders.open', { title: order.lot.title })}
      >
        <span className="order-card-title">{order.lot.title}</span>
      </Link>
      <p className="order-card-meta">
        <OrderStateChip state={order.state} />{' '}
        {order.unreadMessages > 0 ? (
          <span className="order-unread" data-testid="order-unread">
            {t('orders.unreadMessages', { count: order.unreadMessages })}
          </span>
        ) : null}{' '}
        {isMyMove(order) ? (
          <strong className="order-your-move" data-testid="your-move">
            {t('orders.yourMove')}
          </strong>
        ) : null}
      </p>
      <p className="muted small">
        {t(selling ? 'orders.withBuyer' : 'orders.withSeller', { name: otherSide(order) })} ·{' '}
        {selling
          ? t('orders.proceeds', { amount: money(order.amounts.sellerProceeds) })
          : t('orders.total', { amount: money(order.amounts.buyerTotal) })}
      </p>
      <p className="small">{t(nextStepKey(order), { name: otherSide(order) })}</p>
    </li>
  )
}
