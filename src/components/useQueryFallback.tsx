import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useT } from '../i18n'
import { NothingSaved } from './NothingSaved'
import { QueryErrorState } from './QueryErrorState'
import { Loading } from './Spinner'

/**
 * What a screen shows instead of itself while a query it cannot do without has no data: loading;
 * offline with nothing saved (the query is paused, not loading forever without a reason); or the
 * failure with a retry. Null once there is data to show.
 */
export function useQueryFallback(query: UseQueryResult<unknown>): ReactNode {
  const { t } = useT()
  if (query.isPending) {
    if (query.fetchStatus === 'paused') return <NothingSaved />
    return <Loading label={t('app.loading')} />
  }
  if (query.isError && query.data === undefined) {
    return <QueryErrorState query={query} title={t('error.screenTitle')} />
  }
  return null
}
