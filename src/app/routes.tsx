import type { QueryClient } from '@tanstack/react-query'
import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { loadListMessages, loadMoreMessages } from '../i18n'

/** What a screen's first render needs from the server, fetched into `client` (decision 0035). */
export type ScreenPrefetch = (
  client: QueryClient,
  screen: { params: Record<string, string>; search: string },
) => Promise<unknown>

type ScreenModule = { default: ComponentType; prefetch?: ScreenPrefetch }
type Screen = ComponentType & { preload: () => Promise<ScreenModule> }

/**
 * A lazy screen that can be loaded ahead of rendering. Once its module is in, it renders
 * directly instead of through React.lazy: a first render that suspends shows the fallback and
 * React then holds the revealed screen back by its Suspense throttle (~300 ms), which is most of
 * a repeat visit's budget.
 */
function screen(factory: () => Promise<ScreenModule>): Screen {
  return firstScreen(() => Promise.all([factory(), loadMoreMessages()]).then(([module]) => module))
}

/** A screen whose English comes with it: the lot list, the first screen of most visits. */
function listScreen(factory: () => Promise<ScreenModule>): Screen {
  return firstScreen(() => Promise.all([factory(), loadListMessages()]).then(([module]) => module))
}

function firstScreen(factory: () => Promise<ScreenModule>): Screen {
  let loaded: ComponentType | undefined
  let pending: Promise<ScreenModule> | undefined
  const load = () =>
    (pending ??= factory().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        pending = undefined // a failed chunk load may be retried (see preload-recovery.ts)
        throw error
      },
    ))
  const Lazy = lazy(load)
  const Screen = (props: object) => createElement(loaded ?? Lazy, props)
  return Object.assign(Screen, { preload: load })
}

/**
 * Route table (docs/product.md §2a, which also lists what is not built yet). Every screen is its
 * own lazy chunk so the initial shell stays within the JS budget.
 */
export const routes: { path: string; component: Screen }[] = [
  { path: '/', component: listScreen(() => import('../features/lots/LotListScreen')) },
  // `/lots/new` before `/lots/:id`, or "new" would be taken for a lot id.
  { path: '/lots/new', component: screen(() => import('../features/lots/CreateLotScreen')) },
  { path: '/lots/:id', component: screen(() => import('../features/lots/LotScreen')) },
  { path: '/watchlist', component: screen(() => import('../features/watchlist/WatchlistScreen')) },
  { path: '/me/bids', component: screen(() => import('../features/my-bids/MyBidsScreen')) },
  {
    path: '/notifications',
    component: screen(() => import('../features/notifications/NotificationsScreen')),
  },
  { path: '/sign-in', component: screen(() => import('../features/auth/SignInScreen')) },
  { path: '/sign-up', component: screen(() => import('../features/auth/SignUpScreen')) },
  {
    path: '/forgot-password',
    component: screen(() => import('../features/auth/ForgotPasswordScreen')),
  },
  {
    path: '/reset-password',
    component: screen(() => import('../features/auth/ResetPasswordScreen')),
  },
  { path: '/verify-email', component: screen(() => import('../features/auth/VerifyEmailScreen')) },
  {
    path: '/confirm-email',
    component: screen(() => import('../features/auth/ConfirmEmailScreen')),
  },
  { path: '/account', component: screen(() => import('../features/auth/AccountScreen')) },
  { path: '/wallet', component: screen(() => import('../features/wallet/WalletScreen')) },
  { path: '/wallet/top-up', component: screen(() => import('../features/wallet/TopUpScreen')) },
  { path: '/orders', component: screen(() => import('../features/orders/OrdersScreen')) },
  { path: '/orders/:id', component: screen(() => import('../features/orders/OrderScreen')) },
  { path: '/admin', component: screen(() => import('../features/admin/AdminScreen')) },
  {
    path: '/sellers/:id',
    component: screen(() => import('../features/sellers/SellerProfileScreen')),
  },
  // Live shows (issue 34): their own chunks; `/shows/new` before `/shows/:id`, as for lots.
  { path: '/shows', component: screen(() => import('../features/shows/ShowsScreen')) },
  { path: '/shows/new', component: screen(() => import('../features/shows/CreateShowScreen')) },
  { path: '/shows/:id', component: screen(() => import('../features/shows/ShowRoomScreen')) },
  {
    path: '/shows/:id/host',
    component: screen(() => import('../features/shows/HostConsoleScreen')),
  },
  {
    path: '/shows/:id/edit',
    component: screen(() => import('../features/shows/EditShowScreen')),
  },
  {
    path: '/wallet/receipts/:entryId',
    component: screen(() => import('../features/wallet/ReceiptScreen')),
  },
]

/** Any other path: rare, so its own small chunk rather than part of every visit's entry. */
const notFound = screen(() => import('./NotFoundScreen'))

/** Does a route pattern like `/lots/:id` match this path? */
export function matches(pattern: string, path: string): boolean {
  return paramsOf(pattern, path) !== undefined
}

/** The parameters a route pattern takes from a path (`/lots/:id` → `{id}`), if it matches. */
export function paramsOf(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  if (want.length !== have.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, part] of want.entries()) {
    const value = have[i]!
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(value)
    else if (part !== value) return undefined
  }
  return params
}

/** As the router reads a path: percent-decoded where that is valid. */
function safeDecode(value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}

/** Longest the boot waits for the first screen's chunk before rendering through Suspense. */
const BOOT_SCREEN_WAIT_MS = 3000
// True unless a boot preload is under way (tests and other entry points never wait).
let bootScreenReady = true
const bootListeners = new Set<() => void>()

/**
 * Starts loading the screen for `path` (relative to the base) while the app boots, and with
 * `data` what it shows; the restore gate waits for both (bounded), so the first screen renders
 * whole, once, never through a fallback or a skeleton of its own (decision 0035).
 */
export function preloadScreen(
  path: string,
  data?: (prefetch: ScreenPrefetch | undefined, params: Record<string, string>) => Promise<unknown>,
): Promise<void> {
  const ready = () => {
    bootScreenReady = true
    for (const listener of bootListeners) listener()
  }
  const route = routes.find((candidate) => matches(candidate.path, path))
  const screen = route?.component ?? notFound
  const params = (route && paramsOf(route.path, path)) ?? {}
  bootScreenReady = false
  const timer = setTimeout(ready, BOOT_SCREEN_WAIT_MS)
  return (
    screen
      .preload()
      // Its data too, when the caller asks: the first screen then renders once, whole.
      .then(async (module) => {
        await data?.(module.prefetch, params)
      })
      .catch(() => undefined) // the render path reports the failure
      .finally(() => {
        clearTimeout(timer)
        ready()
      })
  )
}

export function useBootScreenReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      bootListeners.add(listener)
      return () => bootListeners.delete(listener)
    },
    () => bootScreenReady,
    () => true,
  )
}

export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, component }) => (
        <Route key={path} path={path} component={component} />
      ))}
      <Route component={notFound} />
    </Switch>
  )
}
