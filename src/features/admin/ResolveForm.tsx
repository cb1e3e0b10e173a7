import { useId, useState, type FormEvent } from 'react'
import { parseMoney } from '../../../common/money'
import type { Order } from '../../../common/orders/shapes'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { newIdempotencyKey, useResolveOrder } from './api'
import { Outcome, useActionState } from './member-action'
import { reasonOk, ReasonField } from './ReasonField'

type Resolution = 'refund' | 'complete'

/**
 * What a refund sends back: everything the buyer paid when left empty, else the amount typed
 * (the one money parser, decision 0050); null when it is not an amount from 0.01 to `paid`.
 */
export function refundAmount(text: string, paid: number, currency: string) {
  if (text.trim() === '') return { amount: undefined }
  const amount = parseMoney(text, currency)
  return amount !== null && amount > 0 && amount <= paid ? { amount } : null
}

/** An admin resolves an order's problem: a refund (full or partial) or completion, with a reason. */
export function ResolveForm({
  order,
  currency,
  onResolved,
}: {
  order: Order
  currency: string
  /** What was done, said by the panel: the order leaves the problem queue with this form. */
  onResolved: (done: string) => void
}) {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const resolve = useResolveOrder()
  const s = useActionState()
  const [outcome, setOutcome] = useState<Resolution>('refund')
  const [amountText, setAmountText] = useState('')
  // A new key whenever what is sent changes; a retry of the same resolution keeps its key.
  const [key, setKey] = useState(newIdempotencyKey)
  const groupId = useId()
  const paid = order.amounts.buyerTotal
  const refund = refundAmount(amountText, paid, currency)
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setKey(newIdempotencyKey())
    }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason) || (outcome === 'refund' && refund === null)) return
    const vars = {
      orderId: order.id,
      outcome,
      amount: outcome === 'refund' ? refund?.amount : undefined,
      reason: s.reason.trim(),
      key,
    }
    // The promise, not mutate's callbacks: the lists are read again before it settles, and the
    // order may have left the queue (this form with it) by then. A refusal shows below.
    void resolve.mutateAsync(vars).then(
      (resolved) =>
        onResolved(
          resolved.state === 'refunded'
            ? t('admin.orders.refunded', {
                title: order.lot.title,
                amount: formatMoney(resolved.refundedAmount ?? 0, currency),
              })
            : t('admin.orders.completed', { title: order.lot.title }),
        ),
      () => undefined,
    )
  }
  const serverAmountError =
    isApiError(resolve.error) && resolve.error.fieldErrors.amount
      ? resolve.error.fieldErrors.amount
      : null
  return (
    <form className="admin-form admin-detail" onSubmit={submit} noValidate>
      <h3>{t('admin.orders.resolveTitle', { title: order.lot.title })}</h3>
      <fieldset className="admin-choice" aria-describedby={`${groupId}-hint`}>
        <legend>{t('admin.orders.outcome')}</legend>
        {(['refund', 'complete'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${groupId}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => changed(setOutcome)(value)}
            />
            {t(value === 'refund' ? 'admin.orders.refund' : 'admin.orders.complete')}
          </label>
        ))}
        <p className="small muted" id={`${groupId}-hint`}>
          {t(outcome === 'refund' ? 'admin.orders.refundHint' : 'admin.orders.completeHint')}
        </p>
      </fieldset>
      {outcome === 'refund' ? (
        <TextField
          name="amount"
          inputMode="decimal"
          label={t('admin.orders.amount')}
          hint={t('admin.orders.amountHint', { paid: formatMoney(paid, currency) })}
          value={amountText}
          maxLength={20}
          onChange={(event) => changed(setAmountText)(event.target.value)}
          error={
            s.tried && refund === null
              ? t('admin.orders.amountInvalid', { paid: formatMoney(paid, currency) })
              : serverAmountError
          }
        />
      ) : null}
      <ReasonField value={s.reason} onChange={changed(s.setReason)} showError={s.tried} />
      <Button
        type="submit"
        variant={outcome === 'refund' ? 'danger' : 'secondary'}
        pending={resolve.isPending}
        disabled={!online}
        disabledReason={t('admin.offline')}
      >
        {t(outcome === 'refund' ? 'admin.orders.refundSubmit' : 'admin.orders.completeSubmit')}
      </Button>
      <Outcome error={serverAmountError ? null : resolve.error} done={null} />
    </form>
  )
}
