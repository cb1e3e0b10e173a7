import { useT } from '../i18n'
import { errorMessage } from '../i18n/error-message'
import { ErrorState } from './ErrorState'

/** What a failed query needs to show its error and offer a retry. */
export interface RetryableQuery {
  error: unknown
  isFetching: boolean
  refetch: () => Promise<unknown>
}

/**
 * A query that failed with nothing to show: its error in the current language and a retry that
 * shows it is under way (a screen offline may say why instead and offer no retry).
 */
export function QueryErrorState({
  query,
  title,
  message,
  retry = true,
}: {
  query: RetryableQuery
  title: string
  /** Instead of the query's own error (e.g. "you are offline"). */
  message?: string
  retry?: boolean
}) {
  const { t, lang } = useT()
  return (
    <ErrorState
      title={title}
      message={message ?? errorMessage(query.error, lang)}
      onRetry={retry ? () => void query.refetch() : undefined}
      retryLabel={t('common.retry')}
      retrying={query.isFetching}
    />
  )
}
