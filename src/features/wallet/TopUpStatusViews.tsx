import { useEffect, type ReactNode } from 'react'
import { Link } from 'wouter'
import { BALANCE_CAP, type TopUp } from '../../../common/wallet'
import { Button } from '../../components/Button'
import { ErrorState } from '../../components/ErrorState'
import { OfflineNotice } from '../../components/OfflineNotice'
import { Spinner } from '../../components/Spinner'
import { useT } from '../../i18n'
import { useWallet } from './api'
import { clearTopUpSession } from './top-up-session'

/** A top-up's outcome (or the wait for it), announced politely to screen readers. */
export function StatusPanel({
  tone,
  title,
  busy = false,
  children,
}: {
  tone: 'pending' | 'ok' | 'warn' | 'info'
  title: string
  busy?: boolean
  children: ReactNode
}) {
  return (
    <section className={`status status-${tone}`} role="status" aria-live="polite">
      <h2 className="status-title">
        {busy ? <Spinner size="small" /> : null} {title}
      </h2>
      {children}
    </section>
  )
}

function BackToWallet({ className = 'btn btn-ghost' }: { className?: string }) {
  const { t } = useT()
  return (
    <Link href="/wallet" className={className}>
      {t('topUp.backToWallet')}
    </Link>
  )
}

export function TopUpSucceeded({ topUp, onRestart }: { topUp: TopUp; onRestart: () => void }) {
  const { t, formatMoney } = useT()
  const wallet = useWallet()
  // The balance shown is the server's after the credit, never amount + an older balance.
  const fresh =
    wallet.data && !wallet.isFetching && wallet.dataUpdatedAt >= Date.parse(topUp.creditedAt ?? '')
  const w = wallet.data
  return (
    <StatusPanel
      tone="ok"
      title={t('topUp.status.succeeded.title', {
        amount: formatMoney(topUp.amount, topUp.currency),
      })}
    >
      <p className="status-balance">
        {fresh && w
          ? t('topUp.status.succeeded.balance', { balance: formatMoney(w.balance, w.currency) })
          : t('topUp.status.succeeded.updating')}
      </p>
      <div className="actions">
        <BackToWallet className="btn btn-primary" />
        <Button variant="secondary" onClick={onRestart}>
          {t('topUp.again')}
        </Button>
      </div>
    </StatusPanel>
  )
}

/** Canceled, or refunded because the credit would have taken the balance over its cap. */
export function TopUpClosed({
  topUp,
  status,
  onRestart,
}: {
  topUp: TopUp
  status: 'canceled' | 'refunded'
  onRestart: () => void
}) {
  const { t, formatMoney } = useT()
  return (
    <StatusPanel tone="info" title={t(`topUp.status.${status}.title`)}>
      <p>
        {status === 'refunded'
          ? t('topUp.status.refunded.body', { cap: formatMoney(BALANCE_CAP, topUp.currency) })
          : t('topUp.status.canceled.body')}
      </p>
      <div className="actions">
        <Button variant="secondary" onClick={onRestart}>
          {t('topUp.again')}
        </Button>
        <BackToWallet />
      </div>
    </StatusPanel>
  )
}

/** Waiting for the outcome; once polling has given up, "Check again" asks once more. */
export function TopUpPending({
  processing,
  slow,
  online,
  onCheckAgain,
}: {
  processing: boolean
  slow: boolean
  online: boolean
  onCheckAgain: () => void
}) {
  const { t } = useT()
  return (
    <StatusPanel
      tone="pending"
      title={processing ? t('topUp.status.processing.title') : t('topUp.checking')}
      busy={!slow}
    >
      {processing ? <p>{t('topUp.status.processing.body')}</p> : null}
      {slow ? <p>{t('topUp.status.processing.slow')}</p> : null}
      {!online ? <OfflineNotice>{t('topUp.offline')}</OfflineNotice> : null}
      <div className="actions">
        {slow ? (
          <Button variant="secondary" onClick={onCheckAgain} disabled={!online}>
            {t('topUp.checkAgain')}
          </Button>
        ) : null}
        <BackToWallet />
      </div>
    </StatusPanel>
  )
}

/** Offline before the top-up's status was ever known: another amount is all there is to do. */
export function TopUpOffline({ onRestart }: { onRestart: () => void }) {
  const { t } = useT()
  return (
    <>
      <OfflineNotice>{t('topUp.offline')}</OfflineNotice>
      <Button variant="secondary" onClick={onRestart}>
        {t('topUp.changeAmount')}
      </Button>
    </>
  )
}

/** The server no longer knows this top-up: forget it in this tab and offer a new one. */
export function StaleTopUp({ onRestart }: { onRestart: () => void }) {
  const { t } = useT()
  useEffect(() => {
    clearTopUpSession()
  }, [])
  return (
    <ErrorState title={t('topUp.lookupError')} message={t('errors.not_found')}>
      <div className="state-action">
        <Button variant="secondary" onClick={onRestart}>
          {t('topUp.again')}
        </Button>
      </div>
    </ErrorState>
  )
}
