import { useId, useRef, useState } from 'react'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { isApiError } from '../../../api/errors'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useEndLotEarly } from '../api/tools'

/**
 * The seller ends their open lot now, before any bid (issue 32), after an inline confirmation:
 * it closes unsold and the room shows it ended for everyone.
 */
export function EndLotEarly({ lotId }: { lotId: string }) {
  const { t, lang } = useT()
  const online = useOnline()
  const end = useEndLotEarly(lotId)
  const [confirming, setConfirming] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  const reasonId = useId()
  if (!confirming) {
    return (
      <Button
        variant="secondary"
        disabled={!online}
        disabledReason={t('tools.end.offline')}
        reasonId={reasonId}
        onClick={() => {
          setConfirming(true)
          requestAnimationFrame(() => keepRef.current?.focus())
        }}
      >
        {t('tools.end.button')}
      </Button>
    )
  }
  return (
    <div className="confirm" role="group" aria-label={t('tools.end.button')}>
      <p>{t('tools.end.confirm')}</p>
      <div className="actions">
        <Button
          variant="danger"
          pending={end.isPending}
          onClick={() => end.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          disabled={!online}
          disabledReason={t('tools.end.offline')}
          reasonId={reasonId}
        >
          {t('tools.end.confirmButton')}
        </Button>
        <button
          ref={keepRef}
          type="button"
          className="btn btn-secondary"
          onClick={() => setConfirming(false)}
        >
          {t('tools.end.keep')}
        </button>
      </div>
      {end.isError ? (
        <p className="notice notice-error" role="alert">
          {isApiError(end.error) && end.error.code === 'lot_has_bids'
            ? t('tools.end.hasBids')
            : errorMessage(end.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
