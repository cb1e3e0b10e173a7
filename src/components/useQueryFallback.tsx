import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { errorMessage, useT } from '../i18n'
import { ErrorState } from './ErrorState'
import { NothingSaved } from './NothingSaved'
import { Loading } from './Spinner'

/**
 * What a screen shows instead of itself while a query it cannot do without has no data: loading;
 * offline with nothing saved (the query is paused, not loading forever without a reason); or the
 * failure with a retry. Null once there is data to show.
 */
export function useQueryFallback(query: UseQueryResult<unknown>): ReactNode {
  const { t, lang } = useT()
  if (query.isPending) {
    if (query.fetchStatus === 'paused') return <NothingSaved />
    return <Loading label={t('app.loading')} />
  }
  if (query.isError && query.data === undefined) {
    return (
      <ErrorState
        title={t('error.screenTitle')}
        message={errorMessage(query.error, lang)}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        retrying={query.isFetching}
      />
    )
  }
  return null
}
