import { useEffect, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useRuntimeConfig } from '../../api/config'
import { NothingSaved } from '../../components/NothingSaved'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useQueryFallback } from '../../components/useQueryFallback'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth'
import { useHolds, useLedger, useWallet } from './api'
import { HoldsSection } from './HoldsSection'
import { LedgerSection } from './LedgerSection'
import { MoneyOutSection } from './money-out/MoneyOutSection'
import { walletChannel } from './realtime'
import { useListsFollowVersion } from './useListsFollowVersion'
import { WalletSummary } from './WalletSummary'

/** Fetch the top-up screen's code ahead (not Stripe.js: that loads only on that screen). */
function prefetchTopUpScreen() {
  void import('./TopUpScreen').catch(() => undefined)
}

/** While top-ups are possible and the network is there, fetch their screen when the tab idles. */
function usePrefetchTopUpScreen(online: boolean, publishableKey: string | null | undefined) {
  useEffect(() => {
    if (!online || !publishableKey) return
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
    idle(prefetchTopUpScreen)
  }, [online, publishableKey])
}

/** `/wallet`: available money, holds and history, kept live over the user's wallet channel. */
export default function WalletScreen() {
  const { t, formatMoney } = useT()
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
  usePrefetchTopUpScreen(online, publishableKey)

  if (fallback) return fallback
  if (!user) return <Redirect to="/sign-in?next=%2Fwallet" replace />

  let content: ReactNode
  if (wallet.data === undefined) {
    if (wallet.isError) content = <QueryErrorState query={wallet} title={t('wallet.loadError')} />
    else if (wallet.fetchStatus === 'paused' || !online) content = <NothingSaved />
    else content = <Loading label={t('app.loading')} />
  } else {
    const w = wallet.data
    const money = (minor: number) => formatMoney(minor, w.currency)
    content = (
      <>
        <WalletSummary
          wallet={w}
          savedAt={wallet.dataUpdatedAt}
          failed={wallet.isError}
          paymentsOff={publishableKey === null}
          demoCredit={config.data?.money?.demoCredit ?? 0}
          online={online}
        />
        <MoneyOutSection online={online} />
        <HoldsSection holds={holds} money={money} />
        <LedgerSection ledger={ledger} money={money} online={online} />
      </>
    )
  }

  return (
    <div className="wallet">
      <h1>{t('wallet.title')}</h1>
      {content}
    </div>
  )
}
