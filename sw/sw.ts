/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { registerRoute, Route } from 'workbox-routing'
import { isAppNavigation } from './routes'

declare let self: ServiceWorkerGlobalScope

/*
 * Lotline's service worker (vite-plugin-pwa injectManifest, prompt mode).
 * - Precaches the built shell (hashed JS/CSS, index.html, icons, manifest) and serves it.
 * - Answers same-origin navigations to app routes with the precached index.html, so the app
 *   opens offline on any deep link.
 * - Deliberately no runtime caching: API, auth and webhook responses are never cached (React
 *   Query + IndexedDB own data), and cross-origin requests (Stripe, the real-time host) never
 *   reach respondWith because no route matches them.
 * - Waits for the page to accept an update ({type: 'SKIP_WAITING'}); never skips on its own.
 */

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

const scope = new URL(self.registration.scope)
const shell = createHandlerBoundToURL('index.html')

registerRoute(
  new Route(
    ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, scope),
    shell,
  ),
)

let updateAccepted = false

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null
  if (data && data.type === 'SKIP_WAITING') {
    updateAccepted = true
    void self.skipWaiting()
  }
})

self.addEventListener('activate', () => {
  // Only an update the user accepted takes over open pages; the first install waits for a reload.
  if (updateAccepted) clientsClaim()
})
