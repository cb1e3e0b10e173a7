import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { Button } from '../../../components/Button'
import { ErrorState } from '../../../components/ErrorState'
import { NothingSaved } from '../../../components/NothingSaved'
import { SavedAge } from '../../../components/SavedAge'
import { Loading } from '../../../components/Spinner'
import { errorMessage, useT } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import type { LotItem, Page } from '../api'
import { LotCard } from './LotCard'

/**
 * A cursor-paginated list of lots with every state: loading, error with retry, empty, offline
 * (saved data with its age, or "nothing saved yet"), and "Load more".
 */
export function LotPagesList({
  query,
  currency,
  errorTitle,
  empty,
  extra,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<LotItem>, unknown>>
  currency: string
  errorTitle: string
  empty: ReactNode
  extra?: (lot: LotItem) => ReactNode
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const reasonId = useId()
  const { data, error, isPending, isFetchingNextPage, hasNextPage } = query

  if (isPending) {
    if (!online) return <NothingSaved />
    return <Loading label={t('lots.loading')} />
  }
  if (!data) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(error, lang)}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        retrying={query.isFetching}
      />
    )
  }
  const items = data.pages.flatMap((p) => p.items)
  return (
    <>
      <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
      {items.length === 0 ? (
        empty
      ) : (
        <ul className="lot-grid" role="list">
          {items.map((lot) => (
            <li key={lot.id}>
              <LotCard lot={lot} currency={currency} extra={extra?.(lot)} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <div className="load-more">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            pending={isFetchingNextPage}
            pendingLabel={t('lots.loadingMore')}
            disabled={!online}
            disabledReason={t('lots.loadMoreOffline')}
            reasonId={reasonId}
          >
            {t('lots.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  )
}
