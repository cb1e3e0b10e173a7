import { useId, useState, type FormEvent } from 'react'
import type { AdminMail, MailStatus } from '../../../common/mail'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore } from '../../components/LoadMore'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { useAdminMail, useRetryMail } from './mail-api'
import { Outcome, useActionState } from './member-action'
import { ReasonField, reasonOk } from './ReasonField'
import { formatWhen } from './when'

/** The statuses the list filters by; the first is what needs an admin. */
function statuses(): MailStatus[] {
  return ['dead', 'pending', 'sending', 'sent']
}

/** Mail (issue 31): the mails the server gave up on, by status, and sending one again. */
export function MailPanel() {
  const { t } = useT()
  const online = useOnline()
  const [status, setStatus] = useState<MailStatus>('dead')
  const query = useAdminMail(status)
  const id = useId()
  const items = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <>
      <div className="admin-search">
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('admin.mail.status')}</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as MailStatus)}
          >
            {statuses().map((value) => (
              <option key={value} value={value}>
                {t(`admin.mail.status.${value}`)}
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
        <EmptyState title={t('admin.mail.emptyTitle')}>
          <p>{t('admin.mail.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list" aria-label={t('admin.tab.mail')}>
          {items.map((item) => (
            <MailRow key={item.id} mail={item} />
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

function MailRow({ mail }: { mail: AdminMail }) {
  const { t, lang } = useT()
  const [open, setOpen] = useState(false)
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
      {open ? <RetryForm id={mail.id} /> : null}
    </li>
  )
}

/** Puts a dead mail back in the queue, with the reason kept in the audit. */
function RetryForm({ id }: { id: number }) {
  const { t } = useT()
  const online = useOnline()
  const retry = useRetryMail()
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
        reasonId={`mail-retry-${id}-offline`}
      >
        {t('admin.mail.retrySend')}
      </Button>
      <Outcome error={retry.error} done={retry.isSuccess ? t('admin.mail.retried') : null} />
    </form>
  )
}
