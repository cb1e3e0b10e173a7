import { useEffect, useState } from 'react'
import { useT } from '../i18n'

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 minutes ago" in the user's language (Intl.RelativeTimeFormat). */
export function relativeAge(at: number, now: number, lang: string): string {
  const diff = Math.max(0, now - at)
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })
  for (const [unit, ms] of UNITS) if (diff >= ms) return format.format(-Math.floor(diff / ms), unit)
  return format.format(0, 'second')
}

/** "Saved 3 minutes ago": how old the data on screen is, shown while it cannot be refreshed. */
export function SavedAge({ at }: { at: number }) {
  const { t, lang } = useT()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  if (!at) return null
  return (
    <p className="saved-age" role="status">
      {t('offline.savedAge', { age: relativeAge(at, now, lang) })}
    </p>
  )
}
