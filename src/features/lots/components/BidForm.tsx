import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { isMoney, MONEY_MAX, minNextBid, type LotDetail } from '../../../../common/auction'
import { ApiError, NetworkError } from '../../../api/errors'
import { newIdempotencyKey } from '../../../api/idempotency'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { errorMessage, useT } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import { usePlaceBid, type BidInputVars } from '../api'
import { parseMoney, toInputValue } from '../money'

export interface BidErrors {
  amount?: string
  maxAmount?: string
}

/**
 * The shared rules (common/auction.ts) before anything is sent: a whole amount of money, at least
 * the minimum next bid, a maximum not below the bid — and a leader may only raise their maximum.
 */
export function validateBid(
  lot: Pick<LotDetail, 'startingPrice' | 'currentPrice' | 'my'>,
  amount: number | null,
  maxAmount: number | null | undefined,
  format: (minor: number) => string,
  t: ReturnType<typeof useT>['t'],
): BidErrors {
  const errors: BidErrors = {}
  const min = minNextBid(lot)
  if (amount === null || amount <= 0) errors.amount = t('bid.invalidAmount')
  else if (amount > MONEY_MAX) errors.amount = t('bid.tooHigh', { max: format(MONEY_MAX) })
  else if (!isMoney(amount)) errors.amount = t('bid.invalidAmount')
  else if (amount < min) errors.amount = t('bid.tooLow', { min: format(min) })
  if (maxAmount === null) errors.maxAmount = t('bid.invalidAmount')
  else if (maxAmount !== undefined) {
    if (maxAmount > MONEY_MAX) errors.maxAmount = t('bid.tooHigh', { max: format(MONEY_MAX) })
    else if (!isMoney(maxAmount)) errors.maxAmount = t('bid.invalidAmount')
    else if (amount !== null && maxAmount < amount) errors.maxAmount = t('bid.maxBelowAmount')
  }
  const my = lot.my
  if (!errors.amount && !errors.maxAmount && my?.status === 'leading' && my.maxBid !== null) {
    const newMax = maxAmount ?? amount ?? 0
    if (newMax <= my.maxBid) {
      errors[maxAmount === undefined ? 'amount' : 'maxAmount'] = t('bid.maxNotRaised', {
        max: format(my.maxBid),
      })
    }
  }
  return errors
}

/** Amount + optional maximum (proxy). Enter submits; focus goes to the result or the first error. */
export function BidForm({
  lot,
  currency,
  signedIn,
  isSeller,
}: {
  lot: LotDetail
  currency: string
  signedIn: boolean
  isSeller: boolean
}) {
  const { t, lang, formatMoney } = useT()
  const online = useOnline()
  const [location] = useLocation()
  const place = usePlaceBid(lot.id)
  const [amountText, setAmountText] = useState('')
  const [maxText, setMaxText] = useState('')
  const [errors, setErrorsShown] = useState<BidErrors>({})
  // Said in a live region: focus may already be in the field, so moving it there says nothing.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null)
  const setErrors = (next: BidErrors) => {
    setErrorsShown(next)
    const text = next.amount ?? next.maxAmount
    setSaid(text ? (previous) => ({ text, n: (previous?.n ?? 0) + 1 }) : null)
  }
  const [result, setResult] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)
  const [retryVars, setRetryVars] = useState<BidInputVars | null>(null)
  const attempt = useRef<BidInputVars | null>(null)
  const amountRef = useRef<HTMLInputElement>(null)
  const maxRef = useRef<HTMLInputElement>(null)
  const resultRef = useRef<HTMLParagraphElement>(null)
  const reasonId = useId()
  const format = (minor: number) => formatMoney(minor, currency)
  const min = minNextBid(lot)

  let disabledReason: string | null = null
  if (lot.status === 'scheduled') disabledReason = t('bid.notYetOpen')
  else if (lot.status !== 'open') disabledReason = t('bid.notOpen')
  else if (isSeller) disabledReason = t('bid.ownLot')
  else if (!online) disabledReason = t('bid.offline')

  if (!signedIn && lot.status === 'open') {
    return (
      <section className="bid-form panel" aria-labelledby={`${reasonId}-h`}>
        <h2 id={`${reasonId}-h`}>{t('bid.title')}</h2>
        <Link className="btn btn-primary" href={`/sign-in?next=${encodeURIComponent(location)}`}>
          {t('bid.signIn')}
        </Link>
      </section>
    )
  }

  const send = (vars: BidInputVars) => {
    attempt.current = vars
    setResult(null)
    setRetryVars(null)
    place.mutate(vars, {
      onSuccess: (body) => {
        attempt.current = null
        setAmountText('')
        setMaxText('')
        setErrors({})
        const leading = body.lot.my?.status === 'leading'
        const price = format(body.lot.currentPrice ?? vars.amount)
        setResult({
          tone: leading ? 'ok' : 'error',
          text: leading
            ? t('bid.placed', { amount: price })
            : t('bid.placedOutbid', { amount: price }),
        })
        requestAnimationFrame(() => resultRef.current?.focus())
      },
      onError: (error) => {
        if (error instanceof NetworkError) {
          // No answer: the same attempt (same key) may be sent again, never placed twice.
          setRetryVars(vars)
          setResult({ tone: 'error', text: t('bid.networkRetry') })
          requestAnimationFrame(() => resultRef.current?.focus())
          return
        }
        attempt.current = null
        const message = errorMessage(error, lang)
        const fields = error instanceof ApiError ? error.fieldErrors : {}
        if (error instanceof ApiError && error.code === 'bid_too_low' && lot.minNextBid) {
          setErrors({ amount: message })
          amountRef.current?.focus()
        } else if ('maxAmount' in fields) {
          setErrors({ maxAmount: message })
          maxRef.current?.focus()
        } else if ('amount' in fields) {
          setErrors({ amount: message })
          amountRef.current?.focus()
        } else {
          setResult({ tone: 'error', text: message })
          requestAnimationFrame(() => resultRef.current?.focus())
        }
      },
    })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (disabledReason || place.isPending) return
    const amount = parseMoney(amountText)
    const maxAmount = maxText.trim() ? parseMoney(maxText) : undefined
    const found = validateBid(lot, amount, maxAmount, format, t)
    setErrors(found)
    if (found.amount) return amountRef.current?.focus()
    if (found.maxAmount) return maxRef.current?.focus()
    const previous = attempt.current
    const same =
      previous && previous.amount === amount && previous.maxAmount === (maxAmount ?? undefined)
    send({
      amount: amount!,
      ...(maxAmount ? { maxAmount } : {}),
      idempotencyKey: same ? previous.idempotencyKey : newIdempotencyKey(),
    })
  }

  const leading = lot.my?.status === 'leading'
  return (
    <section className="bid-form panel" aria-labelledby={`${reasonId}-h`}>
      <h2 id={`${reasonId}-h`}>{t('bid.title')}</h2>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={Boolean(disabledReason)} className="bid-fields">
          <TextField
            ref={amountRef}
            name="amount"
            label={t('bid.amount')}
            hint={lot.status === 'open' ? t('bid.amountHint', { min: format(min) }) : undefined}
            error={errors.amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder={toInputValue(min)}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
          />
          <TextField
            ref={maxRef}
            name="maxAmount"
            label={leading ? t('bid.raiseMax') : t('bid.max')}
            hint={t('bid.maxHint')}
            error={errors.maxAmount}
            inputMode="decimal"
            autoComplete="off"
            value={maxText}
            onChange={(e) => setMaxText(e.target.value)}
          />
        </fieldset>
        <Button
          type="submit"
          pending={place.isPending}
          pendingLabel={t('bid.pending')}
          disabled={Boolean(disabledReason)}
          disabledReason={disabledReason}
          reasonId={`${reasonId}-reason`}
          className="bid-submit"
        >
          {amountText && parseMoney(amountText)
            ? t('bid.submit', { amount: format(parseMoney(amountText)!) })
            : t('bid.submitPlain')}
        </Button>
      </form>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said ? <p key={said.n}>{said.text}</p> : null}
      </div>
      <div aria-live="polite">
        {result ? (
          <p
            ref={resultRef}
            tabIndex={-1}
            className={`notice ${result.tone === 'ok' ? 'notice-ok' : 'notice-error'}`}
          >
            {result.text}
          </p>
        ) : null}
      </div>
      {retryVars ? (
        <Button variant="secondary" onClick={() => send(retryVars)} pending={place.isPending}>
          {t('bid.retry')}
        </Button>
      ) : null}
    </section>
  )
}
