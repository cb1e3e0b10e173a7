import type { LotSummary } from '../../../../common/auction'
import { useT } from '../../../i18n'
import { dateTimeFormat } from '../../../i18n/intl'
import { useTimeZone } from '../../../i18n/time-zone'
import { useLive } from '../../../realtime/live'
import { formatRemaining, useServerClock } from '../clock'

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
  const live = useLive()
  const ends = Date.parse(lot.endsAt)
  const starts = Date.parse(lot.startsAt)
  const pending = lot.status === 'open' || lot.status === 'scheduled'
  // What shows at `now`: the component re-renders only when this text changes (clock.ts).
  const textAt = (now: number): string => {
    if (lot.status === 'scheduled' && lot.showId) {
      // A show's queued lot opens when the host reaches it: its `startsAt` is a stand-in (issue 34).
      return t('lots.inShow')
    }
    if (pending && !live) {
      const notStarted = lot.status === 'scheduled' && starts > now
      const time = formatEnd(notStarted ? starts : ends, now, lang, timeZone)
      if (notStarted) return t('lots.dueToStart', { time })
      return t(ends > now ? 'lots.dueToEnd' : 'lots.wasDueToEnd', { time })
    }
    if (lot.status === 'scheduled' && starts > now) {
      return t('lots.startsIn', { time: formatRemaining(starts - now) })
    }
    if (!pending || ends - now <= 0) return t('lots.ended')
    const remaining = formatRemaining(ends - now)
    return labelled ? t('lots.endsIn', { time: remaining }) : remaining
  }
  const text = useServerClock(textAt)
  const urgent = useServerClock(
    (now) =>
      live &&
      pending &&
      !(lot.status === 'scheduled' && (lot.showId || starts > now)) &&
      ends - now < 5 * 60_000,
  )
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
