import { Link, useParams } from 'wouter'
import { isUuid, showChannel } from '../../../common/wire'
import { EmptyState } from '../../components/EmptyState'
import { SavedAge } from '../../components/SavedAge'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth'
import { ShowLotPanel } from '../lots'
import { useShow } from './api'
import { BetweenLots } from './components/BetweenLots'
import { HostControls } from './components/HostControls'
import { ShowChat } from './components/ShowChat'
import { ShowHeader } from './components/ShowHeader'
import { ShowLoadState } from './components/ShowLoadState'
import { ShowQueue, ShowResults } from './components/ShowLots'
import { runningLot, showEditable } from './show-state'
import { useMoney } from './use-money'
import './shows.css'

/**
 * `/shows/:id/host`: the host console, for the show's seller (and admins: `my.host`). The moves,
 * the running lot with its clock, bids and price live, the viewers, and the chat with moderation.
 */
export default function HostConsoleScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const { t } = useT()
  const me = useMe().data ?? null
  const query = useShow(id)
  useChannel(isUuid(id) ? showChannel(id) : null)
  const show = query.data
  const format = useMoney()
  useDocumentTitle(show ? t('shows.host.titleOf', { title: show.title }) : t('shows.loading'))
  if (!show) return <ShowLoadState id={id} query={query} />
  if (!show.my?.host) {
    return (
      <EmptyState
        title={t('shows.host.forbidden')}
        action={<Link href={`/shows/${show.id}`}>{t('shows.host.toRoom')}</Link>}
      >
        <p>{t('shows.host.forbiddenBody')}</p>
      </EmptyState>
    )
  }
  const running = runningLot(show)
  return (
    <div className="show-room host-console">
      <div className="lot-top">
        <ShowHeader
          show={show}
          back={{ href: `/shows/${show.id}`, label: t('shows.host.toRoom') }}
        />
        <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
        {showEditable(show) ? (
          <p>
            <Link className="btn btn-secondary" href={`/shows/${show.id}/edit`}>
              {t('showEdit.open')}
            </Link>
          </p>
        ) : null}
      </div>
      <div className="show-main">
        <HostControls show={show} />
        {show.state === 'live' || show.state === 'paused' ? (
          running ? (
            <ShowLotPanel
              key={running.lotId}
              entry={running}
              format={format}
              me={me}
              bidding={false}
            />
          ) : (
            <BetweenLots show={show} />
          )
        ) : null}
        <ShowQueue show={show} format={format} />
        <ShowResults show={show} format={format} />
      </div>
      <aside className="show-side">
        <ShowChat showId={show.id} state={show.state} signedIn={Boolean(me)} muted={false} host />
      </aside>
    </div>
  )
}
