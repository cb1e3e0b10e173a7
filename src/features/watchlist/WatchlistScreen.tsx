import { Link } from 'wouter'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useMe } from '../auth/api'
import { SignedInOnly } from '../auth/SignedInOnly'
import { LotPagesList } from '../lots/components/LotPagesList'
import { useWatchlist } from './api'
import { WatchButton } from './WatchButton'

/** `/watchlist`: the lots I watch, live prices through the cache the bridge patches. */
export default function WatchlistScreen() {
  const { t } = useT()
  const me = useMe()
  const currency = useRuntimeConfig().data?.currency ?? DEFAULT_CURRENCY
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
          extra={(lot) => <WatchButton lotId={lot.id} watching />}
        />
      </SignedInOnly>
    </div>
  )
}
