import { Link, useLocation } from 'wouter'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useMe } from '../auth/api'
import { LotPagesList } from '../lots/components/LotPagesList'
import { useWatchlist } from './api'
import { WatchButton } from './WatchButton'

/** `/watchlist`: the lots I watch, live prices through the cache the bridge patches. */
export default function WatchlistScreen() {
  const { t } = useT()
  const me = useMe()
  const [location] = useLocation()
  const currency = useRuntimeConfig().data?.currency ?? DEFAULT_CURRENCY
  const query = useWatchlist(Boolean(me.data))
  useDocumentTitle(t('watchlist.title'))
  return (
    <div className="lots">
      <h1>{t('watchlist.title')}</h1>
      {me.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !me.data ? (
        <EmptyState
          title={t('watchlist.signIn')}
          action={
            <Link
              className="btn btn-primary"
              href={`/sign-in?next=${encodeURIComponent(location)}`}
            >
              {t('common.signIn')}
            </Link>
          }
        />
      ) : (
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
      )}
    </div>
  )
}
