import './cards.css'
import { Link } from 'wouter'
import { parsePriceLimit } from '../../../../common/auction'
import type { SavedSearch } from '../../../../common/saved-searches'
import { useCurrency } from '../../../api/config'
import { Button } from '../../../components/Button'
import { InlineRetry } from '../../../components/InlineRetry'
import { Loading } from '../../../components/Spinner'
import { useT, type MessageKey } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { listHref } from '../list-params'
import { useDeleteSavedSearch, useSavedSearches } from '../saved-searches-api'

/** The filters of a saved search in a few words: "leica · Cameras · €10–€200". */
function useSummary() {
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  return (s: SavedSearch) => {
    // Limits are stored as the list's URL spells them, always valid prices.
    const euros = (v: string) => formatMoney(parsePriceLimit(v) ?? 0, currency)
    const price =
      s.minPrice && s.maxPrice
        ? `${euros(s.minPrice)}–${euros(s.maxPrice)}`
        : s.minPrice
          ? `≥ ${euros(s.minPrice)}`
          : s.maxPrice
            ? `≤ ${euros(s.maxPrice)}`
            : ''
    const parts = [
      s.q ? `“${s.q}”` : '',
      s.category ? t(`lots.category.${s.category}` as MessageKey) : '',
      price,
    ].filter(Boolean)
    return parts.length ? parts.join(' · ') : t('savedSearch.anything')
  }
}

/** Account → Saved searches (issue 32): each opens its list; delete one. */
export function SavedSearches() {
  const { t, lang } = useT()
  const online = useOnline()
  const searches = useSavedSearches()
  const remove = useDeleteSavedSearch()
  const summary = useSummary()
  const list = searches.data
  let body
  if (!list) {
    body = searches.isError ? (
      <InlineRetry message={t('savedSearch.loadError')} onRetry={() => void searches.refetch()} />
    ) : online ? (
      <Loading label={t('app.loading')} />
    ) : (
      <p className="muted">{t('offline.nothingSavedBody')}</p>
    )
  } else if (list.length === 0) {
    body = <p className="muted">{t('savedSearch.none')}</p>
  } else {
    body = (
      <>
        <ul className="saved-searches">
          {list.map((s) => (
            <li key={s.id} className="saved-search">
              <div>
                <strong>{s.name}</strong>
                <p className="muted small">{summary(s)}</p>
              </div>
              <div className="saved-search-actions">
                <Link
                  className="btn btn-secondary"
                  href={listHref({
                    q: s.q,
                    sort: s.sort,
                    category: s.category ?? undefined,
                    minPrice: s.minPrice ?? undefined,
                    maxPrice: s.maxPrice ?? undefined,
                  })}
                >
                  {t('savedSearch.open')}
                </Link>
                <Button
                  variant="ghost"
                  aria-label={t('savedSearch.deleteLabel', { name: s.name })}
                  disabled={!online || remove.isPending}
                  onClick={() => remove.mutate(s.id)}
                >
                  {t('savedSearch.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {remove.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(remove.error, lang)}
          </p>
        ) : null}
      </>
    )
  }
  return (
    <section className="account-section" aria-labelledby="saved-searches-h">
      <h2 id="saved-searches-h">{t('savedSearch.title')}</h2>
      <p className="muted small">{t('savedSearch.accountIntro')}</p>
      {body}
    </section>
  )
}
