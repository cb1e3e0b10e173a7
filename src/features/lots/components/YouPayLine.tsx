import { useT } from '../../../i18n'
import type { BidFundsView } from '../useBidFunds'

/**
 * What a bid commits, fees and shipping included (decision 0051): "€100.00 bid · you pay €105.00
 * + €6.50 shipping". Nothing when the bid is all the bidder would pay.
 */
export function YouPayLine({
  amount,
  funds,
  format,
}: {
  amount: number
  funds: BidFundsView
  format: (minor: number) => string
}) {
  const { t } = useT()
  const pays = funds.youPay(amount)
  if (!pays) return null
  const values = { bid: format(amount), total: format(pays.total), shipping: format(pays.shipping) }
  return (
    <p className="small muted bid-you-pay" data-testid="you-pay">
      {pays.shipping > 0 ? t('bid.youPayShipping', values) : t('bid.youPay', values)}
    </p>
  )
}
