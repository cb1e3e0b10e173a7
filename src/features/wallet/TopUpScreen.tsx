import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Redirect, useLocation, useSearch } from 'wouter'
import type { TopUp, TopUpResponse } from '../../../common/wallet'
import { DEFAULT_CURRENCY, useRuntimeConfig } from '../../api/config'
import { ApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { ErrorState } from '../../components/ErrorState'
import { OfflineNotice } from '../../components/OfflineNotice'
import { Loading, Spinner } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { errorMessage, useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { finishAuthentication, type ConfirmOutcome } from '../../payments/stripe'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth/api'
import {
  isFinalStatus,
  POLL_LIMIT,
  topUpKey,
  useTopUp,
  useWallet,
  walletKey,
  ledgerKey,
} from './api'
import { AmountStep } from './AmountStep'
import { CardForm, type CardFormHandle } from './CardForm'
import { walletChannel } from './realtime'
import { clearTopUpSession, readCurrentTopUp, saveCurrentTopUp } from './top-up-session'
import { useStripe } from './useStripe'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Where Stripe sends the browser back if a payment method ever needs a full redirect. */
export function returnUrlFor(id: string): string {
  return new URL(
    `${import.meta.env.BASE_URL}wallet/top-up?topUp=${encodeURIComponent(id)}`,
    location.href,
  ).href
}

/** `?topUp=<id>&payment_intent=…&redirect_status=…` from a return: the id, if any. */
function readReturn(search: string): { id: string | null; returned: boolean } {
  const params = new URLSearchParams(search)
  const id = params.get('topUp')
  return { id: id && UUID.test(id) ? id : null, returned: params.has('topUp') }
}

export default function TopUpScreen() {
  const { t, lang } = useT()
  const online = useOnline()
  const me = useMe()
  const config = useRuntimeConfig()
  const search = useSearch()
  const [, navigate] = useLocation()
  const [initial] = useState(() => {
    const back = readReturn(search)
    return {
      id: back.id ?? readCurrentTopUp(),
      returned: back.returned,
      redirected: back.id !== null,
    }
  })
  const [topUpId, setTopUpId] = useState<string | null>(initial.id)
  useDocumentTitle(t('topUp.title'))
  useChannel(me.data ? walletChannel(me.data.id) : null)

  // A return from Stripe: remember the top-up, then take the PaymentIntent and its status out of
  // the address (they are not to be kept in history; our server is asked for the status instead).
  useEffect(() => {
    if (!initial.returned) return
    if (initial.redirected && initial.id) saveCurrentTopUp(initial.id)
    navigate('/wallet/top-up', { replace: true })
  }, [initial, navigate])

  const publishableKey = config.data?.stripe.publishableKey
  const paymentsOn = Boolean(publishableKey)
  const stripe = useStripe(me.data ? publishableKey : null, online)

  if (me.isPending || (config.isPending && config.fetchStatus !== 'paused')) {
    return <Loading label={t('app.loading')} />
  }
  if (me.isError && me.data === undefined) {
    return (
      <ErrorState
        title={t('error.screenTitle')}
        message={errorMessage(me.error, lang)}
        onRetry={() => void me.refetch()}
        retryLabel={t('common.retry')}
        retrying={me.isFetching}
      />
    )
  }
  if (me.data === null) return <Redirect to="/sign-in?next=%2Fwallet%2Ftop-up" replace />

  const heading = (
    <>
      <p className="back-link">
        <Link href="/wallet">← {t('topUp.backToWallet')}</Link>
      </p>
      <h1>{t('topUp.title')}</h1>
    </>
  )

  if (config.data && !paymentsOn) {
    return (
      <div className="top-up">
        {heading}
        <section className="state state-info" aria-labelledby="payments-off-title">
          <h2 className="state-title" id="payments-off-title">
            {t('topUp.notConfigured.title')}
          </h2>
          <p className="state-body">{t('topUp.notConfigured.body')}</p>
          <div className="state-action">
            <Link href="/wallet" className="btn btn-secondary">
              {t('topUp.backToWallet')}
            </Link>
          </div>
        </section>
      </div>
    )
  }

  const currency = config.data?.currency ?? DEFAULT_CURRENCY
  const stripeError =
    stripe.status === 'error' ? (
      <ErrorState
        title={t('topUp.card.loadErrorTitle')}
        message={t('topUp.card.loadErrorBody')}
        onRetry={stripe.retry}
        retryLabel={t('common.retry')}
      />
    ) : null

  return (
    <div className="top-up">
      {heading}
      {topUpId ? (
        <TopUpFlow
          key={topUpId}
          id={topUpId}
          watchFromStart={initial.returned && topUpId === initial.id}
          stripe={stripe}
          stripeError={stripeError}
          online={online}
          onRestart={() => {
            clearTopUpSession()
            setTopUpId(null)
          }}
        />
      ) : (
        <>
          <p className="muted">{t('topUp.intro')}</p>
          {stripeError}
          <NewTopUp
            currency={currency}
            online={online}
            blocked={stripe.status === 'error'}
            onCreated={(response) => {
              saveCurrentTopUp(response.topUp.id)
              setTopUpId(response.topUp.id)
            }}
          />
        </>
      )}
    </div>
  )
}

function NewTopUp({
  currency,
  online,
  blocked,
  onCreated,
}: {
  currency: string
  online: boolean
  blocked: boolean
  onCreated: (response: TopUpResponse) => void
}) {
  const wallet = useWallet()
  return (
    <AmountStep
      currency={wallet.data?.currency ?? currency}
      balance={wallet.data?.balance}
      online={online}
      blocked={blocked}
      onCreated={onCreated}
    />
  )
}

type StripeHandle = ReturnType<typeof useStripe>

/** One top-up after it was created: its card form, and every status it can reach. */
function TopUpFlow({
  id,
  watchFromStart,
  stripe,
  stripeError,
  online,
  onRestart,
}: {
  id: string
  watchFromStart: boolean
  stripe: StripeHandle
  stripeError: React.ReactNode
  online: boolean
  onRestart: () => void
}) {
  const { t, lang, formatMoney } = useT()
  const client = useQueryClient()
  // Fetch count when watching started (after confirming, or on a return), null when not watching.
  const [watchSince, setWatchSince] = useState<number | null>(watchFromStart ? 0 : null)
  const query = useTopUp(id, watchSince)
  const [declined, setDeclined] = useState<string | null>(null)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const [authenticating, setAuthenticating] = useState(false)
  const card = useRef<CardFormHandle>(null)
  const data = query.data
  const status = data?.topUp.status

  const fetchCount = () => client.getQueryState(topUpKey(id))?.dataUpdateCount ?? 0
  const watch = () => {
    setWatchSince(fetchCount())
    void query.refetch()
  }

  // The failure the server reports (also after a reload) is shown until "Try another card".
  const serverFailure = status === 'failed' ? (data?.topUp.failureMessage ?? '') : null
  const [dismissedFailure, setDismissedFailure] = useState<string | null>(null)
  const failure =
    declined ??
    (serverFailure !== null && serverFailure !== dismissedFailure ? serverFailure : null)

  // Credited: the wallet and its history changed; this tab's attempt is over.
  const credited = status === 'succeeded'
  const final = status !== undefined && isFinalStatus(status)
  useEffect(() => {
    if (!final) return
    clearTopUpSession()
    if (credited) {
      void client.invalidateQueries({ queryKey: walletKey, exact: true })
      void client.invalidateQueries({ queryKey: ledgerKey, exact: true })
    }
  }, [final, credited, client])

  if (!data) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) {
        return <StaleTopUp onRestart={onRestart} />
      }
      return (
        <ErrorState
          title={t('topUp.lookupError')}
          message={errorMessage(query.error, lang)}
          onRetry={() => void query.refetch()}
          retryLabel={t('common.retry')}
          retrying={query.isFetching}
        />
      )
    }
    if (query.fetchStatus === 'paused') {
      return (
        <>
          <OfflineNotice>{t('topUp.offline')}</OfflineNotice>
          <Button variant="secondary" onClick={onRestart}>
            {t('topUp.changeAmount')}
          </Button>
        </>
      )
    }
    return <Loading label={t('topUp.checking')} />
  }

  const topUp: TopUp = data.topUp
  const amountLabel = formatMoney(topUp.amount, topUp.currency)
  // Reading dataUpdatedAt re-renders this on every poll, so the count below stays current.
  const attempts = query.dataUpdatedAt && watchSince !== null ? fetchCount() - watchSince : 0
  const slow = attempts >= POLL_LIMIT

  const onConfirmed = (outcome: ConfirmOutcome) => {
    if (outcome.kind === 'error') {
      if (outcome.type === 'card_error' || outcome.type === 'validation_error') {
        // Stripe's message, as is; validation errors are shown inside the Payment Element too.
        if (outcome.type === 'card_error')
          setDeclined(outcome.message ?? t('topUp.status.failed.fallback'))
      } else {
        setConfirmError(t('topUp.confirmError'))
      }
      void query.refetch()
      return
    }
    setDeclined(null)
    setConfirmError(null)
    watch()
  }

  const tryAnotherCard = () => {
    setDeclined(null)
    setDismissedFailure(serverFailure)
    card.current?.reset()
  }

  const authenticate = async () => {
    if (!stripe.stripe || !data.clientSecret || authenticating) return
    setAuthenticating(true)
    try {
      const outcome = await finishAuthentication(stripe.stripe, data.clientSecret)
      onConfirmed(outcome)
    } finally {
      setAuthenticating(false)
    }
  }

  const restartButton = (
    <Button variant="secondary" onClick={onRestart}>
      {t('topUp.again')}
    </Button>
  )

  if (status === 'succeeded') {
    return <Succeeded topUp={topUp} onRestart={onRestart} />
  }
  if (status === 'canceled') {
    return (
      <StatusPanel tone="info" title={t('topUp.status.canceled.title')}>
        <p>{t('topUp.status.canceled.body')}</p>
        <div className="actions">
          {restartButton}
          <Link href="/wallet" className="btn btn-ghost">
            {t('topUp.backToWallet')}
          </Link>
        </div>
      </StatusPanel>
    )
  }
  if (status === 'processing' || (status === 'created' && watchSince !== null)) {
    const processing = status === 'processing'
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
            <Button variant="secondary" onClick={watch} disabled={!online}>
              {t('topUp.checkAgain')}
            </Button>
          ) : null}
          <Link href="/wallet" className="btn btn-ghost">
            {t('topUp.backToWallet')}
          </Link>
        </div>
      </StatusPanel>
    )
  }

  // created (not confirmed yet), failed (another card may be tried) or requires_action.
  const needsAction = status === 'requires_action'
  return (
    <section className="card-step" aria-labelledby="card-step-title">
      <div className="card-step-head">
        <h2 id="card-step-title">{t('topUp.card.title', { amount: amountLabel })}</h2>
        <Button variant="ghost" onClick={onRestart}>
          {t('topUp.changeAmount')}
        </Button>
      </div>
      {!online ? <OfflineNotice>{t('topUp.offline')}</OfflineNotice> : null}
      {needsAction ? (
        <StatusPanel tone="warn" title={t('topUp.status.requires_action.title')}>
          <p>{t('topUp.status.requires_action.body')}</p>
          <div className="actions">
            <Button
              onClick={() => void authenticate()}
              pending={authenticating}
              pendingLabel={t('topUp.authenticating')}
              disabled={!online || stripe.status !== 'ready' || !data.clientSecret}
              disabledReason={!online ? t('topUp.offline') : undefined}
              reasonId="authenticate-offline"
            >
              {t('topUp.authenticate')}
            </Button>
          </div>
        </StatusPanel>
      ) : null}
      {failure !== null ? (
        <div className="status status-error" role="alert">
          <h3 className="status-title">{t('topUp.status.failed.title')}</h3>
          <p>{failure || t('topUp.status.failed.fallback')}</p>
          <Button variant="secondary" onClick={tryAnotherCard}>
            {t('topUp.tryAnotherCard')}
          </Button>
        </div>
      ) : null}
      {confirmError ? (
        <p className="notice notice-error" role="alert">
          {confirmError}
        </p>
      ) : null}
      {stripeError}
      {stripe.status === 'loading' ? <Loading label={t('topUp.card.loading')} /> : null}
      {stripe.stripe && data.clientSecret ? (
        <CardForm
          ref={card}
          stripe={stripe.stripe}
          clientSecret={data.clientSecret}
          amountLabel={amountLabel}
          returnUrl={returnUrlFor(topUp.id)}
          online={online}
          onConfirmed={(outcome) => {
            setDeclined(null)
            setDismissedFailure(null)
            onConfirmed(outcome)
          }}
        />
      ) : null}
    </section>
  )
}

function StatusPanel({
  tone,
  title,
  busy = false,
  children,
}: {
  tone: 'pending' | 'ok' | 'warn' | 'info'
  title: string
  busy?: boolean
  children: React.ReactNode
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

function Succeeded({ topUp, onRestart }: { topUp: TopUp; onRestart: () => void }) {
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
        <Link href="/wallet" className="btn btn-primary">
          {t('topUp.backToWallet')}
        </Link>
        <Button variant="secondary" onClick={onRestart}>
          {t('topUp.again')}
        </Button>
      </div>
    </StatusPanel>
  )
}

function StaleTopUp({ onRestart }: { onRestart: () => void }) {
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
