import { Link } from 'wouter'
import type { LedgerEntry } from '../../../common/wallet'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import type { useLedger } from './api'
import { formatDateTime } from './format'
import './receipt.css'

interface LedgerProps {
  ledger: ReturnType<typeof useLedger>
  money: (minor: number) => string
  online: boolean
}

/** The wallet's history, newest first, a cursor page at a time. */
export function LedgerSection({ ledger, money, online }: LedgerProps) {
  const { t } = useT()
  return (
    <section className="wallet-section" aria-labelledby="wallet-ledger-title">
      <h2 id="wallet-ledger-title">{t('wallet.ledger.title')}</h2>
      {ledger.data ? <SavedAge at={ledger.dataUpdatedAt} failed={ledger.isError} /> : null}
      <Ledger ledger={ledger} money={money} online={online} />
    </section>
  )
}

function Ledger({ ledger, money, online }: LedgerProps) {
  const { t } = useT()
  if (!ledger.data) {
    if (ledger.isError) return <QueryErrorState query={ledger} title={t('wallet.ledger.error')} />
    if (ledger.fetchStatus === 'paused') return <NothingSaved headingLevel={3} />
    return <Loading label={t('app.loading')} />
  }
  const entries = ledger.data.pages.flatMap((page) => page.items)
  if (!entries.length) {
    return (
      <EmptyState title={t('wallet.ledger.emptyTitle')} headingLevel={3}>
        <p>{t('wallet.ledger.emptyBody')}</p>
      </EmptyState>
    )
  }
  return (
    <>
      <ol className="ledger">
        {entries.map((entry) => (
          <LedgerRow key={entry.id} entry={entry} money={money} />
        ))}
      </ol>
      <LoadMore
        query={ledger}
        online={online}
        className="ledger-more"
        label={t('wallet.ledger.loadMore')}
        pendingLabel={t('wallet.ledger.loadingMore')}
        offlineReason={t('wallet.ledger.loadMoreOffline')}
        reasonId="ledger-more-offline"
        reportError
      />
    </>
  )
}

/**
 * Money that crossed Lotline's edge carries the server's own note ("Card top-up <id>", "Payout
 * <id> failed"): the kind already says it, and the ids mean nothing to a person.
 */
function serverNote(kind: LedgerEntry['kind']): boolean {
  return kind === 'top_up' || kind === 'withdrawal' || kind === 'payout' || kind === 'return'
}

function LedgerRow({ entry, money }: { entry: LedgerEntry; money: (minor: number) => string }) {
  const { t, lang } = useT()
  const credit = entry.amount >= 0
  const amount = `${credit ? '+' : '−'}${money(Math.abs(entry.amount))}`
  return (
    <li className="ledger-entry">
      <div className="ledger-main">
        <span className="ledger-kind">{t(`wallet.kind.${entry.kind}`)}</span>
        {entry.lotId && entry.lotTitle ? (
          <Link href={`/lots/${encodeURIComponent(entry.lotId)}`} className="ledger-detail">
            {entry.lotTitle}
          </Link>
        ) : entry.reason && !serverNote(entry.kind) ? (
          <span className="ledger-detail muted">{entry.reason}</span>
        ) : null}
        <time className="muted small" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt, lang)}
        </time>
      </div>
      <strong className={credit ? 'ledger-amount credit' : 'ledger-amount debit'}>{amount}</strong>
      {entry.kind === 'purchase' || entry.kind === 'sale' ? (
        <Link href={`/wallet/receipts/${entry.id}`} className="ledger-receipt">
          {t('receipt.open')}
          <span className="visually-hidden">: {entry.lotTitle ?? ''}</span>
        </Link>
      ) : null}
    </li>
  )
}
