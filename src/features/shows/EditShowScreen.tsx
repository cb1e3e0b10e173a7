import { Link, useParams } from 'wouter'
import type { ShowDetail } from '../../../common/shows'
import { isUuid, showChannel } from '../../../common/wire'
import { EmptyState } from '../../components/EmptyState'
import { Loading } from '../../components/Spinner'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useChannel } from '../../realtime/provider'
import { SignedInOnly } from '../auth'
import { useShow } from './api'
import { ShowFormView } from './components/ShowFormView'
import { ShowLoadState } from './components/ShowLoadState'
import { useEditShowForm } from './useEditShowForm'
import './shows.css'

/**
 * `/shows/:id/edit`: the host changes the show's details, and its queue (add, remove, reorder,
 * each lot's timer and mode), until it ends. It listens to the show, so a show that starts or ends
 * meanwhile fixes its start or closes the form.
 */
export default function EditShowScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const { t } = useT()
  return (
    <SignedInOnly signInTitle={t('showEdit.signIn')}>
      <EditShowView id={id} />
    </SignedInOnly>
  )
}

function EditShowView({ id }: { id: string }) {
  const { t } = useT()
  // The form starts from the show as the server has it now: the queue may have changed in another
  // tab, or by a lot made for the show (/lots/new?show=:id), while no one here listened.
  const query = useShow(id, { fresh: true })
  useChannel(isUuid(id) ? showChannel(id) : null)
  const show = query.data
  useDocumentTitle(show ? t('showEdit.titleOf', { title: show.title }) : t('shows.loading'))
  if (!show) return <ShowLoadState id={id} query={query} />
  // Offline, or when asking failed, the saved show it is (saving says why not, offline).
  if (query.isFetching && !query.isFetchedAfterMount) return <Loading label={t('shows.loading')} />
  const toRoom = <Link href={`/shows/${show.id}`}>{t('shows.host.toRoom')}</Link>
  if (!show.my?.host) {
    return (
      <EmptyState title={t('showEdit.forbidden')} action={toRoom}>
        <p>{t('shows.host.forbiddenBody')}</p>
      </EmptyState>
    )
  }
  if (show.state === 'ended') {
    return (
      <EmptyState title={t('showEdit.ended')} action={toRoom}>
        <p>{t('showEdit.endedBody')}</p>
      </EmptyState>
    )
  }
  return <EditShowForm key={show.id} show={show} />
}

function EditShowForm({ show }: { show: ShowDetail }) {
  const { t } = useT()
  const form = useEditShowForm(show)
  const past = show.lots.filter((entry) => entry.state !== 'queued').length
  return (
    <div className="create-show">
      <p className="back">
        <Link href={`/shows/${show.id}/host`}>← {t('shows.host.open')}</Link>
      </p>
      <h1>{t('showEdit.title')}</h1>
      <ShowFormView
        form={form}
        showId={show.id}
        submitLabel={t('showEdit.submit')}
        sendingLabel={t('showEdit.sending')}
        offlineReason={t('showEdit.offline')}
        startFixed={show.state === 'scheduled' ? null : t('showEdit.startFixed')}
        lotsNote={
          past > 0 ? <p className="muted">{t('showEdit.pastLots', { count: past })}</p> : null
        }
      />
    </div>
  )
}
