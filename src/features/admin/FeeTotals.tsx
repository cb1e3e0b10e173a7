import type { FeeTotals as Totals } from '../../../common/orders/shapes'
import { InlineRetry } from '../../components/InlineRetry'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useAdminFees } from './api'

/** What the house took in fees, all time and over the last 30 days, net of refunds. */
export function FeeTotals() {
  const { t, lang } = useT()
  const fees = useAdminFees()
  if (fees.isPending) return <Loading label={t('admin.fees.loading')} />
  if (!fees.data)
    return (
      <InlineRetry
        message={`${t('admin.fees.error')} ${errorMessage(fees.error, lang)}`}
        onRetry={() => void fees.refetch()}
      />
    )
  const { currency, allTime, recent } = fees.data
  return (
    <section className="admin-fees" aria-labelledby="admin-fees-title">
      <h3 id="admin-fees-title">{t('admin.fees.title')}</h3>
      <div className="admin-fees-periods">
        <Period title={t('admin.fees.allTime')} totals={allTime} currency={currency} />
        <Period title={t('admin.fees.recent')} totals={recent} currency={currency} />
      </div>
    </section>
  )
}

function Period({ title, totals, currency }: { title: string; totals: Totals; currency: string }) {
  const { t, formatMoney } = useT()
  const money = (minor: number) => formatMoney(minor, currency)
  return (
    <div className="admin-fees-period">
      <h4>{title}</h4>
      <dl>
        <dt>{t('admin.fees.premium')}</dt>
        <dd>{money(totals.premium)}</dd>
        <dt>{t('admin.fees.sellerFee')}</dt>
        <dd>{money(totals.sellerFee)}</dd>
        <dt>{t('admin.fees.refunded')}</dt>
        <dd>{money(0 - totals.refunded)}</dd>
        <dt>{t('admin.fees.total')}</dt>
        <dd className="admin-fees-total">{money(totals.total)}</dd>
      </dl>
    </div>
  )
}
