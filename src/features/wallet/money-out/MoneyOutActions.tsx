import { useId } from 'react'
import { Button } from '../../../components/Button'
import { useT } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'

/** The end of both money-out forms: the API's refusal, confirm (or why not), cancel. */
export function MoneyOutActions({
  error,
  pending,
  blocked,
  confirm,
  onClose,
}: {
  error: unknown
  pending: boolean
  /** Why confirming is not possible now, or undefined. */
  blocked: string | undefined
  confirm: string
  onClose: () => void
}) {
  const { t, lang } = useT()
  const id = useId()
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {errorMessage(error, lang)}
        </p>
      ) : null}
      <div className="actions">
        <Button
          type="submit"
          pending={pending}
          pendingLabel={t('moneyOut.sending')}
          disabled={blocked !== undefined}
          disabledReason={blocked}
          reasonId={`${id}-blocked`}
        >
          {confirm}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('moneyOut.cancel')}
        </Button>
      </div>
    </>
  )
}
