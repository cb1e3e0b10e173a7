import { EmptyState } from '../../components/EmptyState'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'

/** `/`: the lots list arrives with the next issue; for now, an honest empty state. */
export default function HomeScreen() {
  const { t } = useT()
  useDocumentTitle('')
  return (
    <div className="lots">
      <h1>{t('lots.title')}</h1>
      <EmptyState title={t('lots.emptyTitle')}>
        <p>{t('lots.emptyBody')}</p>
      </EmptyState>
    </div>
  )
}
