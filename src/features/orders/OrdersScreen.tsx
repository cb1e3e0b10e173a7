import { Link, useSearch } from 'wouter'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { SignedInOnly, useMe } from '../auth'
import { useOrders } from './api/orders'
import { OrderCard } from './components/OrderCard'
import { OrderTabs, roleOf } from './components/OrderTabs'
import './orders.css'

/** `/orders?role=`: my purchases or my sales after the hammer, newest first (issue 29). */
export default function OrdersScreen() {
  const { t } = useT()
  useDocumentTitle(t('orders.title'))
  return (
    <div className="orders">
      <h1>{t('orders.title')}</h1>
      <SignedInOnly signInTitle={t('orders.signIn')}>
        <OrderList />
      </SignedInOnly>
    </div>
  )
}

function OrderList() {
  const { t } = useT()
  const role = roleOf(useSearch())
  const me = useMe()
  const online = useOnline()
  const currency = useCurrency()
  const query = useOrders(role, Boolean(me.data))
  const orders = query.data?.pages.flatMap((page) => page.items)
  let body
  if (!orders) {
    if (query.isError) body = <QueryErrorState query={query} title={t('orders.loadError')} />
    else if (!online) body = <NothingSaved />
    else body = <Loading label={t('app.loading')} />
  } else if (orders.length === 0) {
    body = (
      <EmptyState
        title={t('orders.emptyTitle')}
        action={<Link href="/">{t('common.goHome')}</Link>}
      >
        <p>{t(`orders.empty.${role}`)}</p>
      </EmptyState>
    )
  } else {
    body = (
      <>
        <SavedAge at={query.dataUpdatedAt} failed={query.isRefetchError} />
        <ul className="order-list" data-testid="order-list">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} currency={currency} />
          ))}
        </ul>
        <LoadMore
          query={query}
          online={online}
          label={t('orders.loadMore')}
          pendingLabel={t('orders.loadingMore')}
          offlineReason={t('orders.loadMoreOffline')}
          reasonId="orders-more-offline"
          reportError
        />
      </>
    )
  }
  return (
    <>
      <OrderTabs current={role} />
      {body}
    </>
  )
}
