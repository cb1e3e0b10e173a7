import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { minNextBid, type LotDetail } from '../../../../common/auction'
import { parseMoney } from '../../../../common/money'
import { useCurrency } from '../../../api/config'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import { validateBid, type BidErrors } from '../validate-bid'
import type { BidFundsView } from '../useBidFunds'
import type { BidFailure, Bidding } from '../useBidding'
import { FundsLine } from './FundsLine'
import { YouPayLine } from './YouPayLine'

/**
 * Amount + optional maximum (proxy). Enter submits; a maximum or a large amount goes through the
 * review first (useBidding). Any typing clears the last result and errors: no stale words.
 */
export function BidForm({
  lot,
  format,
  bidding,
  funds,
  disabledReason,
  onSent,
  onFieldError,
}: {
  lot: LotDetail
  format: (minor: number) => string
  bidding: Bidding
  funds: BidFundsView
  disabledReason: string | null
  /** The bid was placed, or refused as a whole (the phone closes its sheet to show the result). */
  onSent?: () => void
  /** A server refusal landed on a field (the phone reopens its sheet to show it). */
  onFieldError?: () => void
}) {
  const { t } = useT()
  const currency = useCurrency()
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
  const amountRef = useRef<HTMLInputElement>(null)
  const maxRef = useRef<HTMLInputElement>(null)
  // A refused field takes focus in a passive effect: after the review dialog has closed (or the
  // phone's sheet opened) in the same commit, so the dialog handing focus back cannot undo it.
  const [focusTo, setFocusTo] = useState<{ field: keyof BidErrors; n: number } | null>(null)
  useEffect(() => {
    if (focusTo) (focusTo.field === 'amount' ? amountRef : maxRef).current?.focus()
  }, [focusTo])
  const reasonId = useId()
  const min = minNextBid(lot)
  // Empty: the minimum, when a maximum is given (docs/product.md) — no placeholder pretends a value.
  const amount = amountText.trim() ? parseMoney(amountText, currency) : undefined
  const maxAmount = maxText.trim() ? parseMoney(maxText, currency) : undefined
  const commit = Math.max(amount ?? min, maxAmount ?? 0)
  const wallet = funds.fundsFor(commit)
  const reason = disabledReason ?? (wallet?.short ? t('bid.fundsShort') : null)

  const edit = (set: (text: string) => void) => (text: string) => {
    set(text)
    setErrors({})
    bidding.clearResult()
  }
  const onFailure = (failure: BidFailure) => {
    setErrors({ [failure.field]: failure.text })
    onFieldError?.()
    setFocusTo((previous) => ({ field: failure.field, n: (previous?.n ?? 0) + 1 }))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (reason || bidding.pending) return
    const found = validateBid(lot, amount, maxAmount, format, t)
    setErrors(found)
    if (found.amount) return amountRef.current?.focus()
    if (found.maxAmount) return maxRef.current?.focus()
    const onSuccess = () => {
      setAmountText('')
      setMaxText('')
      setErrors({})
      onSent?.()
    }
    bidding.request(bidding.varsFor(amount ?? undefined, maxAmount ?? undefined), {
      onSuccess,
      onFailure,
      // Refused as a whole (or unanswered): said in the room, where the phone's bar shows it.
      onResult: onSent,
    })
  }

  const leading = lot.my?.status === 'leading'
  const newMax = maxAmount ?? amount
  const submitLabel =
    leading && newMax
      ? t('bidMax.raise', { max: format(newMax) })
      : amount
        ? t('bid.submit', { amount: format(amount) })
        : maxAmount
          ? t('bidMax.submitMin', { amount: format(min), max: format(maxAmount) })
          : t('bid.submitPlain')
  return (
    <form onSubmit={onSubmit} noValidate className="bid-form-fields">
      <fieldset disabled={Boolean(disabledReason)} className="bid-fields">
        <TextField
          ref={amountRef}
          data-autofocus
          name="amount"
          label={t('bid.amount')}
          hint={lot.status === 'open' ? t('bidMax.amountHint', { min: format(min) }) : undefined}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(e) => edit(setAmountText)(e.target.value)}
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
          onChange={(e) => edit(setMaxText)(e.target.value)}
        />
      </fieldset>
      <YouPayLine amount={commit} funds={funds} format={format} />
      {wallet && !disabledReason ? (
        <FundsLine funds={wallet} format={format} canTopUp={funds.canTopUp} />
      ) : null}
      <Button
        type="submit"
        pending={bidding.pending}
        pendingLabel={t('bid.pending')}
        disabled={Boolean(reason)}
        disabledReason={reason}
        reasonId={`${reasonId}-reason`}
        className="bid-submit"
      >
        {submitLabel}
      </Button>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said ? <p key={said.n}>{said.text}</p> : null}
      </div>
    </form>
  )
}
