import { Link } from 'wouter'
import type { ShowSummary } from '../../../../common/shows'
import { useT, type MessageKey } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'

/** A show in a list: its title links to the room; live ones say the lot on the block and its price. */
export function ShowCard({
  show,
  format,
}: {
  show: ShowSummary
  format: (minor: number) => string
}) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const when = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const lot = show.currentLot
  return (
    <article className="panel show-card">
      <h2 className="show-card-title">
        <Link href={`/shows/${show.id}`}>{show.title}</Link>
      </h2>
      <p className="muted small">
        <span className={`badge show-state show-state-${show.state}`}>
          {t(`shows.state.${show.state}` as MessageKey)}
        </span>{' '}
        {show.seller} · {t('shows.lotCount', { count: show.lotCount })}
      </p>
      {show.state === 'scheduled' ? (
        <p className="small">
          {t('shows.startsAt', { time: when.format(new Date(show.startsAt)) })}
        </p>
      ) : null}
      {lot && (show.state === 'live' || show.state === 'paused') ? (
        <p className="small">
          {t('shows.nowOn', { title: lot.title })}{' '}
          <strong>{format(lot.currentPrice ?? lot.startingPrice)}</strong>
        </p>
      ) : null}
    </article>
  )
}
