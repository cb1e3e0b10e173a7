import { useT } from '../i18n'
import { EmptyState } from './EmptyState'

/**
 * Offline with nothing in the saved cache for this screen: say so, instead of a spinner that
 * would wait for a network that is not there (the query is paused, not loading).
 */
export function NothingSaved({
  title,
  headingLevel = 2,
}: {
  /** What is missing ("Your wallet"); the generic title when omitted. */
  title?: string
  headingLevel?: 2 | 3
}) {
  const { t } = useT()
  return (
    <EmptyState title={title ?? t('offline.nothingSavedTitle')} headingLevel={headingLevel}>
      <p>{t('offline.nothingSavedBody')}</p>
    </EmptyState>
  )
}
