import { Link, useSearch } from 'wouter'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { SignedInOnly, useMe } from '../auth'
import { LotPagesList, StatusChip } from '../lots'
import { useMyBids } from './api'
import { MyBidsTabs, tabOf } from './MyBidsTabs'
import './my-bids.css'

/** `/me/bids?tab=`: lots I bid on, Active / Won / Lost, with my standing and my maximum. */
export default function MyBidsScreen() {
  const { t, formatMoney } = useT()
  const me = useMe()
  const currency = useCurrency()
  const tab = tabOf(useSearch())
  const query = useMyBids(tab, Boolean(me.data))
  useDocumentTitle(t('myBids.title'))
  return (
    <div className="lots">
      <h1>{t('myBids.title')}</h1>
      <SignedInOnly signInTitle={t('myBids.signIn')}>
        <MyBidsTabs current={tab} />
        <LotPagesList
          key={tab}
          query={query}
          currency={currency}
          errorTitle={t('myBids.errorTitle')}
          empty={
            <EmptyState
              title={t('myBids.emptyTitle')}
              action={<Link href="/">{t('common.goHome')}</Link>}
            >
              <p>{t(`myBids.empty.${tab}`)}</p>
            </EmptyState>
          }
          extra={(lot) =>
            lot.my?.status ? (
              <p className="my-status-line">
                <StatusChip status={lot.my.status} />
                {lot.my.maxBid !== null ? (
                  <span className="small">
                    {' '}
                    {t('lot.my.max', { amount: formatMoney(lot.my.maxBid, currency) })}
                  </span>
                ) : null}
              </p>
            ) : null
          }
        />
      </SignedInOnly>
    </div>
  )
}
