import { useT } from '../i18n'

/** A part of a screen that failed to load, said in its place with a Retry link beside it. */
export function InlineRetry({
  message,
  onRetry,
  small = false,
  alert = false,
}: {
  message: string
  onRetry: () => void
  /** In small type, as a note under content that is shown. */
  small?: boolean
  /** Announced to screen readers as soon as it appears. */
  alert?: boolean
}) {
  const { t } = useT()
  return (
    <p
      className={small ? 'notice notice-error small' : 'notice notice-error'}
      role={alert ? 'alert' : undefined}
    >
      {message}{' '}
      <button type="button" className="link-btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </p>
  )
}
