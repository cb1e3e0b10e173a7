import { useId, useState, type FormEvent } from 'react'
import type { MoneyOutView, Payout } from '../../../../common/money-out'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import { useCreatePayout } from './api'
import { FocusedHeading } from './FocusedHeading'
import { MoneyOutActions } from './MoneyOutActions'
import { useAmountField } from './useAmountField'

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
  const { t, formatMoney } = useT()
  const create = useCreatePayout()
  const { amount, problem: amountProblem, markTried, field } = useAmountField(view.currency)
  const [made, setMade] = useState<Payout | null>(null)
  const id = useId()
  const money = (minor: number) => formatMoney(minor, view.currency)
  const max = payoutMax(view)
  const limits = { min: money(view.payoutMin), max: money(max) }
  const outOfRange = amount !== null && (amount < view.payoutMin || amount > max)
  const problem = outOfRange ? t('moneyOut.payout.range', limits) : amountProblem

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
    markTried()
    if (!online || create.isPending || amount === null || problem !== null) return
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
        {...field}
        hint={t('moneyOut.payout.hint', { ...limits, daily: money(view.payoutDailyMax) })}
        error={problem}
      />
      <MoneyOutActions
        error={create.isError ? create.error : null}
        pending={create.isPending}
        blocked={blocked}
        confirm={t('moneyOut.payout.confirm')}
        onClose={onClose}
      />
    </form>
  )
}
