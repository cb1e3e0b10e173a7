import { useEffect, useId, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { LOT_FILTERS, type LotFilter } from '../../../common/auction'
import { LOTS_CHANNEL } from '../../../common/wire'
import { useCurrency } from '../../api/config'
import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT, type MessageKey } from '../../i18n'
import { useLive } from '../../realtime/live'
import { useChannel } from '../../realtime/provider'
import { useLotList } from './api'
import { LotPagesList } from './components/LotPagesList'

export const SEARCH_DEBOUNCE_MS = 300

function isFilter(value: string | null): value is LotFilter {
  return value !== null && (LOT_FILTERS as readonly string[]).includes(value)
}

/** `?status=&q=` ↔ the list's parameters; `open` is the default and stays out of the URL. */
export function readListParams(search: string): { status: LotFilter; q: string } {
  const params = new URLSearchParams(search)
  const status = params.get('status')
  return { status: isFilter(status) ? status : 'open', q: (params.get('q') ?? '').trim() }
}

export function listHref(status: LotFilter, q: string): string {
  const params = new URLSearchParams()
  if (status !== 'open') params.set('status', status)
  if (q) params.set('q', q)
  const query = params.toString()
  return query ? `/?${query}` : '/'
}

/** `/`: open and ending-soon lots first, filters, search, live prices from the `lots` channel. */
export default function LotListScreen() {
  const { t } = useT()
  const search = useSearch()
  const [, navigate] = useLocation()
  const { status, q } = readListParams(search)
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
      () => navigate(listHref(status, next), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    )
    return () => clearTimeout(timer)
  }, [text, q, status, navigate])

  const query = useLotList({ status, q })

  return (
    <div className="lots">
      <div className="screen-head">
        <h1>{t('lots.title')}</h1>
        <Link href="/lots/new" className="btn btn-secondary">
          {t('lots.sellCta')}
        </Link>
      </div>
      <div className="list-controls">
        <nav aria-label={t('lots.filter.label')} className="filters">
          {LOT_FILTERS.map((filter) => (
            <Link
              key={filter}
              href={listHref(filter, q)}
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
      </div>
      <LotPagesList
        query={query}
        currency={currency}
        errorTitle={t('lots.errorTitle')}
        empty={
          q ? (
            <EmptyState title={t('lots.noResults', { q })}>
              <p>{t('lots.noResultsBody')}</p>
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
