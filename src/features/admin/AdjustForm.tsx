import { useState, type FormEvent } from 'react'
import type { AdminMember } from '../../../common/admin'
import { parseSignedMoney } from '../../../common/money'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { isApiError } from '../../api/errors'
import { newIdempotencyKey, useAdjustWallet } from './api'
import { Outcome, useActionState } from './member-action'
import { reasonOk, ReasonField } from './ReasonField'

/** A credit ("25") or a debit ("-7.50") in minor units; null when not an amount, or zero. */
function adjustment(text: string, currency: string): number | null {
  const amount = parseSignedMoney(text, currency)
  return amount === 0 ? null : amount
}

/** A wallet adjustment for one member, previewed before it is applied. */
export function AdjustForm({ member }: { member: AdminMember }) {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const adjust = useAdjustWallet()
  const s = useActionState()
  const [amountText, setAmountText] = useState('')
  const [key, setKey] = useState(newIdempotencyKey)
  const [applied, setApplied] = useState<{ before: number; after: number } | null>(null)
  const amount = adjustment(amountText, member.currency)
  const money = (minor: number) => formatMoney(minor, member.currency)
  const error = adjust.error
  const belowZero =
    isApiError(error) && error.code === 'debit_below_zero'
      ? { available: error.problem?.amount ?? member.available }
      : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (amount === null || !reasonOk(s.reason)) return
    const before = member.balance
    adjust.mutate(
      { userId: member.id, amount, reason: s.reason.trim(), key },
      {
        onSuccess: ({ wallet }) => {
          setApplied({ before, after: wallet.balance })
          setKey(newIdempotencyKey())
          setAmountText('')
          s.setReason('')
          s.setTried(false)
        },
      },
    )
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h3>{t('admin.wallet.title')}</h3>
      <TextField
        name="amount"
        inputMode="decimal"
        label={t('admin.wallet.amount')}
        hint={
          amount !== null
            ? t('admin.wallet.preview', {
                before: money(member.balance),
                after: money(member.balance + amount),
              })
            : t('admin.wallet.amountHint')
        }
        value={amountText}
        onChange={(event) => {
          setAmountText(event.target.value)
          setKey(newIdempotencyKey())
        }}
        error={s.tried && amount === null ? t('admin.wallet.amountInvalid') : null}
      />
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        pending={adjust.isPending}
        disabled={!online}
        disabledReason={t('admin.offline')}
      >
        {t('admin.wallet.apply')}
      </Button>
      <Outcome
        error={belowZero ? null : adjust.error}
        done={
          applied
            ? t('admin.wallet.applied', {
                before: money(applied.before),
                after: money(applied.after),
              })
            : null
        }
      />
      {belowZero ? (
        // In the admin's words, with what the member has available (issue 32).
        <p className="field-error" role="alert" data-testid="debit-below-zero">
          {t('tools.admin.debitBelowZero', {
            name: member.name,
            available: money(belowZero.available),
          })}
        </p>
      ) : null}
    </form>
  )
}
