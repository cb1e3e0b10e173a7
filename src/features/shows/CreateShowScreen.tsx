import { Link } from 'wouter'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { SignedInOnly } from '../auth'
import { ShowFormView } from './components/ShowFormView'
import { useCreateShowForm } from './useCreateShowForm'
import './shows.css'

/** `/shows/new`: schedule a show from the seller's own scheduled lots. */
export default function CreateShowScreen() {
  const { t } = useT()
  useDocumentTitle(t('showForm.title'))
  return (
    <SignedInOnly signInTitle={t('showForm.signIn')}>
      <CreateShowFormView />
    </SignedInOnly>
  )
}

function CreateShowFormView() {
  const { t } = useT()
  const form = useCreateShowForm()
  return (
    <div className="create-show">
      <p className="back">
        <Link href="/shows">← {t('shows.back')}</Link>
      </p>
      <h1>{t('showForm.title')}</h1>
      <ShowFormView
        form={form}
        submitLabel={t('showForm.submit')}
        sendingLabel={t('showForm.sending')}
        offlineReason={t('showForm.offline')}
      />
    </div>
  )
}
