import { formatMoney } from '../../common/money'
import type { WarmedUp } from './intl-warmup.worker'
import { knowTimeZone } from './time-zone'

/**
 * Starts loading the locale data of the first screen's formats in a worker (decision 0035), so the
 * first price, plural and date the app renders do not each stall the main thread: the data is the
 * renderer process's, shared with the page, and the page's own first `Intl` objects then take a
 * fraction of a millisecond. Where workers are missing or refused, the formatter is built on the
 * main thread once the page is idle, as before. Resolves when the worker is done (or failed); the
 * browser's time zone it found is handed to src/i18n/time-zone.ts, so the page never builds a
 * format only to learn it.
 */
export function warmUpIntl(
  lang: string,
  currency: string,
  onIdle: (work: () => void) => void,
): Promise<void> {
  // Building the money format ahead of the first price: a browser's first currency format loads
  // its locale data, tens of milliseconds on a slow phone (decision 0030).
  const fallback = () => onIdle(() => formatMoney(0, currency, lang))
  if (typeof Worker !== 'function') {
    fallback()
    return Promise.resolve()
  }
  return new Promise<void>((resolve) => {
    try {
      const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), {
        type: 'module',
        name: 'intl-warm-up',
      })
      const done = () => {
        worker.terminate()
        resolve()
      }
      worker.addEventListener(
        'message',
        ({ data }: MessageEvent<WarmedUp | undefined>) => {
          knowTimeZone(data?.timeZone)
          done()
        },
        { once: true },
      )
      worker.addEventListener('error', () => {
        done()
        fallback()
      })
      worker.postMessage({ lang, currency })
    } catch {
      fallback()
      resolve()
    }
  })
}
