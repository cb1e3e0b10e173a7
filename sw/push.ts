import { BID_SHEET_PARAM, PUSH_ACTIONS, type PushPayload } from '../common/push'

/**
 * Web Push in the service worker, as pure rules the tests can call (docs/decisions/0032): what a
 * push carries, whether to show it, what a notification shows, and which address a click opens.
 * sw.ts only wires these to the events.
 */

/** What a shown notification keeps for its click. */
export interface PushNotificationData {
  path: string
  lotId: string | null
  bidAmount: number | null
}

const isString = (value: unknown): value is string => typeof value === 'string'

/**
 * The payload, or null for anything this worker does not understand: a newer `v` (the server was
 * updated before this worker), or a malformed body. Never throws: a push handler that throws
 * still costs the member a generic "site updated in the background" notice in Chromium.
 */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof data !== 'object' || data === null) return null
  const p = data as Record<string, unknown>
  if (p.v !== 1) return null
  if (!isString(p.kind) || !isString(p.title) || !isString(p.body) || !isString(p.path)) return null
  if (!isString(p.tag)) return null
  // A path is relative to the base path: an absolute or cross-origin one is refused, so a push
  // can never send the member off the app.
  if (!isRelativePath(p.path)) return null
  const icon = isString(p.icon) && isRelativePath(p.icon) ? p.icon : null
  const bidAmount =
    typeof p.bidAmount === 'number' && Number.isSafeInteger(p.bidAmount) && p.bidAmount > 0
      ? p.bidAmount
      : null
  const actions = Array.isArray(p.actions)
    ? p.actions.filter(
        (a): a is PushPayload['actions'][number] =>
          typeof a === 'object' &&
          a !== null &&
          (PUSH_ACTIONS as readonly unknown[]).includes((a as { action?: unknown }).action) &&
          isString((a as { title?: unknown }).title),
      )
    : []
  return {
    v: 1,
    kind: p.kind as PushPayload['kind'],
    lotId: isString(p.lotId) ? p.lotId : null,
    title: p.title,
    body: p.body,
    path: p.path,
    icon,
    tag: p.tag,
    renotify: p.renotify === true,
    bidAmount,
    // "Bid" without an amount or a lot would open nothing more than "Open": dropped.
    actions: actions.filter((a) => a.action !== 'bid' || (bidAmount !== null && isString(p.lotId))),
  }
}

function isRelativePath(path: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(path) && !path.startsWith('/') && !path.startsWith('\\')
}

/** The app's own icon, relative to the scope: shown when a push has no picture. */
export const APP_ICON = 'icons/icon-192.png'
/** Android's status-bar badge: it keeps only the alpha channel, so the app icon serves. */
export const APP_BADGE = APP_ICON

/** `showNotification`'s arguments: every address resolved against the scope (the base path). */
export function notificationFor(
  payload: PushPayload,
  scope: URL,
): { title: string; options: NotificationOptions & Record<string, unknown> } {
  const data: PushNotificationData = {
    path: payload.path,
    lotId: payload.lotId,
    bidAmount: payload.bidAmount,
  }
  return {
    title: payload.title,
    options: {
      body: payload.body,
      icon: new URL(payload.icon ?? APP_ICON, scope).href,
      badge: new URL(APP_BADGE, scope).href,
      tag: payload.tag,
      // renotify without a tag throws in Chromium; the payload always has one.
      renotify: payload.renotify,
      data,
      actions: payload.actions.map(({ action, title }) => ({ action, title })),
    },
  }
}

/** The path a click opens, relative to the scope: "Bid" opens the lot with the bid ready. */
export function clickPath(data: Partial<PushNotificationData> | null | undefined, action: string) {
  if (action === 'bid' && data?.lotId && typeof data.bidAmount === 'number') {
    return `lots/${encodeURIComponent(data.lotId)}?${BID_SHEET_PARAM}=${data.bidAmount}`
  }
  const path = data?.path
  return typeof path === 'string' && isRelativePath(path) ? path : ''
}

/** The same screen: the same path under the same origin (the query and hash are the screen's state). */
function samePage(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname.replace(/\/$/, '') === b.pathname.replace(/\/$/, '')
}

/** The smallest piece of a WindowClient these rules read. */
export interface WindowLike {
  url: string
  visibilityState: DocumentVisibilityState
  focused: boolean
}

/**
 * The in-app toast already tells a member who is looking at the lot: a window showing that lot's
 * page (visible, focused or not — a second screen counts) takes the push instead of the system.
 */
export function shownInWindow(
  payload: PushPayload,
  windows: readonly WindowLike[],
  scope: URL,
): boolean {
  if (!payload.lotId) return false
  const lot = new URL(`lots/${encodeURIComponent(payload.lotId)}`, scope)
  return windows.some((w) => w.visibilityState === 'visible' && samePage(new URL(w.url), lot))
}

/**
 * What a click does with the open windows: focus one already at the address (bringing the bid
 * parameter means navigating it), else take over a window of the app, else open a new one.
 */
export function clickPlan<W extends WindowLike>(
  target: URL,
  windows: readonly W[],
  scope: URL,
): { kind: 'focus'; window: W } | { kind: 'navigate'; window: W } | { kind: 'open' } {
  const inScope = windows.filter((w) => w.url.startsWith(scope.href))
  const exact = inScope.find((w) => w.url === target.href)
  if (exact) return { kind: 'focus', window: exact }
  const same = inScope.find((w) => samePage(new URL(w.url), target))
  if (same) return { kind: target.search ? 'navigate' : 'focus', window: same }
  const app = inScope.find((w) => w.focused) ?? inScope.find((w) => w.visibilityState === 'visible')
  const any = app ?? inScope[0]
  return any ? { kind: 'navigate', window: any } : { kind: 'open' }
}
