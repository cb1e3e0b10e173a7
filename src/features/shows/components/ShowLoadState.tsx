import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'wouter'
import { isUuid } from '../../../../common/wire'
import { isApiError } from '../../../api/errors'
import { EmptyState } from '../../../components/EmptyState'
import { NothingSaved } from '../../../components/NothingSaved'
import { QueryErrorState } from '../../../components/QueryErrorState'
import { Loading } from '../../../components/Spinner'
import { useT } from '../../../i18n'
import { useOnline } from '../../../offline/online'

/** A show screen before its show is here: loading, not found, failed, or offline with nothing saved. */
export function ShowLoadState({ id, query }: { id: string; query: UseQueryResult<unknown> }) {
  const { t } = useT()
  const online = useOnline()
  const gone = !isUuid(id) || (isApiError(query.error) && query.error.status === 404)
  if (gone) {
    return (
      <EmptyState title={t('shows.notFound')} action={<Link href="/shows">{t('shows.back')}</Link>}>
        <p>{t('shows.notFoundBody')}</p>
      </EmptyState>
    )
  }
  if (query.isError) {
    return (
      <QueryErrorState
        query={query}
        title={t('shows.errorTitle')}
        message={online ? undefined : t('errors.offline')}
        retry={online}
      />
    )
  }
  if (!online) return <NothingSaved />
  return <Loading label={t('shows.loading')} />
}
