import { useId, useRef, useState } from 'react'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useCancelLot } from '../api'

/** Seller (before the first bid) or admin: cancel, with an inline confirmation step. */
export function CancelLot({ lotId }: { lotId: string }) {
  const { t, lang } = useT()
  const online = useOnline()
  const cancel = useCancelLot(lotId)
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const reasonId = useId()
  if (!confirming) {
    return (
      <Button
        variant="ghost"
        disabled={!online}
        disabledReason={t('lot.cancelOffline')}
        reasonId={reasonId}
        onClick={() => {
          setConfirming(true)
          requestAnimationFrame(() => confirmRef.current?.focus())
        }}
      >
        {t('lot.cancel')}
      </Button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={t('lot.cancel')}>
      <p>{t('lot.cancelConfirm')}</p>
      <div className="actions">
        <Button
          variant="danger"
          pending={cancel.isPending}
          onClick={() => cancel.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          disabled={!online}
          disabledReason={t('lot.cancelOffline')}
          reasonId={reasonId}
        >
          {t('lot.cancel')}
        </Button>
        <button
          ref={confirmRef}
          type="button"
          className="btn btn-secondary"
          onClick={() => setConfirming(false)}
        >
          {t('lot.keep')}
        </button>
      </div>
      {cancel.isError ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(cancel.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
