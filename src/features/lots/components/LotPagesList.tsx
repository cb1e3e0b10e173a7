import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadMore } from '../../../components/LoadMore'
import { NothingSaved } from '../../../components/NothingSaved'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { SavedAge } from '../../../components/SavedAge'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
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
  const { t } = useT()
  const online = useOnline()
  const { data, isPending } = query

  if (isPending) {
    if (!online) return <NothingSaved />
    return <Loading label={t('lots.loading')} />
  }
  if (!data) {
    return <QueryErrorState query={query} title={errorTitle} />
  }
  const items = data.pages.flatMap((p) => p.items)
  return (
    <>
      <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
      {items.length === 0 ? (
        empty
      ) : (
        <ul className="lot-grid" role="list">
          {items.map((lot, index) => (
            <li key={lot.id}>
              {/* The first card's picture is the screen's largest paint: not lazy, asked first. */}
              <LotCard lot={lot} currency={currency} extra={extra?.(lot)} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={query} online={online} pendingLabel={t('lots.loadingMore')} />
    </>
  )
}
