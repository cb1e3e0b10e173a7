import { EmptyState } from '../../../components/EmptyState'
import { LoadMore } from '../../../components/LoadMore'
import { NothingSaved } from '../../../components/NothingSaved'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { usePayouts, useWithdrawals } from './api'
import { PayoutRow, WithdrawalRow } from './MoneyOutRows'

/**
 * "Withdrawals and payouts": each list newest first, a cursor page at a time. A payout made as
 * part of a withdrawal is shown inside that withdrawal, not a second time.
 */
export function MoneyOutHistory({
  money,
  online,
}: {
  money: (minor: number) => string
  online: boolean
}) {
  const { t } = useT()
  const withdrawals = useWithdrawals()
  const payouts = usePayouts()
  let content
  if (!withdrawals.data || !payouts.data) {
    const failed = !withdrawals.data && withdrawals.isError ? withdrawals : payouts
    if (failed.isError && !failed.data)
      content = <QueryErrorState query={failed} title={t('moneyOut.history.error')} />
    else if (withdrawals.fetchStatus === 'paused' || payouts.fetchStatus === 'paused')
      content = <NothingSaved headingLevel={3} />
    else content = <Loading label={t('app.loading')} />
  } else {
    const ws = withdrawals.data.pages.flatMap((page) => page.items)
    const ps = payouts.data.pages
      .flatMap((page) => page.items)
      .filter((payout) => payout.withdrawalId === null)
    content =
      ws.length === 0 && ps.length === 0 && !withdrawals.hasNextPage && !payouts.hasNextPage ? (
        <EmptyState title={t('moneyOut.history.emptyTitle')} headingLevel={3}>
          <p>{t('moneyOut.history.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <h4>{t('moneyOut.history.withdrawals')}</h4>
          {ws.length ? (
            <ol className="money-out-list" aria-label={t('moneyOut.history.withdrawals')}>
              {ws.map((w) => (
                <WithdrawalRow key={w.id} withdrawal={w} money={money} />
              ))}
            </ol>
          ) : (
            <p className="muted">{t('moneyOut.history.noWithdrawals')}</p>
          )}
          <LoadMore
            query={withdrawals}
            online={online}
            label={t('moneyOut.history.moreWithdrawals')}
            pendingLabel={t('wallet.ledger.loadingMore')}
            offlineReason={t('wallet.ledger.loadMoreOffline')}
            reasonId="withdrawals-more-offline"
            reportError
          />
          <h4>{t('moneyOut.history.payouts')}</h4>
          {ps.length ? (
            <ol className="money-out-list" aria-label={t('moneyOut.history.payouts')}>
              {ps.map((p) => (
                <PayoutRow key={p.id} payout={p} money={money} />
              ))}
            </ol>
          ) : (
            <p className="muted">{t('moneyOut.history.noPayouts')}</p>
          )}
          <LoadMore
            query={payouts}
            online={online}
            label={t('moneyOut.history.morePayouts')}
            pendingLabel={t('wallet.ledger.loadingMore')}
            offlineReason={t('wallet.ledger.loadMoreOffline')}
            reasonId="payouts-more-offline"
            reportError
          />
        </>
      )
  }
  return (
    <div className="money-out-history">
      <h3>{t('moneyOut.history.title')}</h3>
      {content}
    </div>
  )
}
