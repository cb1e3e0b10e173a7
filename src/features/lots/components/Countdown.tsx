import type { LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { formatRemaining, useServerNow } from '../clock'

/** Time left (or until the start), corrected by the server clock offset; "Ended" once over. */
export function Countdown({
  lot,
  className,
  labelled = false,
}: {
  lot: LotSummary
  className?: string
  /** "Ends in 4:07" instead of "4:07" (cards, where no heading says what the time is). */
  labelled?: boolean
}) {
  const { t } = useT()
  const now = useServerNow()
  const ends = Date.parse(lot.endsAt)
  const starts = Date.parse(lot.startsAt)
  let text: string
  let urgent = false
  if (lot.status === 'scheduled' && starts > now) {
    text = t('lots.startsIn', { time: formatRemaining(starts - now) })
  } else if (lot.status === 'open' || lot.status === 'scheduled') {
    const left = ends - now
    urgent = left < 5 * 60_000
    const remaining = formatRemaining(left)
    text =
      left <= 0 ? t('lots.ended') : labelled ? t('lots.endsIn', { time: remaining }) : remaining
  } else {
    text = t('lots.ended')
  }
  return (
    <span
      className={['countdown', urgent ? 'countdown-urgent' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <time dateTime={lot.status === 'scheduled' ? lot.startsAt : lot.endsAt}>{text}</time>
    </span>
  )
}
