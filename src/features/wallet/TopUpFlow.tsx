import type { ReactNode } from 'react'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { TopUpCardStep } from './TopUpCardStep'
import {
  StaleTopUp,
  TopUpClosed,
  TopUpOffline,
  TopUpPending,
  TopUpSucceeded,
} from './TopUpStatusViews'
import { useTopUpFlow, type StripeHandle } from './useTopUpFlow'

/** One top-up after it was created: its card form, and every status it can reach. */
export function TopUpFlow({
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
  stripeError: ReactNode
  online: boolean
  onRestart: () => void
}) {
  const { t } = useT()
  const { view, actions, cardRef } = useTopUpFlow(id, watchFromStart, stripe)
  switch (view.kind) {
    case 'stale':
      return <StaleTopUp onRestart={onRestart} />
    case 'lookup-error':
      return <QueryErrorState query={view.query} title={t('topUp.lookupError')} />
    case 'offline':
      return <TopUpOffline onRestart={onRestart} />
    case 'checking':
      return <Loading label={t('topUp.checking')} />
    case 'succeeded':
      return <TopUpSucceeded topUp={view.topUp} onRestart={onRestart} />
    case 'closed':
      return <TopUpClosed topUp={view.topUp} status={view.status} onRestart={onRestart} />
    case 'pending':
      return (
        <TopUpPending
          processing={view.processing}
          slow={view.slow}
          online={online}
          onCheckAgain={actions.watch}
        />
      )
    case 'card':
      return (
        <TopUpCardStep
          view={view}
          actions={actions}
          cardRef={cardRef}
          stripe={stripe}
          stripeError={stripeError}
          online={online}
          onRestart={onRestart}
        />
      )
  }
}
