import { useState } from 'react'
import type { AdminMail, MailStatus } from '../../../common/mail'
import { Button } from '../../components/Button'
import { useT } from '../../i18n'
import { AdminList, FilterSelect, RetryWithReason } from './list-kit'
import { useAdminMail, useRetryMail } from './mail-api'
import { formatWhen } from './when'

/**
 * The statuses the list filters by; the first is what needs an admin. `kept` is local mode's
 * outbox (no SMTP), so an admin there sees what would have been sent.
 */
function statuses(): MailStatus[] {
  return ['dead', 'pending', 'sending', 'sent', 'kept']
}

/** Mail (issue 31): the mails the server gave up on, by status, and sending one again. */
export function MailPanel() {
  const { t } = useT()
  const [status, setStatus] = useState<MailStatus>('dead')
  const query = useAdminMail(status)
  return (
    <>
      <div className="admin-search">
        <FilterSelect
          label={t('admin.mail.status')}
          value={status}
          options={statuses().map((value) => ({ value, label: t(`admin.mail.status.${value}`) }))}
          onChange={setStatus}
        />
      </div>
      <AdminList
        query={query}
        label={t('admin.tab.mail')}
        empty={{ title: t('admin.mail.emptyTitle'), body: t('admin.mail.emptyBody') }}
        row={(mail) => <MailRow mail={mail} />}
      />
    </>
  )
}

function MailRow({ mail }: { mail: AdminMail }) {
  const { t, lang } = useT()
  const [open, setOpen] = useState(false)
  const retry = useRetryMail()
  const dead = mail.status === 'dead'
  return (
    <li className={dead ? 'admin-item admin-item-problem' : 'admin-item'}>
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">{mail.subject}</p>
          <p className="small muted">
            {t('admin.mail.to', { to: mail.toAddress, kind: mail.kind })} ·{' '}
            {t('admin.mail.attempts', { count: mail.attempts })} ·{' '}
            <time dateTime={mail.createdAt}>{formatWhen(mail.createdAt, lang)}</time>
          </p>
          {mail.lastError ? <p className="small">{mail.lastError}</p> : null}
        </div>
        {dead ? (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('admin.mail.retry')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <RetryWithReason
          retry={{ ...retry, mutate: ({ reason }) => retry.mutate({ id: mail.id, reason }) }}
          label={t('admin.mail.retrySend')}
          done={t('admin.mail.retried')}
        />
      ) : null}
    </li>
  )
}
