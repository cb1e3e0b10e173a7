/**
 * After a deploy, an old page may ask for a lazy chunk that no longer exists ("Failed to fetch
 * dynamically imported module"). Vite fires `vite:preloadError`: reload once to pick up the new
 * build — only when online (offline, the screen's error state explains instead), and at most once
 * per 10 s per tab (sessionStorage guard) so a broken deploy cannot loop.
 */
export const PRELOAD_RELOAD_KEY = 'lotline.preloadReloadAt'
const GUARD_MS = 10_000

export function handlePreloadError(
  event: Event,
  env: { online: boolean; now: number; storage: Storage; reload: () => void },
): boolean {
  if (!env.online) return false
  let last = 0
  try {
    last = Number(env.storage.getItem(PRELOAD_RELOAD_KEY) ?? 0)
  } catch {
    return false
  }
  if (env.now - last < GUARD_MS) return false
  try {
    env.storage.setItem(PRELOAD_RELOAD_KEY, String(env.now))
  } catch {
    return false
  }
  event.preventDefault()
  env.reload()
  return true
}

export function installPreloadRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    handlePreloadError(event, {
      online: navigator.onLine,
      now: Date.now(),
      storage: sessionStorage,
      reload: () => window.location.reload(),
    })
  })
}

/** True for a failed dynamic import (used to explain the error when offline). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  )
}
