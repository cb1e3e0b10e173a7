import { Link, useParams } from 'wouter'
import { isUuid } from '../../../common/wire'
import { useCurrency } from '../../api/config'
import { isApiError } from '../../api/errors'
import { EmptyState } from '../../components/EmptyState'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { SignedInOnly, useMe } from '../auth'
import { useOrderMove } from './api/moves'
import { useOrder } from './api/orders'
import { AmountsSection, DeliverySection, Timeline } from './components/OrderDetails'
import { OrderStateChip } from './components/OrderStateChip'
import { NextStep } from './components/NextStep'
import { OrderExtras } from './components/OrderExtras'
import type { Mover } from './components/mover'
import './orders.css'

/**
 * `/orders/:id`: one order as its buyer, its seller or an admin sees it — where it stands and the
 * one next action, where it goes, what it cost, its timeline and its messages (issue 29).
 */
export default function OrderScreen() {
  const { t } = useT()
  useDocumentTitle(t('order.title'))
  return (
    <div className="order-screen">
      <p className="back">
        <Link href="/orders">← {t('order.back')}</Link>
      </p>
      <SignedInOnly signInTitle={t('orders.signIn')}>
        <OrderBody />
      </SignedInOnly>
    </div>
  )
}

function OrderBody() {
  const { t, formatMoney } = useT()
  const { id = '' } = useParams<{ id: string }>()
  const me = useMe()
  const online = useOnline()
  const currency = useCurrency()
  const query = useOrder(id, Boolean(me.data))
  const move = useOrderMove(id)
  const order = query.data
  useDocumentTitle(order ? `${t('order.title')} · ${order.lot.title}` : t('order.title'))
  if (!order) {
    if ((isApiError(query.error) && query.error.status === 404) || !isUuid(id)) {
      return (
        <EmptyState
          title={t('order.notFound')}
          action={<Link href="/orders">{t('order.back')}</Link>}
        >
          <p>{t('order.notFoundBody')}</p>
        </EmptyState>
      )
    }
    if (query.isError) return <QueryErrorState query={query} title={t('order.loadError')} />
    if (!online) return <NothingSaved />
    return <Loading label={t('order.loading')} />
  }
  const money = (minor: number) => formatMoney(minor, currency)
  const mover: Mover = { move: (action) => move.mutate(action), pending: move.isPending, online }
  return (
    <article className="order" aria-labelledby="order-h" data-testid="order">
      <header className="order-header">
        <h1 id="order-h">{order.lot.title}</h1>
        <p>
          <OrderStateChip state={order.state} />{' '}
          <Link href={`/lots/${order.lot.id}`} className="small">
            {t('order.viewLot')}
          </Link>
        </p>
        <p className="muted small">
          {t('order.seller')}: {order.seller.name} · {t('order.buyer')}: {order.buyer.name}
        </p>
        <SavedAge at={query.dataUpdatedAt} failed={query.isRefetchError} />
      </header>
      <NextStep order={order} mover={mover} error={move.error} money={money} />
      <OrderExtras order={order} />
      <DeliverySection order={order} />
      <AmountsSection order={order} money={money} />
      <Timeline order={order} />
    </article>
  )
}
