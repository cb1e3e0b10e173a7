import { useSyncExternalStore } from 'react'
import { firstRenderHints, TIME_ZONE_COOKIE } from '../../common/first-render'

/**
 * The browser's own zone, worked out once: told by the Intl warm-up worker (src/i18n/warm-up.ts)
 * as a rule, else from a default format built here, which costs a slow phone a long task (the
 * format of the browser's locale, whose data nothing else loads).
 */
let local: string | undefined
function localTimeZone(): string {
  local ??= new Intl.DateTimeFormat().resolvedOptions().timeZone
  return local
}

/** The zone the warm-up worker found (the same process, so the same zone); a blank is no answer. */
export function knowTimeZone(zone: string | undefined): void {
  if (typeof zone === 'string' && zone.length > 0) local ??= zone
}

const never = () => () => undefined

/**
 * The zone clock times are written in: the browser's own, except while hydrating the page the
 * server rendered, which wrote them in the zone it knew (the reader's from an earlier visit, else
 * UTC, decision 0059). React draws again with the browser's zone right after hydration when the
 * two differ, and only the components that write a clock time.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(never, localTimeZone, () => firstRenderHints()?.timeZone ?? 'UTC')
}

/** Remembers this browser's zone for the server's next render of a first screen. */
export function rememberTimeZone(): void {
  const zone = localTimeZone()
  const current = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`
  if (document.cookie.split('; ').includes(current)) return
  document.cookie = `${current}; path=/; max-age=31536000; samesite=lax`
}
