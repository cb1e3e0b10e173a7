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
import {
  clickPath,
  clickPlan,
  notificationFor,
  parsePushPayload,
  shownInWindow,
  type PushNotificationData,
} from './push'
import { resubscribe } from './push-resubscribe'

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
 * - Web Push (decision 0032, rules in ./push): shows a push unless a visible window already shows
 *   that lot (its in-app toast says it); a click opens its lot, "Bid" with the bid ready; a
 *   subscription the push service renewed is registered again.
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

/*
 * Web Push. Chromium requires every push to show a notification (userVisibleOnly); skipping one
 * because a window shows the lot is allowed now and then, which is all this suppression does.
 */
self.addEventListener('push', (event) => {
  const payload = parsePushPayload(safeText(event.data))
  if (!payload) return
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      if (shownInWindow(payload, windows, scope)) return
      const { title, options } = notificationFor(payload, scope)
      await self.registration.showNotification(title, options)
    })(),
  )
})

function safeText(data: PushMessageData | null): string | null {
  try {
    return data ? data.text() : null
  } catch {
    return null
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data as Partial<PushNotificationData> | null
  const target = new URL(clickPath(data, event.action), scope)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const plan = clickPlan(target, windows, scope)
      if (plan.kind !== 'open') {
        let shown: WindowClient | null = null
        try {
          // navigate() resolves null for a window now elsewhere, and rejects for one this worker
          // does not control (opened before it was installed): a new window then.
          shown = plan.kind === 'navigate' ? await plan.window.navigate(target.href) : plan.window
        } catch {
          shown = null
        }
        if (shown) {
          await shown.focus()
          return
        }
      }
      await self.clients.openWindow(target.href)
    })(),
  )
})

type SubscriptionChangeEvent = ExtendableEvent & { oldSubscription?: PushSubscription | null }

self.addEventListener('pushsubscriptionchange', (event: Event) => {
  const change = event as SubscriptionChangeEvent
  change.waitUntil(
    resubscribe(change.oldSubscription, {
      scope,
      pushManager: self.registration.pushManager,
      fetch: (input, init) => fetch(input, init),
    }).catch(() => false),
  )
})
