import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { MoneyOutView } from '../../../../common/money-out'
import { Button } from '../../../components/Button'
import { NothingSaved } from '../../../components/NothingSaved'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { VerifyEmailNotice } from '../../auth'
import { useWallet } from '../api'
import { moneyOutKeys, useMoneyOut, useRefreshPayoutAccount } from './api'
import { MoneyOutHistory } from './MoneyOutHistory'
import { PayoutAccountPanel } from './PayoutAccountPanel'
import { PayoutForm } from './PayoutForm'
import { WithdrawForm } from './WithdrawForm'
import './money-out.css'

/** The wallet URL without one of its query parameters. */
function without(search: string, name: string): string {
  const params = new URLSearchParams(search)
  params.delete(name)
  const rest = params.toString()
  return rest ? `/wallet?${rest}` : '/wallet'
}

/**
 * Back from Stripe's onboarding (`?payouts=return`, or `?payouts=refresh` when the link expired):
 * the account is read again from Stripe (the webhook may still be on its way) and the parameter
 * leaves the address, so a reload does not ask again.
 */
function useOnboardingReturn() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const refresh = useRefreshPayoutAccount()
  const asked = useRef(false)
  const back = new URLSearchParams(search).get('payouts')
  useEffect(() => {
    if ((back !== 'return' && back !== 'refresh') || asked.current) return
    asked.current = true
    refresh.mutate()
    navigate(without(search, 'payouts'), { replace: true })
  }, [back, search, navigate, refresh])
  return refresh
}

/**
 * What can leave follows the wallet: a `wallet.updated` patch (a bid's hold, a sale released, a
 * top-up) moves the version, and the view is read again once, as the ledger is.
 */
function useViewFollowsWallet() {
  const client = useQueryClient()
  const version = useWallet().data?.version
  const seen = useRef(version)
  useEffect(() => {
    if (version === undefined) return
    if (seen.current !== undefined && version > seen.current)
      void client.invalidateQueries({ queryKey: moneyOutKeys.view, exact: true })
    seen.current = version
  }, [client, version])
}

/** "Money out" on the wallet screen (issue 30, decision 0053): what can leave, and how. */
export function MoneyOutSection({ online }: { online: boolean }) {
  const { t, lang } = useT()
  const view = useMoneyOut()
  const refresh = useOnboardingReturn()
  useViewFollowsWallet()
  let content
  if (!view.data) {
    if (view.isError) content = <QueryErrorState query={view} title={t('moneyOut.loadError')} />
    else if (view.fetchStatus === 'paused') content = <NothingSaved headingLevel={3} />
    else content = <Loading label={t('app.loading')} />
  } else if (!view.data.moneyOutEnabled) {
    content = (
      <p className="notice notice-info" role="note">
        {t('moneyOut.off')}
      </p>
    )
  } else {
    content = <MoneyOut view={view.data} online={online} />
  }
  return (
    <section className="wallet-section money-out" aria-labelledby="money-out-title">
      <h2 id="money-out-title">{t('moneyOut.title')}</h2>
      {refresh.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(refresh.error, lang)}
        </p>
      ) : null}
      {content}
    </section>
  )
}

function MoneyOut({ view, online }: { view: MoneyOutView; online: boolean }) {
  const { t, formatMoney } = useT()
  const money = (minor: number) => formatMoney(minor, view.currency)
  const search = useSearch()
  const [, navigate] = useLocation()
  const withdrawing = new URLSearchParams(search).get('withdraw') === '1'
  const [payingOut, setPayingOut] = useState(false)
  const ready = view.payoutAccount.status === 'ready'
  const offline = online ? undefined : t('moneyOut.offline')
  return (
    <>
      <dl className="wallet-figures money-out-figures">
        <div>
          <dt>{t('moneyOut.withdrawable')}</dt>
          <dd>{money(view.withdrawable)}</dd>
        </div>
        {view.demoCredit > 0 ? (
          <div>
            <dt>{t('moneyOut.demoCredit')}</dt>
            <dd>
              {money(view.demoCredit)}
              <span className="muted small"> — {t('moneyOut.demoCreditHint')}</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('moneyOut.inTransit')}</dt>
          <dd>{money(view.inTransit)}</dd>
        </div>
      </dl>
      <VerifyEmailNotice what="payouts" />
      <PayoutAccountPanel account={view.payoutAccount} online={online} />
      {withdrawing ? (
        <WithdrawForm
          view={view}
          online={online}
          onClose={() => navigate(without(search, 'withdraw'), { replace: true })}
        />
      ) : payingOut && ready ? (
        <PayoutForm view={view} online={online} onClose={() => setPayingOut(false)} />
      ) : (
        <div className="wallet-actions">
          <Button
            variant="secondary"
            disabled={!online}
            disabledReason={offline}
            reasonId="withdraw-offline"
            onClick={() => navigate('/wallet?withdraw=1')}
          >
            {t('moneyOut.withdraw.open')}
          </Button>
          {ready ? (
            <Button
              variant="secondary"
              disabled={!online}
              disabledReason={offline}
              reasonId="payout-offline"
              onClick={() => setPayingOut(true)}
            >
              {t('moneyOut.payout.open')}
            </Button>
          ) : null}
        </div>
      )}
      <MoneyOutHistory money={money} online={online} />
    </>
  )
}
