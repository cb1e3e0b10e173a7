import type { LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'

/**
 * The price side of a lot's price row: starting price or current price, and the bids with their
 * leader. The lot room and a show's lot on the block (issue 34) show the same facts.
 */
export function PriceFacts({
  lot,
  format,
  priceTestId,
  bidsTestId,
}: {
  lot: LotSummary
  format: (minor: number) => string
  priceTestId: string
  bidsTestId?: string
}) {
  const { t } = useT()
  return (
    <div>
      <p className="label">
        {lot.currentPrice === null ? t('lots.startingAt') : t('lots.currentPrice')}
      </p>
      <p className="price price-big" data-testid={priceTestId}>
        {format(lot.currentPrice ?? lot.startingPrice)}
      </p>
      <p className="muted small" data-testid={bidsTestId}>
        {t('lots.bids', { count: lot.bidCount })}
        {lot.leader ? ` · ${t('lots.leader', { alias: lot.leader })}` : null}
      </p>
    </div>
  )
}
