import { useEffect, useRef, useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { ASYNC_HEADER, ASYNC_HEADER_VALUE } from '../../common/config'
import { Button } from '../components/Button'
import { useToast } from '../components/Toast'
import { useT } from '../i18n'
import { reloadGuard, usePendingWork } from '../offline/reload-guard'
import { reloadAfterFlush, useUpdateReloadStarted } from './update-reload'

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

/**
 * Resolves when `worker` (the new version, waiting when the update was accepted) is active, or at
 * once if there is none. The reload that applies an update must wait for it: a reload while the
 * new worker still waits loads the old version again, or hangs in Chromium.
 */
export function whenActivated(worker: ServiceWorker | null | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => !worker || worker.state === 'activated' || worker.state === 'redundant'
    if (done()) return resolve()
    const onChange = () => {
      if (!done()) return
      worker!.removeEventListener('statechange', onChange)
      resolve()
    }
    worker!.addEventListener('statechange', onChange)
  })
}

/** Mounted once at the root: "new version" prompt (never a silent reload) + offline-ready toast. */
export function UpdatePrompt() {
  const { t } = useT()
  const { notify } = useToast()
  const [applying, setApplying] = useState(false)
  const reloadStarted = useUpdateReloadStarted()
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined)
  const pendingWork = usePendingWork()
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, swRegistration) {
      registration.current = swRegistration
      if (swRegistration) watchForUpdates(swUrl, swRegistration)
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

  // Shown while a new version waits, and while an update (ours or another tab's) is applied.
  if (!needRefresh && !reloadStarted) return null
  const updating = applying || reloadStarted
  const waitingFor = updating ? pendingWork : null

  const apply = async () => {
    setApplying(true)
    // Wait before SKIP_WAITING too: once the new worker controls the page, this old page can no
    // longer load its own lazy chunks from the precache, and every other tab starts to reload.
    await reloadGuard.whenClear()
    const next = registration.current?.waiting
    await updateServiceWorker(true)
    // `controlling` (→ onNeedReload) is the usual signal. If it never comes (vite-plugin-pwa
    // #789), reload once the new worker is active — not after a fixed delay: Chromium may hold
    // the activation back while the old worker is busy.
    void whenActivated(next).then(() => reloadAfterFlush())
  }

  return (
    <section className="update" aria-labelledby="update-title">
      <p id="update-title" role="status">
        {waitingFor ? t(`update.waitingFor.${waitingFor}`) : t('update.available')}
      </p>
      <div className="update-actions">
        <Button
          onClick={() => void apply()}
          pending={updating}
          pendingLabel={t('update.reloading')}
        >
          {t('update.reload')}
        </Button>
        <Button variant="ghost" onClick={() => setNeedRefresh(false)} disabled={updating}>
          {t('update.later')}
        </Button>
      </div>
    </section>
  )
}
