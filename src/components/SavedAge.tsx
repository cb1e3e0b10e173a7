import { useEffect, useState } from 'react'
import { useT, type MessageKey } from '../i18n'
import { dateTimeFormat, relativeTimeFormat } from '../i18n/intl'
import { useTimeZone } from '../i18n/time-zone'
import { isLive, useConnection } from '../realtime/live'

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 minutes ago" in the user's language (Intl.RelativeTimeFormat); null under a minute. */
export function relativeAge(at: number, now: number, lang: string): string | null {
  const diff = Math.max(0, now - at)
  const format = relativeTimeFormat(lang, { numeric: 'auto' })
  for (const [unit, ms] of UNITS) if (diff >= ms) return format.format(-Math.floor(diff / ms), unit)
  return null
}

/** Why the data on screen is not live, or null when it is. */
export type Staleness = 'offline' | 'reconnecting' | 'failed'

const MESSAGE: Record<Staleness, MessageKey> = {
  offline: 'offline.savedAge',
  reconnecting: 'offline.notLiveAge',
  failed: 'offline.refreshFailedAge',
}

/** Re-renders every 30 s, so a shown age keeps telling the truth. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * "Saved 3 minutes ago" (offline), "Not live · updated 3 minutes ago" (real-time reconnecting),
 * "Could not refresh · saved …" (the last refresh failed): how old the data on screen is, shown
 * only while it cannot be trusted to be current (docs/product.md §6). `liveData={false}` for data
 * that is never pushed live (the account): then only offline and failed refreshes count.
 */
export function SavedAge({
  at,
  failed = false,
  liveData = true,
}: {
  /** When the data was fetched (a query's dataUpdatedAt). */
  at: number
  failed?: boolean
  liveData?: boolean
}) {
  const { t, lang } = useT()
  const timeZone = useTimeZone()
  const connection = useConnection()
  const now = useNow()
  const staleness: Staleness | null =
    connection === 'offline'
      ? 'offline'
      : failed
        ? 'failed'
        : liveData && !isLive(connection)
          ? 'reconnecting'
          : null
  if (!at || !staleness) return null
  const age = relativeAge(at, now, lang) ?? t('offline.justNow')
  const exact = dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return (
    <p className={`saved-age saved-age-${staleness}`} data-testid="saved-age">
      <time dateTime={new Date(at).toISOString()} title={exact.format(at)}>
        {t(MESSAGE[staleness], { age })}
      </time>
    </p>
  )
}
