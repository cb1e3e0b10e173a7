import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { Fragment, memo, type ReactNode } from 'react'
import { HydrateApart } from '../../../components/HydrateApart'
import { setInstallPlace } from '../../../components/install-interest'
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
 * The install offer goes after this many cards: two rows of two on a phone, just below the first
 * screen, so it never moves a card someone is looking at when it arrives (issue 32).
 */
const INSTALL_AFTER = 4

/** Empty (and hidden) until the offer (src/app/InstallPrompt.tsx) is shown in it. */
function InstallPlace() {
  return <li className="install-place" ref={setInstallPlace} />
}

/**
 * One card, re-rendered only when its lot or what the screen puts on it changes: a screen's
 * re-render for something else (a filter's state, a flag) leaves the cards as they are. The
 * screen keeps `extra` and `badges` stable (useCallback) for that.
 */
const CardItem = memo(function CardItem({
  lot,
  currency,
  extra,
  badges,
  priority,
}: {
  lot: LotItem
  currency: string
  extra?: ((lot: LotItem) => ReactNode) | undefined
  badges?: ((lot: LotItem) => ReactNode) | undefined
  priority: boolean
}) {
  return (
    <LotCard
      lot={lot}
      currency={currency}
      extra={extra?.(lot)}
      badges={badges?.(lot)}
      priority={priority}
    />
  )
})

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
  badges,
  installPlace = false,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<LotItem>, unknown>>
  currency: string
  errorTitle: string
  empty: ReactNode
  extra?: (lot: LotItem) => ReactNode
  badges?: (lot: LotItem) => ReactNode
  /** Keep the install offer's place after the first screen of cards (issue 32). */
  installPlace?: boolean
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
            <Fragment key={lot.id}>
              {installPlace && index === INSTALL_AFTER ? <InstallPlace /> : null}
              <li>
                {/* Each card hydrates in a short task of its own (decision 0062). */}
                <HydrateApart>
                  {/* The first card's picture is the screen's largest paint: not lazy, asked first. */}
                  <CardItem
                    lot={lot}
                    currency={currency}
                    extra={extra}
                    badges={badges}
                    priority={index === 0}
                  />
                </HydrateApart>
              </li>
            </Fragment>
          ))}
          {installPlace && items.length <= INSTALL_AFTER ? <InstallPlace /> : null}
        </ul>
      )}
      <LoadMore query={query} online={online} pendingLabel={t('lots.loadingMore')} />
    </>
  )
}
