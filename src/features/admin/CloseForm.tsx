import type { FormEvent } from 'react'
import { DELETE_BLOCKERS } from '../../../common/accounts'
import type { AdminMember } from '../../../common/admin'
import { isApiError } from '../../api/errors'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useMe } from '../auth'
import { useCloseMember } from './api'
import { Outcome, useActionState } from './member-action'
import { reasonOk, ReasonField } from './ReasonField'

/**
 * Closes a member's account with a reason (decision 0053). The server refuses while anything ties
 * the account to Lotline or money is still in it; each reason is listed, with the amount, so the
 * admin knows what has to happen first. Never one's own account (that is the Account screen's).
 */
export function CloseForm({ member }: { member: AdminMember }) {
  const { t, formatMoney } = useT()
  const online = useOnline()
  const me = useMe()
  const close = useCloseMember()
  const s = useActionState()
  const self = me.data?.id === member.id
  const error = close.error
  const reasons = isApiError(error) ? DELETE_BLOCKERS.filter((key) => error.fieldErrors[key]) : []
  const amount = isApiError(error) ? error.amount : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason)) return
    close.mutate({ userId: member.id, reason: s.reason.trim() })
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h3>{t('admin.members.closeAccount')}</h3>
      <p className="small muted">{t('admin.members.closeHint')}</p>
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        variant="danger"
        pending={close.isPending}
        disabled={!online || self}
        disabledReason={self ? t('admin.members.you') : t('admin.offline')}
      >
        {t('admin.members.closeAccount')}
      </Button>
      {reasons.length > 0 ? (
        <div className="notice notice-error" role="alert" data-testid="close-refused">
          <p>{t('admin.members.closeRefused')}</p>
          <ul>
            {reasons.map((key) => (
              <li key={key}>
                {key === 'money' && amount !== null
                  ? t('admin.members.refused.moneyAmount', {
                      amount: formatMoney(amount, member.currency),
                    })
                  : t(`admin.members.refused.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Outcome error={error} done={close.isSuccess ? t('admin.members.closed') : null} />
      )}
    </form>
  )
}
