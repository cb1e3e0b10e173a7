import { useId, useState } from 'react'
import { Link } from 'wouter'
import type { Order } from '../../../common/orders/shapes'
import { ORDER_STATES, type OrderState } from '../../../common/orders/states'
import { useCurrency } from '../../api/config'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useAdminOrders } from './api'
import { FeeTotals } from './FeeTotals'
import { ResolveForm } from './ResolveForm'

type Filter = OrderState | 'all'
/** The problem queue first: what needs an admin; then every order, then each state. */
const FILTERS: readonly Filter[] = [
  'problem',
  'all',
  ...ORDER_STATES.filter((state) => state !== 'problem'),
]

/** Orders (issue 29): the house's fee totals, the orders by state, and problems to resolve. */
export function OrdersPanel() {
  const { t } = useT()
  const online = useOnline()
  const [filter, setFilter] = useState<Filter>('problem')
  const [done, setDone] = useState<string | null>(null)
  const query = useAdminOrders(filter)
  const selectId = useId()
  const items = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <>
      <FeeTotals />
      <div className="admin-search">
        <div className="field">
          <label htmlFor={selectId}>{t('admin.orders.filter')}</label>
          <select
            id={selectId}
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === 'problem' ? t('admin.orders.queue') : t(`admin.orders.filter.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite">{done ? <p className="admin-done">{done}</p> : null}</div>
      {query.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !query.data ? (
        <QueryErrorState query={query} title={t('admin.errorTitle')} />
      ) : items.length === 0 ? (
        <EmptyState
          title={t(filter === 'problem' ? 'admin.orders.queueEmpty' : 'admin.orders.emptyTitle')}
        >
          <p>
            {t(filter === 'problem' ? 'admin.orders.queueEmptyBody' : 'admin.orders.emptyBody')}
          </p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list">
          {items.map((order) => (
            <OrderRow key={order.id} order={order} onResolved={setDone} />
          ))}
        </ul>
      )}
      <LoadMore
        query={query}
        online={online}
        label={t('admin.loadMore')}
        pendingLabel={t('admin.loadingMore')}
        offlineReason={t('admin.offline')}
      />
    </>
  )
}

function OrderRow({ order, onResolved }: { order: Order; onResolved: (done: string) => void }) {
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  const [open, setOpen] = useState(false)
  const money = (minor: number) => formatMoney(minor, currency)
  const { amounts } = order
  const problem = order.state === 'problem'
  return (
    <li className={problem ? 'admin-item admin-item-problem' : 'admin-item'}>
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">
            <Link href={`/orders/${order.id}`}>{order.lot.title}</Link>
          </p>
          <p className="small">
            <span className={`admin-order-state admin-order-state-${order.state}`}>
              {t(`admin.orders.filter.${order.state}`)}
            </span>{' '}
            {t('admin.orders.parties', { buyer: order.buyer.name, seller: order.seller.name })}
          </p>
          <p className="small muted">
            {t('admin.orders.amounts', {
              paid: money(amounts.buyerTotal),
              hammer: money(amounts.hammer),
              premium: money(amounts.premium),
              shipping: money(amounts.shipping),
              fee: money(amounts.sellerFee),
            })}
          </p>
          {order.refundedAmount !== null ? (
            <p className="small">
              {t('admin.orders.refundedLine', { amount: money(order.refundedAmount) })}
            </p>
          ) : null}
        </div>
        {problem ? (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('admin.orders.resolve')}
          </Button>
        ) : null}
      </div>
      {problem && open ? (
        <ResolveForm order={order} currency={currency} onResolved={onResolved} />
      ) : null}
    </li>
  )
}
