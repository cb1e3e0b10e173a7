import { Link, useParams } from 'wouter'
import type { ShowDetail } from '../../../common/shows'
import { isUuid, showChannel } from '../../../common/wire'
import { SavedAge } from '../../components/SavedAge'
import { useDocumentTitle } from '../../components/useDocumentTitle'
import { useT } from '../../i18n'
import { dateTimeFormat } from '../../i18n/intl'
import { useTimeZone } from '../../i18n/time-zone'
import { useChannel } from '../../realtime/provider'
import { useMe } from '../auth'
import { ShowLotPanel } from '../lots'
import { FollowButton } from '../sellers'
import { useShow } from './api'
import { BetweenLots } from './components/BetweenLots'
import { ShowChat } from './components/ShowChat'
import { ShowHeader } from './components/ShowHeader'
import { ShowLoadState } from './components/ShowLoadState'
import { ShowQueue, ShowResults } from './components/ShowLots'
import { runningLot, showEditable } from './show-state'
import { useMoney } from './use-money'
import './shows.css'

/**
 * `/shows/:id`: the show room. It follows the show live through `show.{id}` (the bridge keeps the
 * cached show newest; a re-subscription after a drop refetches it), so when the host opens the
 * next lot the room moves to it without a reload.
 */
export default function ShowRoomScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const { t } = useT()
  const me = useMe().data ?? null
  const query = useShow(id)
  useChannel(isUuid(id) ? showChannel(id) : null)
  const show = query.data
  useDocumentTitle(show?.title ?? t('shows.loading'))
  const format = useMoney()
  if (!show) return <ShowLoadState id={id} query={query} />
  return (
    <div className="show-room">
      <div className="lot-top">
        <ShowHeader show={show} back={{ href: '/shows', label: t('shows.back') }} />
        {/* Under the title, not under the lot: the lot's bidding arrives with its detail, and
            would push whatever is below it down on a wide screen. */}
        {show.description ? <p className="description">{show.description}</p> : null}
        <SavedAge at={query.dataUpdatedAt} failed={query.isError} />
      </div>
      {show.my?.host ? (
        <p className="actions">
          <Link className="btn btn-secondary" href={`/shows/${show.id}/host`}>
            {t('shows.host.open')}
          </Link>
          {showEditable(show) ? (
            <Link className="btn btn-secondary" href={`/shows/${show.id}/edit`}>
              {t('showEdit.open')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="show-main">
        <ShowStage show={show} me={me} />
      </div>
      <aside className="show-side">
        <ShowChat
          showId={show.id}
          state={show.state}
          signedIn={Boolean(me)}
          muted={show.my?.muted ?? false}
        />
        {show.state === 'ended' ? null : <ShowQueue show={show} format={format} />}
        <ShowResults show={show} format={format} />
      </aside>
    </div>
  )
}

/** What the show is doing: not started, a lot on the block, between lots, or over. */
function ShowStage({ show, me }: { show: ShowDetail; me: { id: string; alias: string } | null }) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const format = useMoney()
  if (show.state === 'scheduled') {
    const when = dateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone })
    return (
      <section className="panel show-stage" data-testid="show-scheduled">
        <p className="price-big">
          {t('shows.startsAt', { time: when.format(new Date(show.startsAt)) })}
        </p>
        <p className="muted">{t('shows.lotCount', { count: show.lotCount })}</p>
        <FollowButton
          sellerId={show.sellerId}
          following={show.my?.following ?? false}
          signedIn={Boolean(me)}
          own={me?.id === show.sellerId}
        />
      </section>
    )
  }
  if (show.state === 'ended') {
    return (
      <section className="panel show-stage" data-testid="show-ended">
        <h2>{t('shows.endedTitle')}</h2>
        <p className="muted">{t('shows.endedBody')}</p>
      </section>
    )
  }
  const running = runningLot(show)
  return (
    <>
      {show.state === 'paused' ? (
        <p className="notice notice-warn" role="status">
          {t('shows.paused')}
        </p>
      ) : null}
      {running ? (
        <ShowLotPanel key={running.lotId} entry={running} format={format} me={me} />
      ) : (
        <BetweenLots show={show} />
      )}
    </>
  )
}
