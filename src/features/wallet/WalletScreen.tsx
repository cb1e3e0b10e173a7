import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, Redirect } from 'wouter'
import type { LedgerEntry, WalletHold } from '../../../common/wallet'
import { useRuntimeConfig } from '../../api/config'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { useQueryFallback } from '../../components/useQueryFallback'
import { ErrorState } from '../../components/ErrorState'
import { NothingSaved } from '../../components/NothingSaved'
import { SavedAge } from '../../components/SavedAge'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { errorMessage, useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth/api'
import { holdsKey, ledgerKey, useHolds, useLedger, useWallet } from './api'
import { formatDateTime } from './format'
import { walletChannel } from './realtime'

/** Fetch the top-up screen's code ahead (not Stripe.js: that loads only on that screen). */
function prefetchTopUpScreen() {
  void import('./TopUpScreen').catch(() => undefined)
}

/**
 * A `wallet.updated` patch says the ledger or the holds changed too, but does not carry them:
 * when the version moves while this screen shows them, refetch those two lists once.
 */
function useListsFollowVersion(version: number | undefined) {
  const client = useQueryClient()
  const seen = useRef(version)
  useEffect(() => {
    if (version === undefined) return
    if (seen.current !== undefined && version > seen.current) {
      void client.invalidateQueries({ queryKey: ledgerKey, exact: true })
      void client.invalidateQueries({ queryKey: holdsKey, exact: true })
    }
    seen.current = version
  }, [client, version])
}

export default function WalletScreen() {
  const { t, lang, formatMoney } = useT()
  const online = useOnline()
  const me = useMe()
  const fallback = useQueryFallback(me)
  const config = useRuntimeConfig()
  const user = me.data ?? null
  useChannel(user ? walletChannel(user.id) : null)
  const wallet = useWallet(user !== null)
  const holds = useHolds(user !== null)
  const ledger = useLedger(user !== null)
  useDocumentTitle(t('wallet.title'))
  useListsFollowVersion(wallet.data?.version)

  // undefined: config not known yet (e.g. offline with nothing saved) — don't claim either way.
  const publishableKey = config.data?.stripe.publishableKey
  const paymentsOff = publishableKey === null
  useEffect(() => {
    if (!online || !publishableKey) return
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
    idle(prefetchTopUpScreen)
  }, [online, publishableKey])

  if (fallback) return fallback
  if (!user) return <Redirect to="/sign-in?next=%2Fwallet" replace />

  const header = <h1>{t('wallet.title')}</h1>

  if (wallet.data === undefined) {
    if (wallet.isError) {
      return (
        <div className="wallet">
          {header}
          <ErrorState
            title={t('wallet.loadError')}
            message={errorMessage(wallet.error, lang)}
            onRetry={() => void wallet.refetch()}
            retryLabel={t('common.retry')}
            retrying={wallet.isFetching}
          />
        </div>
      )
    }
    if (wallet.fetchStatus === 'paused' || !online) {
      return (
        <div className="wallet">
          {header}
          <NothingSaved />
        </div>
      )
    }
    return (
      <div className="wallet">
        {header}
        <Loading label={t('app.loading')} />
      </div>
    )
  }

  const w = wallet.data
  const money = (minor: number) => formatMoney(minor, w.currency)

  return (
    <div className="wallet">
      {header}
      <section className="wallet-summary" aria-label={t('wallet.title')}>
        <div className="wallet-available">
          <span className="wallet-label" id="wallet-available-label">
            {t('wallet.available')}
          </span>
          <strong className="wallet-amount" aria-describedby="wallet-available-label">
            {money(w.available)}
          </strong>
          <span className="muted small">{t('wallet.availableHint')}</span>
        </div>
        <dl className="wallet-figures">
          <div>
            <dt>{t('wallet.balance')}</dt>
            <dd>{money(w.balance)}</dd>
          </div>
          <div>
            <dt>{t('wallet.held')}</dt>
            <dd>{money(w.held)}</dd>
          </div>
        </dl>
        <SavedAge at={wallet.dataUpdatedAt} failed={wallet.isError} />
        <div className="wallet-actions">
          {paymentsOff ? (
            <p className="notice notice-info" role="note">
              {t('wallet.notConfigured')}
            </p>
          ) : (
            <TopUpAction online={online} />
          )}
        </div>
      </section>

      <section className="wallet-section" aria-labelledby="wallet-holds-title">
        <h2 id="wallet-holds-title">{t('wallet.holds.title')}</h2>
        {holds.data ? (
          holds.data.length ? (
            <ul className="holds">
              {holds.data.map((hold) => (
                <HoldRow key={hold.lotId} hold={hold} money={money} lang={lang} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t('wallet.holds.empty')}</p>
          )
        ) : holds.isError ? (
          <p className="notice notice-error" role="alert">
            {t('wallet.holds.error')}{' '}
            <button type="button" className="link-button" onClick={() => void holds.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : holds.fetchStatus === 'paused' ? (
          <p className="muted">{t('offline.nothingSavedBody')}</p>
        ) : (
          <Loading label={t('app.loading')} />
        )}
      </section>

      <section className="wallet-section" aria-labelledby="wallet-ledger-title">
        <h2 id="wallet-ledger-title">{t('wallet.ledger.title')}</h2>
        {ledger.data ? <SavedAge at={ledger.dataUpdatedAt} failed={ledger.isError} /> : null}
        <Ledger ledger={ledger} money={money} online={online} />
      </section>
    </div>
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

function HoldRow({
  hold,
  money,
  lang,
}: {
  hold: WalletHold
  money: (minor: number) => string
  lang: string
}) {
  const { t } = useT()
  return (
    <li className="hold">
      <div className="hold-main">
        <Link href={`/lots/${encodeURIComponent(hold.lotId)}`}>{hold.lotTitle}</Link>
        <span className="muted small">
          {t('wallet.holds.ends', { time: formatDateTime(hold.lotEndsAt, lang) })}
        </span>
      </div>
      <strong className="hold-amount">{money(hold.amount)}</strong>
    </li>
  )
}

function Ledger({
  ledger,
  money,
  online,
}: {
  ledger: ReturnType<typeof useLedger>
  money: (minor: number) => string
  online: boolean
}) {
  const { t, lang } = useT()
  if (!ledger.data) {
    if (ledger.isError) {
      return (
        <ErrorState
          title={t('wallet.ledger.error')}
          message={errorMessage(ledger.error, lang)}
          onRetry={() => void ledger.refetch()}
          retryLabel={t('common.retry')}
          retrying={ledger.isFetching}
        />
      )
    }
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
          <LedgerRow key={entry.id} entry={entry} money={money} lang={lang} />
        ))}
      </ol>
      {ledger.hasNextPage ? (
        <div className="ledger-more">
          <Button
            variant="secondary"
            onClick={() => void ledger.fetchNextPage()}
            pending={ledger.isFetchingNextPage}
            pendingLabel={t('wallet.ledger.loadingMore')}
            disabled={!online}
            disabledReason={t('wallet.ledger.loadMoreOffline')}
            reasonId="ledger-more-offline"
          >
            {t('wallet.ledger.loadMore')}
          </Button>
          {ledger.isFetchNextPageError ? (
            <p className="field-error" role="alert">
              {errorMessage(ledger.error, lang)}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

/** A top-up's reason is the server's own note ("Card top-up <id>"): the kind already says it. */
function LedgerRow({
  entry,
  money,
  lang,
}: {
  entry: LedgerEntry
  money: (minor: number) => string
  lang: string
}) {
  const { t } = useT()
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
        ) : entry.reason && entry.kind !== 'top_up' ? (
          <span className="ledger-detail muted">{entry.reason}</span>
        ) : null}
        <time className="muted small" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt, lang)}
        </time>
      </div>
      <strong className={credit ? 'ledger-amount credit' : 'ledger-amount debit'}>{amount}</strong>
    </li>
  )
}
