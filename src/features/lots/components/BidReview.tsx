import { useId } from 'react'
import type { LotDetail } from '../../../../common/auction'
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
  const commit = Math.max(vars.amount, vars.maxAmount ?? 0)
  const wallet = funds.fundsFor(commit)
  const reason = wallet?.short ? t('bid.fundsShort') : null
  return (
    <div className="bid-review" data-testid="bid-review">
      <dl className="facts bid-review-facts">
        <div>
          <dt>{t('bid.amount')}</dt>
          <dd>{format(vars.amount)}</dd>
        </div>
        {vars.maxAmount !== undefined ? (
          <div>
            <dt>{t('bid.reviewMax')}</dt>
            <dd>{format(vars.maxAmount)}</dd>
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
      {vars.maxAmount !== undefined ? <p className="small muted">{t('lot.my.maxHidden')}</p> : null}
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
          {t('bid.confirm', { amount: format(vars.amount) })}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('bid.back')}
        </Button>
      </div>
    </div>
  )
}
