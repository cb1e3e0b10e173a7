import { Link } from 'wouter'
import type { Wallet } from '../../../common/wallet'
import { Button } from '../../components/Button'
import { SavedAge } from '../../components/SavedAge'
import { useT } from '../../i18n'

/**
 * Available money first (what a bid can use), then balance and held, and the top-up action; on a
 * server without card payments, what that means in plain words, and the demo credit (0053).
 */
export function WalletSummary({
  wallet,
  savedAt,
  failed,
  paymentsOff,
  demoCredit,
  online,
}: {
  wallet: Wallet
  savedAt: number
  failed: boolean
  /** Known to be off (no publishable key); undefined config does not count as off. */
  paymentsOff: boolean
  /** What this server grants a new member to try the app (0: none); never withdrawable. */
  demoCredit: number
  online: boolean
}) {
  const { t, formatMoney } = useT()
  const money = (minor: number) => formatMoney(minor, wallet.currency)
  return (
    <section className="wallet-summary" aria-label={t('wallet.title')}>
      <div className="wallet-available">
        <span className="wallet-label" id="wallet-available-label">
          {t('wallet.available')}
        </span>
        <strong className="wallet-amount" aria-describedby="wallet-available-label">
          {money(wallet.available)}
        </strong>
        <span className="muted small">{t('wallet.availableHint')}</span>
      </div>
      <dl className="wallet-figures">
        <div>
          <dt>{t('wallet.balance')}</dt>
          <dd>{money(wallet.balance)}</dd>
        </div>
        <div>
          <dt>{t('wallet.held')}</dt>
          <dd>{money(wallet.held)}</dd>
        </div>
        {/* Old cached wallets have no pending figure: nothing to show until the next answer. */}
        {wallet.pending > 0 ? (
          <div>
            <dt>{t('wallet.pending')}</dt>
            <dd>
              {money(wallet.pending)}
              <span className="muted small"> — {t('wallet.pendingHint')}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <SavedAge at={savedAt} failed={failed} />
      <div className="wallet-actions">
        {paymentsOff ? (
          <p className="notice notice-info" role="note">
            {t('wallet.notConfigured')}
            {demoCredit > 0 ? ` ${t('wallet.demoCredit', { amount: money(demoCredit) })}` : null}
          </p>
        ) : (
          <TopUpAction online={online} />
        )}
      </div>
    </section>
  )
}

/** Top up online; offline a disabled button that says why (top-ups are never queued). */
function TopUpAction({ online }: { online: boolean }) {
  const { t } = useT()
  if (!online) {
    return (
      <Button disabled disabledReason={t('wallet.topUpOfflineReason')} reasonId="top-up-offline">
        {t('wallet.topUp')}
      </Button>
    )
  }
  return (
    <Link href="/wallet/top-up" className="btn btn-primary">
      {t('wallet.topUp')}
    </Link>
  )
}
