import { useId, useState, type FormEvent } from 'react'
import type { AdminMember } from '../../../common/admin'
import type { Role } from '../../../common/accounts'
import { Button } from '../../components/Button'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe } from '../auth'
import { useChangeRole, useMembers, useSetSuspension } from './api'
import { AdjustForm } from './AdjustForm'
import { CloseForm } from './CloseForm'
import { AdminList } from './list-kit'
import { MemberBlocks } from './MemberBlocks'
import { Outcome, useActionState } from './member-action'
import { reasonOk, ReasonField } from './ReasonField'

/** Members: search, then manage one (role, suspension, wallet adjustment, closing). */
export function MembersPanel() {
  const { t } = useT()
  const [draft, setDraft] = useState('')
  const [q, setQ] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  const query = useMembers(q)
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    setQ(draft.trim())
  }
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
      <AdminList
        query={query}
        label={t('admin.tab.members')}
        empty={{ title: t('admin.members.emptyTitle'), body: t('admin.members.emptyBody') }}
        row={(m) => (
          <MemberRow
            member={m}
            open={open === m.id}
            onToggle={() => setOpen(open === m.id ? null : m.id)}
          />
        )}
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
          <CloseForm member={member} />
          <MemberBlocks member={member} />
        </div>
      ) : null}
    </li>
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
