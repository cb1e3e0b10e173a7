import { useCallback, useEffect, useId, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { LOT_FILTERS } from '../../../common/auction'
import { LOTS_CHANNEL } from '../../../common/wire'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { optionalLazy } from '../../components/optional-lazy'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { afterLoadAndIdle } from '../../lib/idle'
import { useLive } from '../../realtime/live'
import { useChannel } from '../../realtime/provider'
import { useLotList, type LotItem } from './api'
import { useMe } from '../auth'
import { CardBadges } from './components/CardBadges'
import { useMyStanding } from './use-my-standing'
import { ClearFilters, LotFilters } from './components/LotFilters'
import { LotPagesList } from './components/LotPagesList'
import { activeFilterCount, listHref, readListParams } from './list-params'

export const SEARCH_DEBOUNCE_MS = 300

// "Live now" (issue 34): its chunk and its request come once the page is idle, never on the first
// screen's critical path, and it takes no room until a show is live.
const LiveNowStrip = optionalLazy(() =>
  import('../shows').then((module) => ({ default: module.LiveNowStrip })),
)

/** The strip once the page is idle; its own state, so its arrival re-renders only itself. */
function LiveNowWhenIdle() {
  const [ready, setReady] = useState(false)
  useEffect(() => afterLoadAndIdle(() => setReady(true)), [])
  return ready ? <LiveNowStrip /> : null
}
export { prefetchList as prefetch } from './first-screen'
export { listHref, readListParams }

/** `/`: open and ending-soon lots first, filters, search, live prices from the `lots` channel. */
export default function LotListScreen() {
  const { t } = useT()
  const search = useSearch()
  const [, navigate] = useLocation()
  const params = readListParams(search)
  const { status, q, sort, category } = params
  const [text, setText] = useState(q)
  const currency = useCurrency()
  const searchId = useId()
  const live = useLive()
  useDocumentTitle('')
  useChannel(LOTS_CHANNEL)

  // Back/forward (or a link) changed the URL: show its search text.
  const [shownQ, setShownQ] = useState(q)
  if (shownQ !== q) {
    setShownQ(q)
    setText(q)
  }

  // Typing updates the URL after a pause, replacing the entry (one history step per search).
  useEffect(() => {
    const next = text.trim()
    if (next === q) return
    const timer = setTimeout(
      () => navigate(listHref({ ...readListParams(search), q: next }), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [text, q, search, navigate])

  // Every filter is in the query key: each filtered list is cached on its own (decision 0026).
  const query = useLotList(params)
  // The cards' heart and chips (issue 32): from the member's own lists, not the public list.
  const me = useMe()
  const signedIn = me.isPending ? undefined : Boolean(me.data)
  const mine = useMyStanding(signedIn === true)
  const { watched, standing } = mine
  // Stable while what the chips show is: the cards then skip the screen's other re-renders.
  const badges = useCallback(
    (lot: LotItem) => (
      <CardBadges
        lot={lot}
        signedIn={signedIn}
        watching={watched?.has(lot.id)}
        standing={standing.get(lot.id)}
      />
    ),
    [signedIn, watched, standing],
  )
  const filtered = activeFilterCount(params) > 0
  const heading = category
    ? t(`lots.headingIn.${status}` as MessageKey, {
        category: t(`lots.category.${category}` as MessageKey),
      })
    : t(`lots.heading.${status}` as MessageKey)

  return (
    <div className="lots">
      <div className="screen-head">
        <div>
          <h1>{heading}</h1>
          <p className="finder-summary">
            {t('lots.sortedBy', { sort: t(`lots.sort.${sort}` as MessageKey).toLowerCase() })}
          </p>
        </div>
        <Link href="/lots/new" className="btn btn-secondary">
          {t('lots.sellCta')}
        </Link>
      </div>
      <LiveNowWhenIdle />
      <div className="list-controls">
        <nav aria-label={t('lots.filter.label')} className="filters">
          {LOT_FILTERS.map((filter) => (
            <Link
              key={filter}
              href={listHref({ ...params, status: filter })}
              className="filter"
              aria-current={filter === status ? 'page' : undefined}
            >
              {t(`lots.filter.${filter}` as MessageKey)}
            </Link>
          ))}
        </nav>
        <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('lots.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={t('lots.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </form>
        <LotFilters params={params} />
      </div>
      <LotPagesList
        query={query}
        currency={currency}
        errorTitle={t('lots.errorTitle')}
        badges={badges}
        installPlace
        empty={
          q ? (
            <EmptyState
              title={t('lots.noResults', { q })}
              action={filtered ? <ClearFilters params={params} /> : undefined}
            >
              <p>{t('lots.noResultsBody')}</p>
            </EmptyState>
          ) : filtered ? (
            <EmptyState title={t('lots.noMatch')} action={<ClearFilters params={params} />}>
              <p>{t('lots.noMatchBody')}</p>
            </EmptyState>
          ) : (
            <EmptyState title={t(`lots.emptyFilter.${status}` as MessageKey)}>
              <p>{live ? t('lots.emptyFilterBody') : t('lots.emptyFilterBodySaved')}</p>
            </EmptyState>
          )
        }
      />
    </div>
  )
}
