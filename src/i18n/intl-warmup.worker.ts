/**
 * Loads the locale data the first screen's `Intl` objects need, off the main thread
 * (decision 0035). A browser's first number, plural or date format of a page loads ICU data into
 * memory the whole renderer process shares: 20–45 ms each on a desktop, ×4 on a slow phone, and
 * otherwise paid inside the render that shows the first price. Built here first, the page's own
 * first `Intl` objects take a fraction of a millisecond.
 */
interface WarmUp {
  lang: string
  currency: string
}

// The app's TypeScript has the DOM's types, not a worker's: the two members this file uses.
const scope = self as unknown as {
  onmessage: (event: MessageEvent<WarmUp>) => void
  postMessage: (message: string) => void
}

scope.onmessage = ({ data }) => {
  const now = new Date()
  try {
    new Intl.NumberFormat(data.lang, { style: 'currency', currency: data.currency }).format(1)
    new Intl.NumberFormat(data.lang).format(1)
    new Intl.PluralRules(data.lang).select(1)
    new Intl.DateTimeFormat(data.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(now)
    new Intl.RelativeTimeFormat(data.lang, { numeric: 'auto' }).format(1, 'minute')
  } finally {
    scope.postMessage('warm')
  }
}
