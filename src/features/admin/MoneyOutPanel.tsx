import { useId, useState, type FormEvent } from 'react'
import type { Payout, Withdrawal } from '../../../common/money-out'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { formatWhen } from './when'
import { Outcome, useActionState } from './member-action'
import {
  useAdminMoneyOut,
  useRetryMoneyOut,
  type AdminPayout,
  type AdminWithdrawal,
  type MoneyOutKind,
} from './money-out-api'
import { ReasonField, reasonOk } from './ReasonField'
import { ReconciliationPanel } from './ReconciliationPanel'

/** The statuses each list filters by; the first is what needs an admin. */
function statusesOf(kind: MoneyOutKind): string[] {
  return kind === 'payouts'
    ? ['failed', 'pending', 'paid', 'reversed', 'all']
    : ['failed', 'partly_failed', 'pending', 'completed', 'all']
}

/** Only what has not settled or failed may be sent again (the server checks it too). */
function retryable(status: string): boolean {
  return status === 'failed' || status === 'pending' || status === 'partly_failed'
}

/** Money out (issue 30): payouts and withdrawals by status, their retry, and reconciliation. */
export function MoneyOutPanel() {
  const { t } = useT()
  const online = useOnline()
  const [kind, setKind] = useState<MoneyOutKind>('payouts')
  const [status, setStatus] = useState('failed')
  const query = useAdminMoneyOut(kind, status)
  const id = useId()
  const items = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <>
      <ReconciliationPanel />
      <div className="admin-search">
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('admin.moneyOut.kind')}</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => {
              const next = event.target.value as MoneyOutKind
              setKind(next)
              setStatus(statusesOf(next)[0]!)
            }}
          >
            <option value="payouts">{t('moneyOut.history.payouts')}</option>
            <option value="withdrawals">{t('moneyOut.history.withdrawals')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('admin.moneyOut.status')}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            {statusesOf(kind).map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? t('admin.moneyOut.all') : statusLabel(kind, value, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !query.data ? (
        <QueryErrorState query={query} title={t('admin.errorTitle')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('admin.moneyOut.emptyTitle')}>
          <p>{t('admin.moneyOut.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list" aria-label={t(`moneyOut.history.${kind}`)}>
          {items.map((item) => (
            <MoneyOutRow key={item.id} kind={kind} item={item} />
          ))}
        </ul>
      )}
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

type T = ReturnType<typeof useT>['t']

function statusLabel(kind: MoneyOutKind, status: string, t: T): string {
  return kind === 'payouts'
    ? t(`moneyOut.payout.${status as Payout['status']}`)
    : t(`moneyOut.withdrawal.${status as Withdrawal['status']}`)
}

function MoneyOutRow({ kind, item }: { kind: MoneyOutKind; item: AdminPayout | AdminWithdrawal }) {
  const { t, lang, formatMoney } = useT()
  const [open, setOpen] = useState(false)
  const failure = 'failureMessage' in item ? item.failureMessage : null
  return (
    <li className={item.status === 'pending' ? 'admin-item' : 'admin-item admin-item-problem'}>
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">
            {formatMoney(item.amount, item.currency)} · {statusLabel(kind, item.status, t)}
          </p>
          <p className="small muted">
            {item.member
              ? t('admin.moneyOut.member', { name: item.member.name, email: item.member.email })
              : null}{' '}
            <time dateTime={item.createdAt}>{formatWhen(item.createdAt, lang)}</time>
          </p>
          {failure ? <p className="small">{failure}</p> : null}
        </div>
        {retryable(item.status) ? (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('admin.moneyOut.retry')}
          </Button>
        ) : null}
      </div>
      {open ? <RetryForm kind={kind} id={item.id} /> : null}
    </li>
  )
}

/** Sends a failed or stuck payout or withdrawal again, with the reason kept in the audit. */
function RetryForm({ kind, id }: { kind: MoneyOutKind; id: string }) {
  const { t } = useT()
  const online = useOnline()
  const retry = useRetryMoneyOut(kind)
  const s = useActionState()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason) || !online) return
    retry.mutate({ id, reason: s.reason.trim() })
  }
  return (
    <form className="admin-form admin-detail" onSubmit={submit} noValidate>
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        pending={retry.isPending}
        disabled={!online}
        disabledReason={online ? undefined : t('admin.offline')}
        reasonId={`retry-${id}-offline`}
      >
        {t('admin.moneyOut.retrySend')}
      </Button>
      <Outcome error={retry.error} done={retry.isSuccess ? t('admin.moneyOut.retried') : null} />
    </form>
  )
}
