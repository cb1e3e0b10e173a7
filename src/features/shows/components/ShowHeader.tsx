import { Link } from 'wouter'
import type { ShowDetail } from '../../../../common/shows'
import { useT, type MessageKey } from '../../../i18n'
import { Viewers } from './Viewers'

/** The show's title, seller, state and viewers, shared by the room and the host console. */
export function ShowHeader({
  show,
  back,
}: {
  show: ShowDetail
  back: { href: string; label: string }
}) {
  const { t } = useT()
  return (
    <header className="show-head">
      <p className="back">
        <Link href={back.href}>← {back.label}</Link>
      </p>
      <h1>{show.title}</h1>
      <p className="muted small show-meta">
        <span className={`badge show-state show-state-${show.state}`} data-testid="show-state">
          {t(`shows.state.${show.state}` as MessageKey)}
        </span>{' '}
        <Link href={`/sellers/${show.sellerId}`}>{show.seller}</Link> <Viewers showId={show.id} />
      </p>
    </header>
  )
}
