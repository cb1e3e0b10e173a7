import { useId, useState, type FormEvent } from 'react'
import { moneyInputValue } from '../../../../common/money'
import {
  maxWithdrawal,
  planWithdrawal,
  type MoneyOutView,
  type Withdrawal,
} from '../../../../common/money-out'
import { Button } from '../../../components/Button'
import { TextField } from '../../../components/TextField'
import { useT } from '../../../i18n'
import { useCreateWithdrawal } from './api'
import { MoneyOutActions } from './MoneyOutActions'
import { OnboardingButton } from './OnboardingButton'
import { planText } from './plan-text'
import { useAmountField } from './useAmountField'
import { WithdrawalResult } from './WithdrawalResult'

/**
 * Withdraw: an amount, the plan the API will make of it (common/money-out.ts planWithdrawal, so
 * what is shown is what happens), then confirm. An amount part of which could go nowhere cannot
 * be confirmed, and says why.
 */
export function WithdrawForm({
  view,
  online,
  onClose,
}: {
  view: MoneyOutView
  online: boolean
  onClose: () => void
}) {
  const { t, formatMoney } = useT()
  const create = useCreateWithdrawal()
  const {
    amount,
    problem: amountProblem,
    setText,
    markTried,
    field,
  } = useAmountField(view.currency)
  const [made, setMade] = useState<Withdrawal | null>(null)
  const id = useId()
  const money = (minor: number) => formatMoney(minor, view.currency)
  const max = maxWithdrawal(view)
  const tooMuch = amount !== null && amount > view.withdrawable
  const problem = tooMuch
    ? t('moneyOut.withdraw.tooMuch', { max: money(view.withdrawable) })
    : amountProblem
  const plan = amount !== null && !tooMuch ? planWithdrawal(amount, view) : null
  const unreachable = plan !== null && plan.unreachable > 0

  if (made) return <WithdrawalResult withdrawal={made} money={money} onClose={onClose} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    markTried()
    if (!online || create.isPending || plan === null || unreachable || amount === null) return
    create.mutate(amount, { onSuccess: setMade })
  }

  const blocked = !online
    ? t('moneyOut.offline')
    : unreachable
      ? t('moneyOut.withdraw.unreachable', {
          amount: money(plan.unreachable),
          days: String(view.refundWindowDays),
          max: money(max),
        })
      : undefined

  return (
    <form
      className="form money-out-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{t('moneyOut.withdraw.title')}</h3>
      <p className="small muted">
        {t('moneyOut.withdraw.intro', { days: String(view.refundWindowDays) })}
      </p>
      <TextField
        {...field}
        hint={t('moneyOut.withdraw.hint', { max: money(max) })}
        error={problem}
      />
      <Button
        variant="ghost"
        disabled={max <= 0}
        onClick={() => setText(moneyInputValue(max, view.currency))}
      >
        {t('moneyOut.withdraw.all', { max: money(max) })}
      </Button>
      <div aria-live="polite" className="money-out-plan">
        {plan && !unreachable ? (
          <p>{t('moneyOut.withdraw.plan', { plan: planText(plan, money, t) })}</p>
        ) : null}
      </div>
      {unreachable && view.payoutAccount.status !== 'ready' ? (
        <div className="notice notice-info">
          <p>{t('moneyOut.withdraw.setUpHint')}</p>
          <OnboardingButton
            label="moneyOut.account.setUp"
            online={online}
            reasonId={`${id}-setup`}
          />
        </div>
      ) : null}
      <MoneyOutActions
        error={create.isError ? create.error : null}
        pending={create.isPending}
        blocked={blocked}
        confirm={
          plan && amount !== null
            ? t('moneyOut.withdraw.confirm', { amount: money(amount) })
            : t('moneyOut.withdraw.submit')
        }
        onClose={onClose}
      />
    </form>
  )
}
