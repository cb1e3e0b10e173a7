import type { ReactNode, RefObject } from 'react'
import { Button } from '../../components/Button'
import { OfflineNotice } from '../../components/OfflineNotice'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { CardForm, type CardFormHandle } from './CardForm'
import { returnUrlFor } from './top-up-return'
import { StatusPanel } from './TopUpStatusViews'
import type { StripeHandle, TopUpActions, TopUpView } from './useTopUpFlow'

/**
 * The card step of a created top-up: the Payment Element, and above it whatever stands in the
 * way — the bank's authentication, a decline with "Try another card", a failed confirmation.
 */
export function TopUpCardStep({
  view,
  actions,
  cardRef,
  stripe,
  stripeError,
  online,
  onRestart,
}: {
  view: Extract<TopUpView, { kind: 'card' }>
  actions: TopUpActions
  /** "Try another card" empties the form through it. */
  cardRef: RefObject<CardFormHandle | null>
  stripe: StripeHandle
  stripeError: ReactNode
  online: boolean
  onRestart: () => void
}) {
  const { t, formatMoney } = useT()
  const { topUp, clientSecret, failure, confirmError } = view
  const amountLabel = formatMoney(topUp.amount, topUp.currency)
  return (
    <section className="card-step" aria-labelledby="card-step-title">
      <div className="card-step-head">
        <h2 id="card-step-title">{t('topUp.card.title', { amount: amountLabel })}</h2>
        <Button variant="ghost" onClick={onRestart}>
          {t('topUp.changeAmount')}
        </Button>
      </div>
      {!online ? <OfflineNotice>{t('topUp.offline')}</OfflineNotice> : null}
      {view.needsAction ? (
        <AuthenticationNeeded view={view} actions={actions} stripe={stripe} online={online} />
      ) : null}
      {failure !== null ? (
        <div className="status status-error" role="alert">
          <h3 className="status-title">{t('topUp.status.failed.title')}</h3>
          <p>{failure || t('topUp.status.failed.fallback')}</p>
          <Button variant="secondary" onClick={actions.tryAnotherCard}>
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
      {stripe.stripe && clientSecret ? (
        <CardForm
          ref={cardRef}
          stripe={stripe.stripe}
          clientSecret={clientSecret}
          amountLabel={amountLabel}
          returnUrl={returnUrlFor(topUp.id)}
          online={online}
          onConfirmed={actions.confirmFromCard}
        />
      ) : null}
    </section>
  )
}

function AuthenticationNeeded({
  view,
  actions,
  stripe,
  online,
}: {
  view: Extract<TopUpView, { kind: 'card' }>
  actions: TopUpActions
  stripe: StripeHandle
  online: boolean
}) {
  const { t } = useT()
  return (
    <StatusPanel tone="warn" title={t('topUp.status.requires_action.title')}>
      <p>{t('topUp.status.requires_action.body')}</p>
      <div className="actions">
        <Button
          onClick={() => void actions.authenticate()}
          pending={view.authenticating}
          pendingLabel={t('topUp.authenticating')}
          disabled={!online || stripe.status !== 'ready' || !view.clientSecret}
          disabledReason={!online ? t('topUp.offline') : undefined}
          reasonId="authenticate-offline"
        >
          {t('topUp.authenticate')}
        </Button>
      </div>
    </StatusPanel>
  )
}
