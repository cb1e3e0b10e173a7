import type { Withdrawal } from '../../../../common/money-out'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { useWithdrawals } from './api'
import { WithdrawalParts } from './MoneyOutRows'
import { FocusedHeading } from './FocusedHeading'

/** The withdrawal just made, as the list now has it (events move its status on). */
export function WithdrawalResult({
  withdrawal,
  money,
  onClose,
}: {
  withdrawal: Withdrawal
  money: (minor: number) => string
  onClose: () => void
}) {
  const { t } = useT()
  const list = useWithdrawals()
  const latest =
    list.data?.pages.flatMap((page) => page.items).find((item) => item.id === withdrawal.id) ??
    withdrawal
  return (
    <div className="money-out-result" role="status">
      <FocusedHeading>
        {t('moneyOut.withdraw.made', { amount: money(latest.amount) })}
      </FocusedHeading>
      <p>
        {t('moneyOut.statusLabel')} <strong>{t(`moneyOut.withdrawal.${latest.status}`)}</strong>
      </p>
      <WithdrawalParts withdrawal={latest} money={money} />
      <Button variant="secondary" onClick={onClose}>
        {t('moneyOut.done')}
      </Button>
    </div>
  )
}
