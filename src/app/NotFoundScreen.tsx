import { Link } from 'wouter'
import { useDocumentTitle } from '../components/useDocumentTitle'
import { useT } from '../i18n'

export default function NotFoundScreen() {
  const { t } = useT()
  useDocumentTitle(t('notFound.title'))
  return (
    <section className="state">
      <h1>{t('notFound.title')}</h1>
      <p className="state-body">{t('notFound.body')}</p>
      <p>
        <Link href="/" className="btn btn-secondary">
          {t('common.goHome')}
        </Link>
      </p>
    </section>
  )
}
