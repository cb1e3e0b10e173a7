/**
 * Loads a chunk the app cannot do without in the background (pusher-js, the real-time bridge),
 * trying again until it arrives: on a first visit there is no service worker copy yet, and a
 * network drop while it loads would otherwise leave the page without it until a reload. Offline
 * it waits for the `online` event; online (a server hiccup) it waits a growing delay. Resolves
 * `undefined` once `stopped()` says the caller no longer wants it (docs/decisions/0041).
 */
export async function loadAgain<T>(
  load: () => Promise<T>,
  stopped: () => boolean,
  wait: (attempt: number) => Promise<void> = networkBack,
): Promise<T | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      if (stopped()) return undefined
      console.warn('A part of the app could not load; it will be tried again', error)
      await wait(attempt)
      if (stopped()) return undefined
    }
  }
}

const MAX_DELAY_MS = 30_000

/** Until the browser is back online, or 2 s, 4 s, 8 s … (at most 30 s) while it says it is. */
function networkBack(attempt: number): Promise<void> {
  if (navigator.onLine === false) {
    return new Promise((resolve) =>
      window.addEventListener('online', () => resolve(), { once: true }),
    )
  }
  return new Promise((resolve) => setTimeout(resolve, Math.min(2_000 * 2 ** attempt, MAX_DELAY_MS)))
}
