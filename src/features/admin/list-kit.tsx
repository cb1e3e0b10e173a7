import { Fragment, useId, type FormEvent, type ReactNode } from 'react'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadMore, type PagedQuery } from '../../components/LoadMore'
import { QueryErrorState, type RetryableQuery } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { useT } from '../../i18n'
import { useOnline } from '../../offline/online'
import { Outcome, useActionState } from './member-action'
import { ReasonField, reasonOk } from './ReasonField'

/**
 * The parts every admin list shares (Mail, Money out, Members): a labelled filter select, the
 * list with its loading, error and empty states and "Load more", and the retry-with-a-reason form
 * whose reason goes to the audit.
 */

export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: V
  options: Array<{ value: V; label: string }>
  onChange: (value: V) => void
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

type AdminListQuery<Item> = PagedQuery &
  RetryableQuery & { isPending: boolean; data: { pages: Array<{ items: Item[] }> } | undefined }

export function AdminList<Item extends { id: string | number }>({
  query,
  label,
  empty,
  row,
}: {
  query: AdminListQuery<Item>
  /** The list's accessible name. */
  label: string
  empty: { title: string; body: string }
  /** One `<li>` per item. */
  row: (item: Item) => ReactNode
}) {
  const { t } = useT()
  const online = useOnline()
  const items = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <>
      {query.isPending ? (
        <Loading label={t('app.loading')} />
      ) : !query.data ? (
        <QueryErrorState query={query} title={t('admin.errorTitle')} />
      ) : items.length === 0 ? (
        <EmptyState title={empty.title}>
          <p>{empty.body}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list" aria-label={label}>
          {items.map((item) => (
            <Fragment key={item.id}>{row(item)}</Fragment>
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

/** A retry that needs a reason (kept in the audit); offline it says why it cannot be sent. */
export function RetryWithReason({
  retry,
  label,
  done,
}: {
  retry: {
    mutate: (input: { reason: string }) => void
    isPending: boolean
    isSuccess: boolean
    error: unknown
  }
  label: string
  /** What the admin sees once it was sent again. */
  done: string
}) {
  const { t } = useT()
  const online = useOnline()
  const s = useActionState()
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    s.setTried(true)
    if (!reasonOk(s.reason) || !online) return
    retry.mutate({ reason: s.reason.trim() })
  }
  return (
    <form className="admin-form admin-detail" onSubmit={submit} noValidate>
      <ReasonField value={s.reason} onChange={s.setReason} showError={s.tried} />
      <Button
        type="submit"
        pending={retry.isPending}
        disabled={!online}
        disabledReason={online ? undefined : t('admin.offline')}
        reasonId={`${id}-offline`}
      >
        {label}
      </Button>
      <Outcome error={retry.error} done={retry.isSuccess ? done : null} />
    </form>
  )
}
