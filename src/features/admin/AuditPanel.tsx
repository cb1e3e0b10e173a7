import type { AuditEntry } from '../../../common/admin'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'
import { useOnline } from '../../offline/online'
import { useCurrency } from '../../api/config'
import { auditSentence } from './audit-sentence'
import { useAudit } from './api'

/** The audit: every admin action, newest first. */
export function AuditPanel() {
  const { t } = useT()
  const online = useOnline()
  const query = useAudit()
  if (query.isPending) return <Loading label={t('app.loading')} />
  if (!query.data) return <QueryErrorState query={query} title={t('admin.errorTitle')} />
  const items = query.data.pages.flatMap((p) => p.items)
  if (items.length === 0)
    return (
      <EmptyState title={t('admin.audit.emptyTitle')}>
        <p>{t('admin.audit.emptyBody')}</p>
      </EmptyState>
    )
  return (
    <>
      <ol className="admin-list" role="list">
        {items.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ol>
      <LoadMore
        query={query}
        online={online}
        label={t('admin.loadMore')}
        pendingLabel={t('admin.loadingMore')}
        offlineReason={t('admin.offline')}
      />
    </>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, lang, formatMoney } = useT()
  const currency = useCurrency()
  return (
    <li className="admin-item" data-testid="audit-row">
      <p className="admin-item-title">{t(`admin.action.${entry.action}`)}</p>
      <p className="admin-sentence">
        {auditSentence(entry, t, (minor) => formatMoney(minor, currency))}
      </p>
      <p className="small muted">
        <time dateTime={entry.createdAt}>
          {dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(entry.createdAt),
          )}
        </time>
      </p>
    </li>
  )
}
