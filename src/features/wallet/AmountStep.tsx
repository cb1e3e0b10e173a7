import { useId, useRef, useState, type FormEvent } from 'react'
import { minorDigits, parseMoney } from '../../../common/money'
import { BALANCE_CAP, TOP_UP_MAX, TOP_UP_MIN, type TopUpResponse } from '../../../common/wallet'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useCreateTopUp } from './api'
import { attemptFor } from './top-up-session'

/** Preset amounts in major units (10, 25, 50, 100 of the currency). */
export const PRESETS = [10, 25, 50, 100]
const CUSTOM = 'custom'

export type AmountProblem =
  | { key: 'topUp.amount.required' | 'topUp.amount.invalid' }
  | { key: 'topUp.amount.tooLow' | 'topUp.amount.tooHigh'; limit: number }
  | { key: 'topUp.amount.overCap'; room: number }
  | { key: 'topUp.amount.capReached' }

/** The shared limits (common/wallet.ts), checked here so most mistakes never reach the server. */
export function checkAmount(
  amount: number | null,
  balance: number | undefined,
): AmountProblem | null {
  if (amount === null) return { key: 'topUp.amount.invalid' }
  if (amount < TOP_UP_MIN) return { key: 'topUp.amount.tooLow', limit: TOP_UP_MIN }
  if (amount > TOP_UP_MAX) return { key: 'topUp.amount.tooHigh', limit: TOP_UP_MAX }
  if (balance !== undefined && balance + amount > BALANCE_CAP) {
    const room = BALANCE_CAP - balance
    return room < TOP_UP_MIN
      ? { key: 'topUp.amount.capReached' }
      : { key: 'topUp.amount.overCap', room }
  }
  return null
}

export function AmountStep({
  currency,
  balance,
  online,
  blocked = false,
  onCreated,
}: {
  currency: string
  /** Current balance, for the cap; undefined while unknown (the server checks it anyway). */
  balance: number | undefined
  online: boolean
  /** Continuing is not possible right now (Stripe.js failed to load; its error says why). */
  blocked?: boolean
  onCreated: (response: TopUpResponse) => void
}) {
  const { t, lang, formatMoney } = useT()
  const create = useCreateTopUp()
  const [choice, setChoice] = useState<string>('25')
  const [custom, setCustom] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const sending = useRef(false)
  const customInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const unit = 10 ** minorDigits(currency)
  const money = (minor: number) => formatMoney(minor, currency)

  const describe = (p: AmountProblem): string => {
    switch (p.key) {
      case 'topUp.amount.tooLow':
      case 'topUp.amount.tooHigh':
        return t(p.key, { min: money(p.limit), max: money(p.limit) })
      case 'topUp.amount.overCap':
        return t(p.key, { cap: money(BALANCE_CAP), room: money(p.room) })
      case 'topUp.amount.capReached':
        return t(p.key, { cap: money(BALANCE_CAP) })
      default:
        return t(p.key)
    }
  }

  const amount = choice === CUSTOM ? parseMoney(custom, currency) : Number(choice) * unit

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // A second click while the first is on its way does nothing (and would reuse the key anyway).
    if (sending.current || !online || blocked) return
    if (choice === CUSTOM && !custom.trim()) {
      setProblem(t('topUp.amount.required'))
      customInput.current?.focus()
      return
    }
    const found = checkAmount(amount, balance)
    if (found || amount === null) {
      setProblem(found ? describe(found) : t('topUp.amount.invalid'))
      if (choice === CUSTOM) customInput.current?.focus()
      return
    }
    setProblem(null)
    setFormError(null)
    sending.current = true
    try {
      const attempt = attemptFor(amount)
      const response = await create.mutateAsync({ amount, key: attempt.key })
      onCreated(response)
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.amount) {
        setProblem(
          error.code === 'balance_cap_exceeded'
            ? errorMessage(error, lang)
            : error.fieldErrors.amount,
        )
      } else {
        setFormError(errorMessage(error, lang))
      }
    } finally {
      sending.current = false
    }
  }

  const problemId = `${id}-problem`
  const offlineReasonId = `${id}-offline`
  const disabled = !online || blocked

  return (
    <form className="form top-up-amount" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="choice amount-choice" aria-describedby={problem ? problemId : undefined}>
        <legend>{t('topUp.amount.legend')}</legend>
        <div className="amount-options">
          {PRESETS.map((major) => (
            <label key={major} className="amount-option">
              <input
                type="radio"
                name="amount"
                value={String(major)}
                checked={choice === String(major)}
                onChange={() => {
                  setChoice(String(major))
                  setProblem(null)
                }}
              />
              <span>{money(major * unit)}</span>
            </label>
          ))}
          <label className="amount-option amount-option-custom">
            <input
              type="radio"
              name="amount"
              value={CUSTOM}
              checked={choice === CUSTOM}
              onChange={() => {
                setChoice(CUSTOM)
                setProblem(null)
                queueMicrotask(() => customInput.current?.focus())
              }}
            />
            <span>{t('topUp.amount.custom')}</span>
          </label>
        </div>
        {choice === CUSTOM ? (
          <div className={problem ? 'field field-invalid' : 'field'}>
            <label htmlFor={`${id}-custom`}>{t('topUp.amount.custom')}</label>
            <input
              ref={customInput}
              id={`${id}-custom`}
              name="customAmount"
              inputMode="decimal"
              autoComplete="off"
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value)
                setProblem(null)
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={[problem ? problemId : '', `${id}-hint`].filter(Boolean).join(' ')}
            />
            <p className="field-hint" id={`${id}-hint`}>
              {t('topUp.amount.customHint', { min: money(TOP_UP_MIN), max: money(TOP_UP_MAX) })}
            </p>
          </div>
        ) : null}
        {problem ? (
          <p className="field-error" id={problemId} role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
      {formError ? (
        <p className="notice notice-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          pending={create.isPending}
          pendingLabel={t('topUp.creating')}
          disabled={disabled}
          disabledReason={!online ? t('topUp.offline') : undefined}
          reasonId={offlineReasonId}
        >
          {t('topUp.continue')}
        </Button>
      </div>
    </form>
  )
}
