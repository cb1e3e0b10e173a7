import { Link } from 'wouter'
import { useT } from '../../../i18n'
import type { BidFunds } from '../bid-plan'

/**
 * "Available €X · this bid holds €Y" before anything is sent; when the wallet falls short, a
 * "Top up" link — only when card payments are on (a Stripe publishable key in the config).
 */
export function FundsLine({
  funds,
  format,
  canTopUp,
}: {
  funds: BidFunds
  format: (minor: number) => string
  canTopUp: boolean
}) {
  const { t } = useT()
  return (
    <p className={`funds-line small ${funds.short ? 'funds-short' : 'muted'}`} data-testid="funds">
      {t('bid.funds', { available: format(funds.available), holds: format(funds.holds) })}
      {funds.short && canTopUp ? (
        <>
          {' '}
          <Link className="funds-top-up" href="/wallet/top-up">
            {t('bid.topUp')}
          </Link>
        </>
      ) : null}
    </p>
  )
}
