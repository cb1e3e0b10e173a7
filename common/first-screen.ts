import { apiSearchParams, readListParams } from './auction/list-query.ts'

/** Lot ids as the API makes them (UUIDs); anything else gets no preload (and is never echoed). */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The API requests a page's first screen makes as soon as it starts, spelled exactly as the app's
 * HTTP client spells them (src/api/client.ts, relative to the base path): the server names them
 * in the page it sends (`<link rel="preload" as="fetch">`), so they travel beside the app's code
 * instead of after it, and the browser hands the app those answers only on an exact match
 * (docs/decisions/0030-first-visit.md). `path` is relative to the base path, e.g. `/lots/abc`.
 */
export function firstScreenRequests(path: string, search: string): string[] {
  const everyScreen = ['api/config', 'api/session']
  if (path === '/') return [...everyScreen, `api/lots?${apiSearchParams(readListParams(search))}`]
  const lotId = /^\/lots\/([^/]+)\/?$/.exec(path)?.[1]
  if (lotId && lotId !== 'new' && PLAIN_ID.test(lotId)) {
    return [...everyScreen, `api/lots/${lotId}`, `api/lots/${lotId}/bids`]
  }
  return everyScreen
}

/**
 * The source modules a page's first screen runs beyond the app's entry, as the build's manifest
 * names them: the app's start, which the entry imports after the libraries' code has run
 * (src/main.tsx, decision 0059), then the screen's component and the messages it waits for
 * (src/app/routes.tsx loads the same pair). The server preloads their chunks with the page
 * (decision 0035); a path with no screen here still gets the app's start, and its screen's chunk
 * is fetched once that has run.
 */
export function firstScreenModules(path: string): string[] {
  const start = ['src/boot-libraries.ts', 'src/boot.tsx']
  if (path === '/') {
    return [...start, 'src/features/lots/LotListScreen.tsx', 'src/i18n/messages/lot-list.ts']
  }
  if (/^\/lots\/[^/]+\/?$/.test(path) && !/^\/lots\/new\/?$/.test(path)) {
    return [...start, 'src/features/lots/LotScreen.tsx', 'src/i18n/more.ts']
  }
  return start
}
