import { useId, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import {
  formatPriceLimit,
  LOT_CATEGORIES,
  LOT_SORTS,
  MONEY_MAX,
  parsePriceLimit,
  priceRangeProblem,
  PRICE_LIMIT_MAX_EUROS,
  type LotCategory,
  type LotSort,
} from '../../../../common/auction'
import { parseMoney } from '../../../../common/money'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT, type MessageKey } from '../../../i18n'
import { activeFilterCount, listHref, type LotListParams } from '../list-params'
import { SaveSearch } from './SaveSearch'
import './filters.css'

/**
 * A price as typed ("25", " 25,50 ", "€ 1.000") → the URL's spelling ("25.5"), or null when it is
 * not one; the limits are euros, like the URL's.
 */
function typedPrice(text: string): string | undefined | null {
  if (!text.trim()) return undefined
  const cents = parseMoney(text, 'EUR')
  return cents === null || cents > MONEY_MAX ? null : formatPriceLimit(cents)
}

/**
 * Sort, category and price range of the lot list (decision 0026). Each change is a new URL (a
 * history entry), so Back restores the previous filter. On a phone the category and prices fold
 * into a panel behind "Filters"; from 900 px they sit in one row.
 */
export function LotFilters({ params }: { params: LotListParams }) {
  const { t } = useT()
  const [, navigate] = useLocation()
  const id = useId()
  const active = activeFilterCount(params)
  const [open, setOpen] = useState(false)
  const [min, setMin] = useState(params.minPrice ?? '')
  const [max, setMax] = useState(params.maxPrice ?? '')
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({})

  // Back/forward or a link changed the limits: show them.
  const [shown, setShown] = useState([params.minPrice, params.maxPrice])
  if (shown[0] !== params.minPrice || shown[1] !== params.maxPrice) {
    setShown([params.minPrice, params.maxPrice])
    setMin(params.minPrice ?? '')
    setMax(params.maxPrice ?? '')
    setErrors({})
  }

  const go = (next: Partial<LotListParams>) => navigate(listHref({ ...params, ...next }))

  function apply(event: FormEvent) {
    event.preventDefault()
    const minPrice = typedPrice(min)
    const maxPrice = typedPrice(max)
    const bad = t('lots.filters.badPrice', { max: PRICE_LIMIT_MAX_EUROS })
    const next: typeof errors = {}
    if (minPrice === null) next.min = bad
    if (maxPrice === null) next.max = bad
    if (
      !next.min &&
      !next.max &&
      priceRangeProblem(
        minPrice ? parsePriceLimit(minPrice) : undefined,
        maxPrice ? parsePriceLimit(maxPrice) : undefined,
      )
    ) {
      next.max = t('lots.filters.backwards')
    }
    setErrors(next)
    if (next.min || next.max) return
    go({ minPrice: minPrice ?? undefined, maxPrice: maxPrice ?? undefined })
  }

  const panelId = `${id}-panel`
  return (
    <div className="finder">
      <div className="finder-row">
        <div className="finder-field finder-sort">
          <label htmlFor={`${id}-sort`}>{t('lots.sort.label')}</label>
          <select
            id={`${id}-sort`}
            value={params.sort}
            onChange={(e) => go({ sort: e.target.value as LotSort })}
          >
            {LOT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`lots.sort.${sort}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-secondary finder-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('lots.filters.toggle')}
          {active > 0 ? (
            // The badge shows the number; the words are read, not shown, so the row fits a phone.
            <>
              <span className="finder-count" aria-hidden="true">
                {active}
              </span>
              <span className="visually-hidden">{t('lots.filters.active', { count: active })}</span>
            </>
          ) : null}
        </button>
      </div>
      <form
        id={panelId}
        className="finder-panel"
        data-open={open || undefined}
        aria-label={t('lots.filters.legend')}
        onSubmit={apply}
        noValidate
      >
        <div className="finder-field">
          <label htmlFor={`${id}-category`}>{t('lots.filters.category')}</label>
          <select
            id={`${id}-category`}
            value={params.category ?? ''}
            onChange={(e) => go({ category: (e.target.value || undefined) as LotCategory })}
          >
            <option value="">{t('lots.filters.anyCategory')}</option>
            {LOT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`lots.category.${category}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          name="minPrice"
          className="finder-price"
          label={t('lots.filters.minPrice')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={min}
          error={errors.min ?? null}
          onChange={(e) => setMin(e.target.value)}
        />
        <TextField
          name="maxPrice"
          className="finder-price"
          label={t('lots.filters.maxPrice')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={max}
          error={errors.max ?? null}
          onChange={(e) => setMax(e.target.value)}
        />
        <div className="finder-actions">
          <Button type="submit" variant="secondary">
            {t('lots.filters.apply')}
          </Button>
          {active > 0 ? <ClearFilters params={params} /> : null}
          <SaveSearch params={params} />
        </div>
      </form>
    </div>
  )
}

/** Back to the list with only its status and search: the way out of an empty filter. */
export function ClearFilters({ params }: { params: LotListParams }) {
  const { t } = useT()
  return (
    <Link
      href={listHref({ status: params.status, q: params.q })}
      className="btn btn-ghost finder-clear"
    >
      {t('lots.filters.clear')}
    </Link>
  )
}
