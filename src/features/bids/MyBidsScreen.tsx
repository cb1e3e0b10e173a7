import { Link } from 'wouter'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { useMe } from '../auth/api'
import { SignedInOnly } from '../auth/SignedInOnly'
import { LotPagesList } from '../lots/components/LotPagesList'
import { useMyBids } from './api'

/** `/me/bids`: lots I bid on, with leading / outbid / won / lost and my maximum. */
export default function MyBidsScreen() {
  const { t, formatMoney } = useT()
  const me = useMe()
  const currency = useRuntimeConfig().data?.currency ?? DEFAULT_CURRENCY
  const query = useMyBids(Boolean(me.data))
  useDocumentTitle(t('myBids.title'))
  return (
    <div className="lots">
      <h1>{t('myBids.title')}</h1>
      <SignedInOnly signInTitle={t('myBids.signIn')}>
        <LotPagesList
          query={query}
          currency={currency}
          errorTitle={t('myBids.errorTitle')}
          empty={
            <EmptyState
              title={t('myBids.emptyTitle')}
              action={<Link href="/">{t('common.goHome')}</Link>}
            >
              <p>{t('myBids.emptyBody')}</p>
            </EmptyState>
          }
          extra={(lot) =>
            lot.my?.status ? (
              <p className={`my-status my-${lot.my.status}`}>
                <strong>{t(`lot.my.${lot.my.status}` as MessageKey)}</strong>
                {lot.my.maxBid !== null ? (
                  <span className="small">
                    {' · '}
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
