import { Link, useSearch } from 'wouter'
import { SHOW_LIST_KINDS, type ShowListKind } from '../../../common/shows'
import { SHOWS_CHANNEL } from '../../../common/wire'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { NothingSaved } from '../../components/NothingSaved'
import { SavedAge } from '../../components/SavedAge'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth'
import { useShowPages } from './api'
import { ShowCard } from './components/ShowCard'
import { useMoney } from './use-money'
import './shows.css'

const kindOf = (search: string): ShowListKind => {
  const kind = new URLSearchParams(search).get('kind')
  return SHOW_LIST_KINDS.find((k) => k === kind) ?? 'live'
}

/** `/shows`: live now, upcoming and past shows, one tab each (`?kind=`). */
export default function ShowsScreen() {
  const { t } = useT()
  const kind = kindOf(useSearch())
  const me = useMe().data ?? null
  const online = useOnline()
  const format = useMoney()
  const query = useShowPages(kind)
  useChannel(SHOWS_CHANNEL)
  useDocumentTitle(t('shows.title'))
  const items = query.data?.pages.flatMap((page) => page.items)
  return (
    <div className="shows">
      <div className="screen-head">
        <h1>{t('shows.title')}</h1>
        {me ? (
          <Link href="/shows/new" className="btn btn-secondary">
            {t('shows.create')}
          </Link>
        ) : null}
      </div>
      <nav aria-label={t('shows.kindLabel')} className="filters">
        {SHOW_LIST_KINDS.map((k) => (
          <Link
            key={k}
            href={`/shows?kind=${k}`}
            className="filter"
            aria-current={k === kind ? 'page' : undefined}
          >
            {t(`shows.kind.${k}` as MessageKey)}
          </Link>
        ))}
      </nav>
      {items ? (
        items.length === 0 ? (
          <EmptyState title={t(`shows.empty.${kind}` as MessageKey)}>
            <p>{t('shows.emptyBody')}</p>
          </EmptyState>
        ) : (
          <>
            {/* Offline or after a failed refresh: how old the saved list is (it is not live). */}
            <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
            <ul className="show-grid" role="list" data-testid="show-list">
              {items.map((show) => (
                <li key={show.id}>
                  <ShowCard show={show} format={format} />
                </li>
              ))}
            </ul>
            <LoadMore
              query={query}
              online={online}
              label={t('shows.more')}
              pendingLabel={t('shows.loadingList')}
              offlineReason={t('shows.moreOffline')}
              reportError
            />
          </>
        )
      ) : query.isError ? (
        <QueryErrorState
          query={query}
          title={t('shows.listError')}
          message={online ? undefined : t('errors.offline')}
          retry={online}
        />
      ) : online ? (
        <Loading label={t('shows.loadingList')} />
      ) : (
        <NothingSaved />
      )}
    </div>
  )
}
