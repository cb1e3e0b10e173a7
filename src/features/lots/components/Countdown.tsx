import type { LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'
import { useLive } from '../../../realtime/live'
import { formatRemaining, useServerNow } from '../clock'

/** "7:44 PM" today, "Nov 24, 7:44 PM" another day: a saved end time, compactly. */
function formatEnd(at: number, now: number, lang: string, timeZone: string): string {
  const day = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const sameDay = day.format(at) === day.format(now)
  return dateTimeFormat(
    lang,
    sameDay
      ? { hour: 'numeric', minute: '2-digit', timeZone }
      : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone },
  ).format(at)
}

/**
 * Time left (or until the start), corrected by the server clock offset; "Ended" once over.
 *
 * Not live (offline, or the real-time connection reconnecting) it stops counting and shows the
 * saved end instead — "Due to end 7:44 PM", "Was due to end …" once that time has passed — since
 * a late bid may have extended the lot, or it may have ended, without this device hearing of it
 * (docs/decisions/0013-truthful-offline-ui.md).
 */
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
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const now = useServerNow()
  const live = useLive()
  const ends = Date.parse(lot.endsAt)
  const starts = Date.parse(lot.startsAt)
  const pending = lot.status === 'open' || lot.status === 'scheduled'
  let text: string
  let urgent = false
  if (lot.status === 'scheduled' && lot.showId) {
    // A show's queued lot opens when the host reaches it: its `startsAt` is a stand-in (issue 34).
    text = t('lots.inShow')
  } else if (pending && !live) {
    const notStarted = lot.status === 'scheduled' && starts > now
    const at = notStarted ? starts : ends
    const time = formatEnd(at, now, lang, timeZone)
    text = notStarted
      ? t('lots.dueToStart', { time })
      : t(ends > now ? 'lots.dueToEnd' : 'lots.wasDueToEnd', { time })
  } else if (lot.status === 'scheduled' && starts > now) {
    text = t('lots.startsIn', { time: formatRemaining(starts - now) })
  } else if (pending) {
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
      className={[
        'countdown',
        urgent ? 'countdown-urgent' : '',
        live ? '' : 'countdown-paused',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <time dateTime={lot.status === 'scheduled' ? lot.startsAt : lot.endsAt}>{text}</time>
    </span>
  )
}
