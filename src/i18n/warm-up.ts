import { formatMoney } from '../../common/money'

/**
 * Starts loading the locale data of the first screen's formats in a worker (decision 0035), so the
 * first price, plural and date the app renders do not each stall the main thread. Where workers
 * are missing or refused, the formatter is built on the main thread once the page is idle, as
 * before.
 */
export function warmUpIntl(lang: string, currency: string, onIdle: (work: () => void) => void) {
  // Building the money format ahead of the first price: a browser's first currency format loads
  // its locale data, tens of milliseconds on a slow phone (decision 0030).
  const fallback = () => onIdle(() => formatMoney(0, currency, lang))
  if (typeof Worker !== 'function') return fallback()
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl-warm-up',
    })
    const done = () => worker.terminate()
    worker.addEventListener('message', done, { once: true })
    worker.addEventListener('error', () => {
      done()
      fallback()
    })
    worker.postMessage({ lang, currency })
  } catch {
    fallback()
  }
}
