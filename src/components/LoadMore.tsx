import { useId, type ReactNode } from 'react'
import { useT } from '../i18n'
import { errorMessage } from '../i18n/error-message'
import { Button } from './Button'

/** The part of an infinite query that "Load more" drives. */
export interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: unknown
  fetchNextPage: () => Promise<unknown>
}

/**
 * "Load more" under a cursor-paged list, or nothing on the last page. Offline it stays visible
 * but disabled, with the reason linked to it: the next page needs the network.
 */
export function LoadMore({
  query,
  online,
  className = 'load-more',
  label,
  pendingLabel,
  offlineReason,
  reasonId,
  reportError = false,
}: {
  query: PagedQuery
  online: boolean
  className?: string
  /** The labels default to the lot lists' wording. */
  label?: ReactNode
  pendingLabel?: ReactNode
  offlineReason?: ReactNode
  reasonId?: string
  /** Say under the button why the last page request failed. */
  reportError?: boolean
}) {
  const { t, lang } = useT()
  const generatedId = useId()
  if (!query.hasNextPage) return null
  return (
    <div className={className}>
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        pending={query.isFetchingNextPage}
        pendingLabel={pendingLabel}
        disabled={!online}
        disabledReason={offlineReason ?? t('lots.loadMoreOffline')}
        reasonId={reasonId ?? generatedId}
      >
        {label ?? t('lots.loadMore')}
      </Button>
      {reportError && query.isFetchNextPageError ? (
        <p className="field-error" role="alert">
          {errorMessage(query.error, lang)}
        </p>
      ) : null}
    </div>
  )
}
