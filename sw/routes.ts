/**
 * Which navigations the service worker answers with the cached app shell.
 * Pure functions, so they can be unit-tested without a worker (sw/routes.test.ts).
 */

import { SERVER_PATHS } from '../common/wire'

export { SERVER_PATHS }
/** Files at the scope root that must always come from the network. */
export const SERVER_FILES = ['sw.js', 'manifest.webmanifest', 'robots.txt'] as const

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** `scopePath` is the pathname of the registration scope, e.g. `/` or `/lotline/`. */
export function navigationDenylist(scopePath: string): RegExp[] {
  const s = escapeRegExp(scopePath.endsWith('/') ? scopePath : `${scopePath}/`)
  return [
    // /api covers the Stripe webhook (/api/stripe/webhook) and every auth endpoint.
    ...SERVER_PATHS.map((p) => new RegExp(`^${s}${p}(?:[/?]|$)`)),
    ...SERVER_FILES.map((f) => new RegExp(`^${s}${escapeRegExp(f)}(?:\\?|$)`)),
    new RegExp(`^${s}api/stripe/webhook`),
    // Anything that looks like a file (last segment has an extension) is not an app route.
    /\/[^/?]+\.[a-z0-9]+(?:\?.*)?$/i,
  ]
}

/**
 * True when `url` is a same-origin navigation to an app route inside the scope — the only
 * requests answered with index.html. Everything else (API, cross-origin Stripe or real-time
 * hosts, files) is left to the network: the SW does not call respondWith for them.
 */
export function isAppNavigation(url: URL, scope: URL): boolean {
  if (url.origin !== scope.origin) return false
  if (!url.pathname.startsWith(scope.pathname)) return false
  const target = url.pathname + url.search
  return !navigationDenylist(scope.pathname).some((re) => re.test(target))
}

/** The server path of lot pictures, the one the worker keeps for offline. */
const LOT_IMAGES_PATH = 'uploads' satisfies (typeof SERVER_PATHS)[number]

/** Lot pictures (`<scope>uploads/…`, content-named, same origin): kept for offline once viewed. */
export function isLotImage(url: URL, scope: URL): boolean {
  return (
    url.origin === scope.origin && url.pathname.startsWith(`${scope.pathname}${LOT_IMAGES_PATH}/`)
  )
}

/**
 * Paths whose requests never need the worker (its own data would be wrong there): every server
 * path except the lot pictures it keeps.
 */
export const NETWORK_ONLY_PATHS = SERVER_PATHS.filter((path) => path !== LOT_IMAGES_PATH)

/**
 * Static-routing rules (`InstallEvent.addRoutes`, Chromium 123+) sending API, channel-auth and
 * health requests straight to the network without starting the worker. Why it matters beyond
 * speed: an old worker that an accepted update has asked to stop is started again by any fetch
 * it must dispatch, and Chromium then defers the new worker's activation until the old one is
 * idle (~30 s) — a page polling the API right after an update was accepted (a top-up's status)
 * kept the update from applying. As URLPattern inits: every component explicit (an init with a
 * missing search would only match URLs without a query).
 */
export function networkOnlyPatterns(scope: URL) {
  const base = scope.pathname.endsWith('/') ? scope.pathname : `${scope.pathname}/`
  return NETWORK_ONLY_PATHS.map((path) => ({
    protocol: scope.protocol.replace(/:$/, ''),
    hostname: scope.hostname,
    port: scope.port,
    pathname: `${base}${path}{/*}?`,
    search: '*',
    hash: '*',
  }))
}
