import { Button } from '../../components/Button'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { formatWhen } from './when'
import {
  useReconciliation,
  useRunReconciliation,
  type ReconciliationDifference,
} from './money-out-api'

const shown = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value ?? null)

/** The latest comparison of our payouts and refunds with Stripe's, and "Run now". */
export function ReconciliationPanel() {
  const { t, lang } = useT()
  const online = useOnline()
  const query = useReconciliation()
  const run = useRunReconciliation()
  const report = query.data?.report
  return (
    <section className="admin-detail" aria-labelledby="reconciliation-title">
      <h3 id="reconciliation-title">{t('admin.recon.title')}</h3>
      {query.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !query.data ? (
        <QueryErrorState query={query} title={t('admin.errorTitle')} />
      ) : !report ? (
        <p>{t('admin.recon.never')}</p>
      ) : (
        <>
          <p>
            {t('admin.recon.ran', {
              time: formatWhen(report.ranAt, lang),
              checked: String(report.checked),
            })}
          </p>
          {report.differences.length === 0 ? (
            <p className="admin-done">{t('admin.recon.clean')}</p>
          ) : (
            <ul className="admin-list" aria-label={t('admin.recon.differences')}>
              {report.differences.map((d, index) => (
                <Difference key={`${d.kind}-${d.stripeId}-${d.ourId}-${index}`} difference={d} />
              ))}
            </ul>
          )}
        </>
      )}
      <Button
        variant="secondary"
        pending={run.isPending}
        pendingLabel={t('admin.recon.running')}
        disabled={!online}
        disabledReason={online ? undefined : t('admin.offline')}
        reasonId="reconciliation-offline"
        onClick={() => run.mutate()}
      >
        {t('admin.recon.run')}
      </Button>
      {run.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(run.error, lang)}
        </p>
      ) : null}
    </section>
  )
}

function Difference({ difference: d }: { difference: ReconciliationDifference }) {
  const { t } = useT()
  return (
    <li className="admin-item admin-item-problem">
      <p className="admin-item-title">{d.kind}</p>
      <p className="small">
        {t('admin.recon.ids', { stripe: d.stripeId ?? '—', ours: d.ourId ?? '—' })}
      </p>
      <p className="small">
        {t('admin.recon.values', { expected: shown(d.expected), found: shown(d.found) })}
      </p>
    </li>
  )
}
