import { useState, type FormEvent } from 'react'
import { Button } from '../../components/Button'
import { useToast } from '../../components/Toast'
import { useT } from '../../i18n'
import { errorMessage } from '../../i18n/error-message'
import { useOnline } from '../../offline/online'
import { ReasonField, reasonOk } from '../admin'
import { useRemoveRating } from './api'

/** An admin's "Remove" on one rating: it asks for the reason the audit keeps, then removes it. */
export function RemoveRating({ ratingId }: { ratingId: string }) {
  const { t, lang } = useT()
  const online = useOnline()
  const remove = useRemoveRating()
  const { notify } = useToast()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!reasonOk(reason)) return
    // Said in a toast: the refreshed profile no longer lists this rating, nor this form.
    remove.mutate(
      { ratingId, reason: reason.trim() },
      { onSuccess: () => notify({ message: t('seller.removed'), tone: 'success' }) },
    )
  }
  if (remove.isSuccess) return null
  return (
    <div className="rating-remove">
      <Button variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('seller.remove')}
      </Button>
      {open ? (
        <form className="rating-remove-form" onSubmit={submit} noValidate>
          <h3>{t('seller.removeTitle')}</h3>
          <ReasonField value={reason} onChange={setReason} showError={tried} />
          <div className="rating-actions">
            <Button
              type="submit"
              variant="danger"
              pending={remove.isPending}
              disabled={!online}
              disabledReason={t('seller.removeOffline')}
            >
              {t('seller.removeConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('seller.removeCancel')}
            </Button>
          </div>
          <div aria-live="polite">
            {remove.error ? (
              <p className="field-error" role="alert">
                {errorMessage(remove.error, lang)}
              </p>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  )
}
