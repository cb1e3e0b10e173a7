import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { Link } from 'wouter'
import type { LotSummary } from '../../../../common/auction'
import { Button } from '../../../components/Button'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useShowableLots } from '../api'

/** Typing pauses this long before the list is asked again. */
const SEARCH_PAUSE_MS = 300

/**
 * The seller's lots that may join the show, all of them page by page ("More lots") and searched by
 * title; those already chosen are left out. It sits inside the show's form, so Enter in the search
 * box searches at once instead of sending the form.
 */
export function LotPicker({
  chosen,
  showId,
  onAdd,
}: {
  chosen: readonly string[]
  showId: string | null
  onAdd: (lot: LotSummary) => void
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const id = useId()
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    setQ(typed.trim())
  }
  const query = useShowableLots(q, showId)
  const taken = new Set(chosen)
  const lots = query.data?.pages.flatMap((page) => page.items).filter((lot) => !taken.has(lot.id))
  return (
    <section aria-labelledby={`${id}-h`} className="lot-picker">
      <h2 id={`${id}-h`}>{t('showForm.available')}</h2>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t('showForm.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p className="small">
        {showId ? (
          <>
            <Link href={`/lots/new?show=${encodeURIComponent(showId)}`} data-testid="new-show-lot">
              {t('showForm.newLotForShow')}
            </Link>{' '}
            <span className="muted">{t('showForm.newLotForShowHint')}</span>
          </>
        ) : (
          <span className="muted">{t('showForm.newLotLater')}</span>
        )}
      </p>
      {lots ? (
        <>
          {lots.length === 0 && !query.hasNextPage ? (
            <p className="muted" role="status">
              {q ? (
                t('showForm.noMatch', { q })
              ) : (
                <>
                  {t('showForm.noLots')} <Link href="/lots/new">{t('showForm.newLot')}</Link>
                </>
              )}
            </p>
          ) : (
            <ul className="show-pick-list" data-testid="available-lots">
              {lots.map((lot) => (
                <li key={lot.id} className="show-pick">
                  <span>{lot.title}</span>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={t('showForm.add', { title: lot.title })}
                    onClick={() => onAdd(lot)}
                  >
                    {t('showForm.addShort')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              pending={query.isFetchingNextPage}
              pendingLabel={t('showForm.loadingLots')}
              disabled={!online}
              disabledReason={t('showForm.lotsOffline')}
              reasonId={`${id}-more`}
              onClick={() => void query.fetchNextPage()}
            >
              {t('showForm.moreLots')}
            </Button>
          ) : null}
          {query.isFetchNextPageError ? (
            <p className="notice notice-error" role="alert">
              {errorMessage(query.error, lang)}
            </p>
          ) : null}
        </>
      ) : query.isError ? (
        <p className="notice notice-error">
          {errorMessage(query.error, lang)}{' '}
          <button type="button" className="link-btn" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : online ? (
        <Loading label={t('showForm.loadingLots')} />
      ) : (
        <p className="muted">{t('showForm.lotsOffline')}</p>
      )}
    </section>
  )
}
