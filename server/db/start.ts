import { setTimeout as sleep } from 'node:timers/promises'
import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors.ts'

export interface StartOptions {
  /** Give up after this long (0 = one attempt). */
  timeoutMs: number
  /** Told about each failed attempt and the wait before the next. */
  onRetry?: (error: unknown, waitMs: number) => void
  firstDelayMs?: number
  maxDelayMs?: number
}

/**
 * Opens the database at start, waiting with backoff while it is unreachable (a database container
 * that starts after the API, a failover in progress). Anything else — wrong password, missing
 * database — is a configuration error that no wait fixes, so it is thrown at once; so is the last
 * unavailability when the time is up.
 */
export async function openWhenReachable<T>(
  open: () => Promise<T>,
  options: StartOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs
  let delay = options.firstDelayMs ?? 250
  for (;;) {
    try {
      return await open()
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      const wait = Math.min(delay, deadline - Date.now())
      if (wait <= 0)
        throw error instanceof DatabaseUnavailableError
          ? error
          : new DatabaseUnavailableError(error)
      options.onRetry?.(error, wait)
      await sleep(wait)
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000)
    }
  }
}

/** postgres://user:secret@host/db → postgres://user:***@host/db, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unparseable DATABASE_URL)'
  }
}
