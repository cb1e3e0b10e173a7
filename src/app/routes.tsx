import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react'
import { Route, Switch } from 'wouter'
import { loadListMessages, loadMoreMessages } from '../i18n'

type ScreenModule = { default: ComponentType }
type Screen = ComponentType & { preload: () => Promise<unknown> }

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
  { path: '/account', component: screen(() => import('../features/auth/AccountScreen')) },
  { path: '/wallet', component: screen(() => import('../features/wallet/WalletScreen')) },
  { path: '/wallet/top-up', component: screen(() => import('../features/wallet/TopUpScreen')) },
  { path: '/admin', component: screen(() => import('../features/admin/AdminScreen')) },
  {
    path: '/wallet/receipts/:entryId',
    component: screen(() => import('../features/wallet/ReceiptScreen')),
  },
]

/** Any other path: rare, so its own small chunk rather than part of every visit's entry. */
const notFound = screen(() => import('./NotFoundScreen'))

/** Does a route pattern like `/lots/:id` match this path? */
export function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  return (
    want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i])
  )
}

/** Longest the boot waits for the first screen's chunk before rendering through Suspense. */
const BOOT_SCREEN_WAIT_MS = 3000
// True unless a boot preload is under way (tests and other entry points never wait).
let bootScreenReady = true
const bootListeners = new Set<() => void>()

/**
 * Starts loading the screen for `path` (relative to the base) while the app boots; the restore
 * gate waits for it (bounded), so the first screen renders whole, never through a fallback.
 */
export function preloadScreen(path: string): void {
  const ready = () => {
    bootScreenReady = true
    for (const listener of bootListeners) listener()
  }
  const screen = routes.find((route) => matches(route.path, path))?.component ?? notFound
  bootScreenReady = false
  const timer = setTimeout(ready, BOOT_SCREEN_WAIT_MS)
  screen
    .preload()
    .catch(() => undefined) // the render path reports the failure
    .finally(() => {
      clearTimeout(timer)
      ready()
    })
}

export function useBootScreenReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      bootListeners.add(listener)
      return () => bootListeners.delete(listener)
    },
    () => bootScreenReady,
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
