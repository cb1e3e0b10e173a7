import type { Payout, Withdrawal } from '../../../../common/money-out'
import { useT } from '../../../i18n'
import { formatDateTime } from '../format'
import { cardName } from './plan-text'

type Money = (minor: number) => string

/** Where a withdrawal's money went, part by part, each with its own outcome. */
export function WithdrawalParts({ withdrawal, money }: { withdrawal: Withdrawal; money: Money }) {
  const { t } = useT()
  return (
    <ul className="money-out-parts">
      {withdrawal.refunds.map((refund) => (
        <li key={refund.id}>
          {t('moneyOut.plan.card', {
            amount: money(refund.amount),
            card: cardName(refund.card, t),
          })}
          {' — '}
          {t(`moneyOut.refund.${refund.status}`)}
          {refund.failureReason ? `: ${refund.failureReason}` : null}
        </li>
      ))}
      {withdrawal.payout ? (
        <li>
          {t('moneyOut.plan.payout', { amount: money(withdrawal.payout.amount) })}
          {' — '}
          <PayoutOutcome payout={withdrawal.payout} money={money} />
        </li>
      ) : null}
    </ul>
  )
}

/** "paid", "failed: <why>", "reversed (€8.00 back in your wallet)". */
function PayoutOutcome({ payout, money }: { payout: Payout; money: Money }) {
  const { t } = useT()
  return (
    <>
      {t(`moneyOut.payout.${payout.status}`)}
      {payout.failureMessage ? `: ${payout.failureMessage}` : null}
      {payout.reversedAmount > 0
        ? ` ${t('moneyOut.payout.reversedAmount', { amount: money(payout.reversedAmount) })}`
        : null}
    </>
  )
}

export function WithdrawalRow({ withdrawal, money }: { withdrawal: Withdrawal; money: Money }) {
  const { t, lang } = useT()
  return (
    <li className={`money-out-row money-out-${withdrawal.status}`}>
      <div className="money-out-row-head">
        <span>{t('moneyOut.history.withdrawal')}</span>
        <strong>{money(withdrawal.amount)}</strong>
        <span className="money-out-status">{t(`moneyOut.withdrawal.${withdrawal.status}`)}</span>
        <time className="muted small" dateTime={withdrawal.createdAt}>
          {formatDateTime(withdrawal.createdAt, lang)}
        </time>
      </div>
      <WithdrawalParts withdrawal={withdrawal} money={money} />
    </li>
  )
}

export function PayoutRow({ payout, money }: { payout: Payout; money: Money }) {
  const { t, lang } = useT()
  return (
    <li className={`money-out-row money-out-${payout.status}`}>
      <div className="money-out-row-head">
        <span>{t('moneyOut.history.payout')}</span>
        <strong>{money(payout.amount)}</strong>
        <span className="money-out-status">
          <PayoutOutcome payout={payout} money={money} />
        </span>
        <time className="muted small" dateTime={payout.createdAt}>
          {formatDateTime(payout.createdAt, lang)}
        </time>
      </div>
    </li>
  )
}
