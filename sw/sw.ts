/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching'
import { registerRoute, Route } from 'workbox-routing'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheFirst } from 'workbox-strategies'
import { isAppNavigation, isLotImage, networkOnlyPatterns } from './routes'

declare let self: ServiceWorkerGlobalScope

/*
 * Lotline's service worker (vite-plugin-pwa injectManifest, prompt mode).
 * - Precaches the built shell (hashed JS/CSS, index.html, icons, manifest) and serves it.
 * - Answers same-origin navigations to app routes with the precached index.html, so the app
 *   opens offline on any deep link.
 * - Keeps lot pictures the person has seen (cache first: their names are content hashes), so
 *   cached lots show their pictures offline; at most 200, for 30 days.
 * - No other runtime caching: API, auth and webhook responses are never cached (React Query +
 *   IndexedDB own data), and cross-origin requests (Stripe, the real-time host) never reach
 *   respondWith because no route matches them.
 * - API, channel-auth and health requests bypass the worker entirely where the browser supports
 *   static routing (see networkOnlyPatterns in ./routes).
 * - Waits for the page to accept an update ({type: 'SKIP_WAITING'}); never skips on its own.
 */

/** `InstallEvent.addRoutes` and `URLPattern` are newer than TypeScript's WebWorker lib. */
type StaticRoute = { condition: { urlPattern: unknown }; source: 'network' }
type RoutingInstallEvent = ExtendableEvent & {
  addRoutes?: (routes: StaticRoute[]) => Promise<void>
}
type URLPatternConstructor = new (init: Record<string, string>) => unknown

self.addEventListener('install', (event: RoutingInstallEvent) => {
  const Pattern = (self as unknown as { URLPattern?: URLPatternConstructor }).URLPattern
  if (typeof event.addRoutes !== 'function' || !Pattern) return
  const routes = networkOnlyPatterns(new URL(self.registration.scope)).map((init): StaticRoute => ({
    condition: { urlPattern: new Pattern(init) },
    source: 'network',
  }))
  // A browser that refuses the rules still works: the fetch handler leaves these to the network.
  event.waitUntil(event.addRoutes(routes).catch(() => undefined))
})

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

registerRoute(
  new Route(
    ({ request, url }) => request.method === 'GET' && isLotImage(url, scope),
    new CacheFirst({
      cacheName: 'lotline-lot-images',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: 200,
          maxAgeSeconds: 30 * 24 * 3600,
          purgeOnQuotaError: true,
        }),
      ],
    }),
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
