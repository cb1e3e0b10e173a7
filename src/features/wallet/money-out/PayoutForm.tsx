import { useId, useState, type FormEvent } from 'react'
import { parseMoney } from '../../../../common/money'
import type { MoneyOutView, Payout } from '../../../../common/money-out'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useCreatePayout } from './api'
import { FocusedHeading } from './FocusedHeading'

/** The most a payout may be now: the real money in the wallet, within today's limit. */
export function payoutMax(view: MoneyOutView): number {
  return Math.max(0, Math.min(view.withdrawable, view.payoutLeftToday))
}

/** Pay out to the member's bank (a ready payout account): an amount within the limits, confirm. */
export function PayoutForm({
  view,
  online,
  onClose,
}: {
  view: MoneyOutView
  online: boolean
  onClose: () => void
}) {
  const { t, lang, formatMoney } = useT()
  const create = useCreatePayout()
  const [text, setText] = useState('')
  const [tried, setTried] = useState(false)
  const [made, setMade] = useState<Payout | null>(null)
  const id = useId()
  const money = (minor: number) => formatMoney(minor, view.currency)
  const max = payoutMax(view)
  const amount = parseMoney(text, view.currency)
  const limits = { min: money(view.payoutMin), max: money(max) }

  let problem: string | null = null
  if (text.trim() === '') problem = tried ? t('moneyOut.amount.required') : null
  else if (amount === null || amount <= 0) problem = t('moneyOut.amount.invalid')
  else if (amount < view.payoutMin || amount > max) problem = t('moneyOut.payout.range', limits)

  if (made) {
    return (
      <div className="money-out-result" role="status">
        <FocusedHeading>{t('moneyOut.payout.made', { amount: money(made.amount) })}</FocusedHeading>
        <p>
          {t('moneyOut.statusLabel')} <strong>{t(`moneyOut.payout.${made.status}`)}</strong>
        </p>
        <Button variant="secondary" onClick={onClose}>
          {t('moneyOut.done')}
        </Button>
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!online || create.isPending || amount === null || problem !== null || text.trim() === '')
      return
    create.mutate(amount, { onSuccess: setMade })
  }
  const nothing = max < view.payoutMin
  const blocked = !online
    ? t('moneyOut.offline')
    : nothing
      ? t('moneyOut.payout.nothing', { min: limits.min })
      : undefined

  return (
    <form
      className="form money-out-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('moneyOut.payout.title')}</h3>
      <TextField
        name="amount"
        autoFocus
        label={t('moneyOut.amount.label')}
        hint={t('moneyOut.payout.hint', {
          ...limits,
          daily: money(view.payoutDailyMax),
        })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        value={text}
        error={problem}
        onChange={(event) => setText(event.target.value)}
      />
      {create.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(create.error, lang)}
        </p>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          pending={create.isPending}
          pendingLabel={t('moneyOut.sending')}
          disabled={blocked !== undefined}
          disabledReason={blocked}
          reasonId={`${id}-blocked`}
        >
          {t('moneyOut.payout.confirm')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('moneyOut.cancel')}
        </Button>
      </div>
    </form>
  )
}
