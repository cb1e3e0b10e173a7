import { Link } from 'wouter'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { SignedInOnly, useMe } from '../auth'
import { LotPagesList, StatusChip, WatchButton } from '../lots'
import { useWatchlist } from './api'

/** `/watchlist`: the lots I watch, live prices through the cache the bridge patches. */
export default function WatchlistScreen() {
  const { t } = useT()
  const me = useMe()
  const currency = useCurrency()
  const query = useWatchlist(Boolean(me.data))
  useDocumentTitle(t('watchlist.title'))
  return (
    <div className="lots">
      <h1>{t('watchlist.title')}</h1>
      <SignedInOnly signInTitle={t('watchlist.signIn')}>
        <LotPagesList
          query={query}
          currency={currency}
          errorTitle={t('watchlist.errorTitle')}
          empty={
            <EmptyState
              title={t('watchlist.emptyTitle')}
              action={<Link href="/">{t('common.goHome')}</Link>}
            >
              <p>{t('watchlist.emptyBody')}</p>
            </EmptyState>
          }
          extra={(lot) => (
            <>
              <StatusChip status={lot.my?.status ?? null} watching />
              <WatchButton lotId={lot.id} watching />
            </>
          )}
        />
      </SignedInOnly>
    </div>
  )
}
