import { useEffect, useRef, useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config'
import { queryClient } from '../api/query-client'
import { Button } from '../components/Button'
import { useToast } from '../components/Toast'
import { useT } from '../i18n'
import { flushPersistedState } from '../offline/persist'

const HOUR = 60 * 60 * 1000
export const OFFLINE_READY_KEY = 'lotline.offlineReadyShown'

/**
 * Asks the browser to look for a new service worker — skipped while offline or while one is
 * already installing. The SW script is fetched with no-store first so an HTTP cache or a dead
 * server doesn't make update() throw (vite-pwa periodic-updates recipe).
 */
export async function checkForUpdate(swUrl: string, registration: ServiceWorkerRegistration) {
  if (registration.installing || !navigator.onLine) return
  try {
    const response = await fetch(swUrl, {
      cache: 'no-store',
      headers: { 'cache-control': 'no-cache', [ASYNC_HEADER]: ASYNC_HEADER_VALUE },
    })
    if (response.status === 200) await registration.update()
  } catch {
    // Offline or server down: try again on the next trigger.
  }
}

function watchForUpdates(swUrl: string, registration: ServiceWorkerRegistration): void {
  const check = () => void checkForUpdate(swUrl, registration)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  window.addEventListener('online', check)
  setInterval(check, HOUR)
}

let reloadStarted = false

/**
 * The reload that applies an update: let in-flight (non-paused) writes finish briefly, write the
 * persisted cache and offline queue now (the persister is throttled), then reload.
 */
export async function reloadAfterFlush(reload: () => void = () => window.location.reload()) {
  if (reloadStarted) return
  reloadStarted = true
  const deadline = Date.now() + 5000
  const busy = () =>
    queryClient
      .getMutationCache()
      .getAll()
      .some((m) => m.state.status === 'pending' && !m.state.isPaused)
  while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  try {
    await flushPersistedState(queryClient)
  } finally {
    reload()
  }
}

/** Mounted once at the root: "new version" prompt (never a silent reload) + offline-ready toast. */
export function UpdatePrompt() {
  const { t } = useT()
  const { notify } = useToast()
  const [applying, setApplying] = useState(false)
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (registration) watchForUpdates(swUrl, registration)
    },
    // vite-plugin-pwa calls this on `controlling` after SKIP_WAITING instead of reloading itself.
    onNeedReload() {
      void reloadAfterFlush()
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed', error)
    },
  })

  const shown = useRef(false)
  useEffect(() => {
    if (!offlineReady || shown.current) return
    shown.current = true
    setOfflineReady(false)
    let already = false
    try {
      already = localStorage.getItem(OFFLINE_READY_KEY) === '1'
      localStorage.setItem(OFFLINE_READY_KEY, '1')
    } catch {
      // ignore
    }
    if (!already) notify({ message: t('update.offlineReady'), tone: 'success' })
  }, [offlineReady, setOfflineReady, notify, t])

  if (!needRefresh) return null

  const apply = async () => {
    setApplying(true)
    await updateServiceWorker(true)
    // If `controlling` never fires (vite-plugin-pwa #789), reload anyway after a moment.
    setTimeout(() => void reloadAfterFlush(), 4000)
  }

  return (
    <section className="update" aria-labelledby="update-title">
      <p id="update-title" role="status">
        {t('update.available')}
      </p>
      <div className="update-actions">
        <Button
          onClick={() => void apply()}
          pending={applying}
          pendingLabel={t('update.reloading')}
        >
          {t('update.reload')}
        </Button>
        <Button variant="ghost" onClick={() => setNeedRefresh(false)} disabled={applying}>
          {t('update.later')}
        </Button>
      </div>
    </section>
  )
}
