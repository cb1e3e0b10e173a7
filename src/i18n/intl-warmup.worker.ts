/**
 * Loads the locale data the first screen's `Intl` objects need, off the main thread
 * (decision 0035). A browser's first number, plural or date format of a page loads ICU data into
 * memory the whole renderer process shares: 20–45 ms each on a desktop, ×4 on a slow phone, and
 * otherwise paid inside the render that shows the first price. Built here first, the page's own
 * first `Intl` objects take a fraction of a millisecond.
 *
 * It answers with the browser's time zone, which it learns from the date format it built: the
 * page's own first look at it (`resolvedOptions()` of a default `Intl.DateTimeFormat`) builds a
 * format for the browser's locale, a long task of its own on a slow phone (src/i18n/time-zone.ts).
 */
interface WarmUp {
  lang: string
  currency: string
}

/** The answer: done, and the zone when this worker could tell it. */
export interface WarmedUp {
  timeZone?: string
}

// The app's TypeScript has the DOM's types, not a worker's: the two members this file uses.
const scope = self as unknown as {
  onmessage: (event: MessageEvent<WarmUp>) => void
  postMessage: (message: WarmedUp) => void
}

scope.onmessage = ({ data }) => {
  const now = new Date()
  let timeZone: string | undefined
  try {
    new Intl.NumberFormat(data.lang, { style: 'currency', currency: data.currency }).format(1)
    new Intl.NumberFormat(data.lang).format(1)
    new Intl.PluralRules(data.lang).select(1)
    const dates = new Intl.DateTimeFormat(data.lang, { dateStyle: 'medium', timeStyle: 'short' })
    dates.format(now)
    timeZone = dates.resolvedOptions().timeZone
    new Intl.RelativeTimeFormat(data.lang, { numeric: 'auto' }).format(1, 'minute')
  } finally {
    scope.postMessage({ timeZone })
  }
}
