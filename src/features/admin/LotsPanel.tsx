import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import type { LotSummary } from '../../../common/auction'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { QueryErrorState } from '../../components/QueryErrorState'
import { Loading } from '../../components/Spinner'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { newIdempotencyKey, useAdminLots, useCancelLot } from './api'
import { reasonOk, ReasonField } from './ReasonField'

/** Lots: find one by title or id, cancel it with a reason (its holds are released). */
export function LotsPanel() {
  const { t } = useT()
  const [draft, setDraft] = useState('')
  const [q, setQ] = useState('')
  const query = useAdminLots(q)
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
          label={t('admin.lots.search')}
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
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('admin.lots.emptyTitle')}>
          <p>{t('admin.lots.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="admin-list" role="list">
          {query.data.items.map((lot) => (
            <LotRow key={lot.id} lot={lot} />
          ))}
        </ul>
      )}
    </>
  )
}

function LotRow({ lot }: { lot: LotSummary }) {
  const { t, lang } = useT()
  const online = useOnline()
  const cancel = useCancelLot()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [key] = useState(newIdempotencyKey)
  const cancellable = lot.status === 'scheduled' || lot.status === 'open'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!reasonOk(reason)) return
    cancel.mutate({ lotId: lot.id, reason: reason.trim(), key })
  }
  return (
    <li className="admin-item">
      <div className="admin-item-head">
        <div>
          <p className="admin-item-title">
            <Link href={`/lots/${lot.id}`}>{lot.title}</Link>
          </p>
          <p className="small muted">
            {t('admin.lots.meta', {
              status: t(`lots.status.${lot.status}`),
              bids: t('admin.lots.bids', { count: lot.bidCount }),
              seller: lot.seller,
            })}
          </p>
        </div>
        {cancellable && !cancel.isSuccess ? (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('admin.lots.cancel')}
          </Button>
        ) : null}
      </div>
      {open && cancellable ? (
        <form className="admin-form admin-detail" onSubmit={submit} noValidate>
          <h3>{t('admin.lots.cancelTitle', { title: lot.title })}</h3>
          <p className="small muted">{t('admin.lots.cancelHint')}</p>
          <ReasonField value={reason} onChange={setReason} showError={tried} />
          <Button
            type="submit"
            variant="danger"
            pending={cancel.isPending}
            disabled={!online}
            disabledReason={t('admin.offline')}
          >
            {t('admin.lots.cancel')}
          </Button>
          <div aria-live="polite">
            {cancel.error ? (
              <p className="field-error" role="alert">
                {errorMessage(cancel.error, lang)}
              </p>
            ) : null}
          </div>
        </form>
      ) : null}
      {cancel.isSuccess ? (
        <p className="admin-done" role="status">
          {t('admin.lots.cancelled')}
        </p>
      ) : null}
    </li>
  )
}
