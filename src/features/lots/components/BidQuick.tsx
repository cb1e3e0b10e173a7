import { useId } from 'react'
import type { LotDetail } from '../../../../common/auction'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { quickAmounts } from '../bid-plan'
import type { BidFundsView } from '../useBidFunds'
import type { Bidding } from '../useBidding'
import { FundsLine } from './FundsLine'
import { YouPayLine } from './YouPayLine'

/**
 * One tap bids: "Bid €minimum" (sent at once), then +1 and +5 increments (+5 is reviewed), and
 * on a phone "Maximum…" for the sheet. A leader only raises their maximum, so sees just that.
 */
export function BidQuick({
  lot,
  format,
  bidding,
  funds,
  disabledReason,
  onMaximum,
  showFunds = false,
}: {
  lot: LotDetail
  format: (minor: number) => string
  bidding: Bidding
  funds: BidFundsView
  disabledReason: string | null
  /** Opens the sheet with the amount and maximum fields (phones); absent when they are inline. */
  onMaximum?: () => void
  /** The funds line for the minimum (the bar); inline, the form shows its own. */
  showFunds?: boolean
}) {
  const { t } = useT()
  const reasonId = useId()
  const [min, ...steps] = quickAmounts(lot)
  const leading = lot.my?.status === 'leading'
  const wallet = funds.fundsFor(min!)
  const reason = disabledReason ?? (wallet?.short && !leading ? t('bid.fundsShort') : null)
  const bid = (amount: number) => {
    if (!reason) bidding.request(bidding.varsFor(amount))
  }
  const describedBy = reason ? reasonId : undefined
  return (
    <div className="bid-quick">
      <div className="bid-quick-row">
        {leading ? null : (
          <>
            <Button
              className="bid-quick-main"
              pending={bidding.pending}
              pendingLabel={t('bid.pending')}
              disabled={Boolean(reason)}
              aria-describedby={describedBy}
              onClick={() => bid(min!)}
            >
              {t('bid.submit', { amount: format(min!) })}
            </Button>
            {steps.map((amount) => (
              <Button
                key={amount}
                variant="secondary"
                className="bid-quick-step"
                disabled={Boolean(reason) || bidding.pending}
                aria-label={t('bid.submit', { amount: format(amount) })}
                aria-describedby={describedBy}
                onClick={() => bid(amount)}
              >
                {format(amount)}
              </Button>
            ))}
          </>
        )}
        {onMaximum ? (
          <Button
            variant="secondary"
            className="bid-quick-max"
            disabled={Boolean(disabledReason)}
            aria-haspopup="dialog"
            onClick={onMaximum}
          >
            {leading ? t('bid.raiseMaxOpen') : t('bid.maxOpen')}
          </Button>
        ) : null}
      </div>
      {leading ? null : <YouPayLine amount={min!} funds={funds} format={format} />}
      {reason ? (
        <p className="btn-reason" id={reasonId}>
          {reason}
        </p>
      ) : null}
      {showFunds && !disabledReason && !leading ? (
        wallet ? (
          <FundsLine funds={wallet} format={format} canTopUp={funds.canTopUp} />
        ) : (
          // The wallet's answer comes after the lot's: its line keeps its place meanwhile, so the
          // phone's bid bar does not grow, and move, when it arrives.
          <p className="funds-line small muted" aria-hidden="true" data-testid="funds-pending">
            {'\u00a0'}
          </p>
        )
      ) : null}
    </div>
  )
}
