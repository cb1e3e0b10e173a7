import { useEffect, useState } from 'react'
import { Link, Redirect, useLocation, useSearch } from 'wouter'
import type { TopUpResponse } from '../../../common/wallet'
import { currencyOf, useCurrency, useRuntimeConfig } from '../../api/config'
import { ErrorState } from '../../components/ErrorState'
import { Loading } from '../../components/Spinner'
import { useQueryFallback } from '../../components/useQueryFallback'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useChannel } from '../../realtime/provider'
import { useMe, VerifyEmailNotice } from '../auth'
import { AmountStep } from './AmountStep'
import { useWallet } from './api'
import { walletChannel } from './realtime'
import { readReturn } from './top-up-return'
import { clearTopUpSession, readCurrentTopUp, saveCurrentTopUp } from './top-up-session'
import { TopUpFlow } from './TopUpFlow'
import { useStripe } from './useStripe'

/**
 * `/wallet/top-up`: an amount first, then the top-up it created (TopUpFlow). The top-up in
 * progress survives a reload or a return from Stripe (this tab's sessionStorage, or the address).
 */
export default function TopUpScreen() {
  const { t } = useT()
  const online = useOnline()
  const me = useMe()
  const config = useRuntimeConfig()
  const initial = useReturnFromStripe()
  const [topUpId, setTopUpId] = useState<string | null>(initial.id)
  useDocumentTitle(t('topUp.title'))
  useChannel(me.data ? walletChannel(me.data.id) : null)

  const publishableKey = config.data?.stripe.publishableKey
  // Stripe.js only for a member who may top up (a verified address: decision 0054).
  const stripe = useStripe(me.data?.emailVerified ? publishableKey : null, online)

  // Loading, offline with nothing saved (never a spinner that waits for a network: decision
  // 0013), or the failure with a retry.
  const meFallback = useQueryFallback(me)
  if (meFallback) return meFallback
  if (config.isPending && config.fetchStatus !== 'paused')
    return <Loading label={t('app.loading')} />
  if (me.data === null) return <Redirect to="/sign-in?next=%2Fwallet%2Ftop-up" replace />
  if (config.data && !publishableKey)
    return <PaymentsOff demoCredit={config.data.money?.demoCredit ?? 0} />

  const currency = currencyOf(config.data)
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
      <TopUpHeading />
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
      ) : me.data && !me.data.emailVerified ? (
        // Card top-ups wait for a verified address (decision 0054).
        <VerifyEmailNotice what="topUp" />
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

/**
 * The top-up to show first — a return from Stripe's, else this tab's current one — read once.
 * A return is remembered, then the PaymentIntent and its status leave the address (they are not
 * to be kept in history; our server is asked for the status instead).
 */
function useReturnFromStripe() {
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
  useEffect(() => {
    if (!initial.returned) return
    if (initial.redirected && initial.id) saveCurrentTopUp(initial.id)
    navigate('/wallet/top-up', { replace: true })
  }, [initial, navigate])
  return initial
}

function TopUpHeading() {
  const { t } = useT()
  return (
    <>
      <p className="back-link">
        <Link href="/wallet">← {t('topUp.backToWallet')}</Link>
      </p>
      <h1>{t('topUp.title')}</h1>
    </>
  )
}

/**
 * This server takes no card payments (no Stripe key configured): said in plain words, with the
 * demo credit a new member got instead, which never leaves (decision 0053).
 */
function PaymentsOff({ demoCredit }: { demoCredit: number }) {
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  return (
    <div className="top-up">
      <TopUpHeading />
      <section className="state state-info" aria-labelledby="payments-off-title">
        <h2 className="state-title" id="payments-off-title">
          {t('topUp.notConfigured.title')}
        </h2>
        <p className="state-body">{t('topUp.notConfigured.body')}</p>
        {demoCredit > 0 ? (
          <p className="state-body">
            {t('wallet.demoCredit', { amount: formatMoney(demoCredit, currency) })}
          </p>
        ) : null}
        <div className="state-action">
          <Link href="/wallet" className="btn btn-secondary">
            {t('topUp.backToWallet')}
          </Link>
        </div>
      </section>
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
