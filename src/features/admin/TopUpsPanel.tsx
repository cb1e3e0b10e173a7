import type { AdminTopUp } from '../../../common/admin'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useRefreshTopUp, useTopUpsNeedingAttention } from './api'

/** Top-ups that need a person, each with "Refresh from Stripe" when Stripe knows it. */
export function TopUpsPanel() {
  const { t } = useT()
  const query = useTopUpsNeedingAttention()
  if (query.isPending) return <Loading label={t('app.loading')} />
  if (!query.data) return <QueryErrorState query={query} title={t('admin.errorTitle')} />
  if (query.data.items.length === 0)
    return (
      <EmptyState title={t('admin.topUps.emptyTitle')}>
        <p>{t('admin.topUps.emptyBody')}</p>
      </EmptyState>
    )
  return (
    <ul className="admin-list" role="list">
      {query.data.items.map((topUp) => (
        <TopUpRow key={topUp.id} topUp={topUp} />
      ))}
    </ul>
  )
}

function TopUpRow({ topUp }: { topUp: AdminTopUp }) {
  const { t, lang, formatMoney } = useT()
  const online = useOnline()
  const refresh = useRefreshTopUp()
  return (
    <li className="admin-item">
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">{t(`admin.topUps.${topUp.attention}`)}</p>
          <p className="small muted">
            {t('admin.topUps.line', {
              amount: formatMoney(topUp.amount, topUp.currency),
              email: topUp.memberEmail,
              status: topUp.status,
            })}
          </p>
          {topUp.failureMessage ? <p className="small">{topUp.failureMessage}</p> : null}
        </div>
        {topUp.hasPaymentIntent ? (
          <Button
            variant="secondary"
            pending={refresh.isPending}
            disabled={!online}
            disabledReason={t('admin.offline')}
            onClick={() => refresh.mutate({ topUpId: topUp.id })}
          >
            {t('admin.topUps.refresh')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {refresh.error ? (
          <p className="field-error" role="alert">
            {errorMessage(refresh.error, lang)}
          </p>
        ) : refresh.data ? (
          <p className="admin-done">
            {t('admin.topUps.refreshed', { status: refresh.data.status })}
          </p>
        ) : null}
      </div>
    </li>
  )
}
