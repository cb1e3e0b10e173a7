import { useId, useState, type FormEvent } from 'react'
import type { AdminMember } from '../../../common/admin'
import type { Role } from '../../../common/accounts'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { useMe } from '../auth'
import {
  newIdempotencyKey,
  useAdjustWallet,
  useChangeRole,
  useMembers,
  useSetSuspension,
} from './api'
import { reasonOk, ReasonField } from './ReasonField'

/** Members: search, then manage one (role, suspension, wallet adjustment). */
export function MembersPanel() {
  const { t } = useT()
  const online = useOnline()
  const [draft, setDraft] = useState('')
  const [q, setQ] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  const query = useMembers(q)
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    setQ(draft.trim())
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <>
      <form className="admin-search" role="search" onSubmit={onSearch}>
        <TextField
          name="q"
          type="search"
          label={t('admin.members.search')}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('admin.search')}
        </Button>
      </form>
      {query.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !query.data ? (
        <QueryErrorState query={query} title={t('admin.errorTitle')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('admin.members.emptyTitle')}>
          <p>{t('admin.members.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list">
          {items.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              open={open === m.id}
              onToggle={() => setOpen(open === m.id ? null : m.id)}
            />
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

function MemberRow({
  member,
  open,
  onToggle,
}: {
  member: AdminMember
  open: boolean
  onToggle: () => void
}) {
  const { t, formatMoney } = useT()
  const detailId = useId()
  return (
    <li className="admin-item">
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">
            {member.name} <span className="muted">· {member.alias}</span>
          </p>
          <p className="small muted">{member.email}</p>
          <p className="small">
            {member.role === 'admin' ? t('admin.members.roleAdmin') : t('admin.members.roleMember')}
            {member.suspendedAt ? (
              <span className="admin-flag"> · {t('admin.members.suspended')}</span>
            ) : null}
            {' · '}
            {t('admin.members.balance', {
              balance: formatMoney(member.balance, member.currency),
              available: formatMoney(member.available, member.currency),
            })}
          </p>
        </div>
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={onToggle}
        >
          {open ? t('admin.members.close') : t('admin.members.manage', { name: member.name })}
        </Button>
      </div>
      {open ? (
        <div id={detailId} className="admin-detail">
          <RoleForm member={member} />
          <SuspensionForm member={member} />
          <AdjustForm member={member} />
        </div>
      ) : null}
    </li>
  )
}

function useActionState() {
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  return { reason, setReason, tried, setTried }
}

function Outcome({ error, done }: { error: unknown; done: string | null }) {
  const { lang } = useT()
  return (
    <div aria-live="polite">
      {error ? (
        <p className="field-error" role="alert">
          {errorMessage(error, lang)}
        </p>
      ) : done ? (
        <p className="admin-done">{done}</p>
      ) : null}
    </div>
  )
}

function RoleForm({ member }: { member: AdminMember }) {
  const { t } = useT()
  const online = useOnline()
  const change = useChangeRole()
  const s = useActionState()
  const [role, setRole] = useState<Role>(member.role)
  const selectId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason)) return
    change.mutate({ userId: member.id, role, reason: s.reason.trim() })
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h3>{t('admin.members.changeRole')}</h3>
      <div className="field">
        <label htmlFor={selectId}>{t('admin.members.role')}</label>
        <select id={selectId} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <option value="member">{t('admin.members.roleMember')}</option>
          <option value="admin">{t('admin.members.roleAdmin')}</option>
        </select>
      </div>
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        variant="secondary"
        pending={change.isPending}
        disabled={!online}
        disabledReason={t('admin.offline')}
      >
        {t('admin.members.changeRole')}
      </Button>
      <Outcome error={change.error} done={change.isSuccess ? t('admin.done') : null} />
    </form>
  )
}

function SuspensionForm({ member }: { member: AdminMember }) {
  const { t } = useT()
  const online = useOnline()
  const me = useMe()
  const set = useSetSuspension()
  const s = useActionState()
  const suspended = member.suspendedAt !== null
  const self = me.data?.id === member.id
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason)) return
    set.mutate({ userId: member.id, suspended: !suspended, reason: s.reason.trim() })
  }
  const label = suspended ? t('admin.members.unsuspend') : t('admin.members.suspend')
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h3>{label}</h3>
      <p className="small muted">{t('admin.members.suspendHint')}</p>
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        variant={suspended ? 'secondary' : 'danger'}
        pending={set.isPending}
        disabled={!online || (self && !suspended)}
        disabledReason={self ? t('admin.members.you') : t('admin.offline')}
      >
        {label}
      </Button>
      <Outcome error={set.error} done={set.isSuccess ? t('admin.done') : null} />
    </form>
  )
}

/** "25", "-7.5", "-7.50" → minor units; null when not an amount or zero. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(-)?(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  const minor = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'))
  if (minor === 0) return null
  return match[1] ? -minor : minor
}

function AdjustForm({ member }: { member: AdminMember }) {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const adjust = useAdjustWallet()
  const s = useActionState()
  const [amountText, setAmountText] = useState('')
  const [key, setKey] = useState(newIdempotencyKey)
  const [applied, setApplied] = useState<{ before: number; after: number } | null>(null)
  const amount = parseAmount(amountText)
  const money = (minor: number) => formatMoney(minor, member.currency)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (amount === null || !reasonOk(s.reason)) return
    const before = member.balance
    adjust.mutate(
      { userId: member.id, amount, reason: s.reason.trim(), key },
      {
        onSuccess: ({ wallet }) => {
          setApplied({ before, after: wallet.balance })
          setKey(newIdempotencyKey())
          setAmountText('')
          s.setReason('')
          s.setTried(false)
        },
      },
    )
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h3>{t('admin.wallet.title')}</h3>
      <TextField
        name="amount"
        inputMode="decimal"
        label={t('admin.wallet.amount')}
        hint={
          amount !== null
            ? t('admin.wallet.preview', {
                before: money(member.balance),
                after: money(member.balance + amount),
              })
            : t('admin.wallet.amountHint')
        }
        value={amountText}
        onChange={(event) => {
          setAmountText(event.target.value)
          setKey(newIdempotencyKey())
        }}
        error={s.tried && amount === null ? t('admin.wallet.amountInvalid') : null}
      />
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        pending={adjust.isPending}
        disabled={!online}
        disabledReason={t('admin.offline')}
      >
        {t('admin.wallet.apply')}
      </Button>
      <Outcome
        error={adjust.error}
        done={
          applied
            ? t('admin.wallet.applied', {
                before: money(applied.before),
                after: money(applied.after),
              })
            : null
        }
      />
    </form>
  )
}
