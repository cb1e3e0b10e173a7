import { useState } from 'react'
import type { Payout, Withdrawal } from '../../../common/money-out'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { AdminList, FilterSelect, RetryWithReason } from './list-kit'
import { formatWhen } from './when'
import {
  useAdminMoneyOut,
  useRetryMoneyOut,
  type AdminPayout,
  type AdminWithdrawal,
  type MoneyOutKind,
} from './money-out-api'
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
  const [kind, setKind] = useState<MoneyOutKind>('payouts')
  const [status, setStatus] = useState('failed')
  const query = useAdminMoneyOut(kind, status)
  const kinds: MoneyOutKind[] = ['payouts', 'withdrawals']
  return (
    <>
      <ReconciliationPanel />
      <div className="admin-search">
        <FilterSelect
          label={t('admin.moneyOut.kind')}
          value={kind}
          options={kinds.map((value) => ({ value, label: t(`moneyOut.history.${value}`) }))}
          onChange={(next) => {
            setKind(next)
            setStatus(statusesOf(next)[0]!)
          }}
        />
        <FilterSelect
          label={t('admin.moneyOut.status')}
          value={status}
          options={statusesOf(kind).map((value) => ({
            value,
            label: value === 'all' ? t('admin.moneyOut.all') : statusLabel(kind, value, t),
          }))}
          onChange={setStatus}
        />
      </div>
      <AdminList<AdminPayout | AdminWithdrawal>
        query={query}
        label={t(`moneyOut.history.${kind}`)}
        empty={{ title: t('admin.moneyOut.emptyTitle'), body: t('admin.moneyOut.emptyBody') }}
        row={(item) => <MoneyOutRow kind={kind} item={item} />}
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
  const retry = useRetryMoneyOut(kind)
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
      {open ? (
        <RetryWithReason
          retry={{ ...retry, mutate: ({ reason }) => retry.mutate({ id: item.id, reason }) }}
          label={t('admin.moneyOut.retrySend')}
          done={t('admin.moneyOut.retried')}
        />
      ) : null}
    </li>
  )
}
