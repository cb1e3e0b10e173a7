import { useId } from 'react'
import { minNextBid, type LotDetail } from '../../../../common/auction'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import type { BidInputVars } from '../api'
import type { BidFundsView } from '../useBidFunds'
import type { Bidding } from '../useBidding'
import { FundsLine } from './FundsLine'
import { YouPayLine } from './YouPayLine'

/**
 * The review before a maximum or a large bid: the amount, what it holds from the wallet, what is
 * available after, and the soft-close rule. Confirm sends it; Back (or Escape) sends nothing.
 */
export function BidReview({
  lot,
  vars,
  format,
  bidding,
  funds,
  onBack,
}: {
  lot: LotDetail
  vars: BidInputVars
  format: (minor: number) => string
  bidding: Bidding
  funds: BidFundsView
  onBack: () => void
}) {
  const { t } = useT()
  const reasonId = useId()
  // No amount: the server bids the minimum of the lot it lands on (docs/product.md).
  const amount = vars.amount ?? minNextBid(lot)
  const commit = Math.max(amount, vars.maxAmount ?? 0)
  const wallet = funds.fundsFor(commit)
  const reason = wallet?.short ? t('bid.fundsShort') : null
  // The leader bidding again only raises their maximum: the price does not move (unless the new
  // maximum reaches a reserve not yet met), so the review says so instead of "Confirm bid".
  const raising = lot.my?.status === 'leading'
  const price = format(lot.currentPrice ?? lot.startingPrice)
  return (
    <div className="bid-review" data-testid="bid-review">
      {raising ? (
        <p className="bid-review-summary" data-testid="bid-review-summary">
          <strong>
            {t(lot.reserveMet === false ? 'bidMax.raiseStaysReserve' : 'bidMax.raiseStays', {
              max: format(commit),
              price,
            })}
          </strong>
        </p>
      ) : null}
      <dl className="facts bid-review-facts">
        {raising ? null : (
          <div>
            <dt>{vars.amount === undefined ? t('bidMax.minimumBid') : t('bid.amount')}</dt>
            <dd>{format(amount)}</dd>
          </div>
        )}
        {vars.maxAmount !== undefined || raising ? (
          <div>
            <dt>{t('bid.reviewMax')}</dt>
            <dd>{format(commit)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('bid.reviewHolds')}</dt>
          <dd>{format(commit)}</dd>
        </div>
        {wallet ? (
          <div>
            <dt>{t('bid.reviewAfter')}</dt>
            <dd>{format(wallet.after)}</dd>
          </div>
        ) : null}
      </dl>
      <YouPayLine amount={commit} funds={funds} format={format} />
      {vars.maxAmount !== undefined || raising ? (
        <p className="small muted">{t('lot.my.maxHidden')}</p>
      ) : null}
      <p className="small">{t('bid.reviewSoftClose', { seconds: lot.softCloseSeconds })}</p>
      {wallet?.short ? (
        <FundsLine funds={wallet} format={format} canTopUp={funds.canTopUp} />
      ) : null}
      <div className="bid-review-actions">
        <Button
          data-autofocus
          pending={bidding.pending}
          pendingLabel={t('bid.pending')}
          disabled={Boolean(reason)}
          disabledReason={reason}
          reasonId={reasonId}
          onClick={() => bidding.confirm()}
        >
          {raising
            ? t('bidMax.raise', { max: format(commit) })
            : t('bid.confirm', { amount: format(amount) })}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('bid.back')}
        </Button>
      </div>
    </div>
  )
}
