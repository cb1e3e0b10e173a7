import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, ROUTER_BASE } from './app/App'
import { preloadScreen } from './app/routes'
import { installPreloadRecovery } from './app/preload-recovery'
import { seedOnlineState } from './offline/online'
import {
  flushOnLeave,
  hasPersistedCache,
  prefetchPersistedState,
  startRestore,
} from './offline/persist'
import { provideQueueableDefinitions } from './offline/queueable'
import { queryClient } from './offline/query-client'
import { getLanguage, loadLanguage } from './i18n'
import { warmUpIntl } from './i18n/warm-up'
import { rememberTimeZone } from './i18n/time-zone'
import { DEFAULT_CURRENCY } from '../common/config'
import { readHintAttributes, setFirstRenderHints } from '../common/first-render'
import { onIdle } from './lib/idle'
import { waitBeforeWrites } from './api/client'
import { firstVisitData, renderedScreenData } from './app/first-visit-data'
import { applyAppStylesheet } from './app/stylesheet'
import { applyTheme, followThemeChanges } from './components/theme'
import { StartedMark } from './app/started'
import { loadMemberNav } from './app/member-nav'
import './styles.css'

// Marks for bench/first-render.ts: script start, cache restored (see offline/persist.ts).
performance.mark('lotline:start')
const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
const screenPath = location.pathname.slice(ROUTER_BASE.length) || '/'
// A first screen the server rendered as HTML (decision 0059) is hydrated, if this browser would
// draw the same: the same language, online. Otherwise (the worker's shell, another language) the
// app renders itself, as it always has; React then replaces the HTML with the same screen.
const rendered = readHintAttributes(root.dataset)
const hydrating = rendered?.language === getLanguage() && navigator.onLine !== false

// The member's theme before anything renders (the boot skeleton follows the system meanwhile).
applyTheme()
followThemeChanges()
installPreloadRecovery()

/** Longest hydration waits for the locale data; a slow worker costs a long task, not the screen. */
const INTL_WAIT_MS = 500

/**
 * The page came with its first screen drawn: hydrate it from the data it carries, and leave
 * everything else (the saved cache and its queue, Intl's locale data, the zone cookie) until the
 * page is idle. Writes wait for the saved queue to come back, so a queued write still goes first.
 */
function hydrate() {
  // First: the worker loads the locale data of the prices, plurals and dates the screen shows,
  // off the main thread, while the screen's data and code are gathered; hydration waits for it
  // (bounded), or its first price would load that data inside a long task.
  // The zone cookie once the worker has told the zone (building a format to learn it is a long task).
  const intl = warmUpIntl(getLanguage(), DEFAULT_CURRENCY, (work) => onIdle(work, 1000))
  void intl.then(() => onIdle(rememberTimeZone))
  setFirstRenderHints(rendered!.hints)
  waitBeforeWrites(() => startRestore(queryClient).done)
  provideQueueableDefinitions(() => import('./app/offline-mutations'))
  void Promise.all([
    preloadScreen(screenPath, renderedScreenData),
    loadLanguage(getLanguage()).catch(() => undefined),
    Promise.race([intl, new Promise((resolve) => setTimeout(resolve, INTL_WAIT_MS))]),
  ]).then(() =>
    // A transition: React hydrates in slices and yields between them, so a tap is never held
    // behind the whole screen's hydration on a slow phone.
    startTransition(() => {
      performance.mark('lotline:hydrate')
      hydrateRoot(
        root!,
        <StrictMode>
          <App restore="deferred" />
          <StartedMark mark="lotline:hydrated" />
        </StrictMode>,
        {
          // A mismatch React recovered from by drawing the screen again: worth knowing (e2e).
          onRecoverableError: (error) => {
            document.documentElement.dataset.hydration = 'recovered'
            console.warn('hydration:', error)
          },
        },
      )
    }),
  )
}

/** The shell (the service worker's, or a screen the server does not draw): the app draws itself. */
function boot() {
  // While the first screen's code and data are on their way: the first price, plural and date
  // would otherwise each load locale data inside the render that shows them.
  void warmUpIntl(getLanguage(), DEFAULT_CURRENCY, (work) => onIdle(work, 1000)).then(() =>
    onIdle(rememberTimeZone),
  )
  prefetchPersistedState()
  seedOnlineState()
  // Fetch the current screen's chunk while the cache restores, so it renders without suspending,
  // and on a first visit its data too, so it renders once (decision 0035).
  void preloadScreen(screenPath, firstVisitData)
  // The saved cache goes into the client now, not once React has drawn the providers: a repeat
  // visit's first render then finds it there and renders the screen at once (decision 0038).
  // A queued write brought back from disk needs the queueable writes' definitions; no first screen
  // runs them, so they load only then (decision 0044).
  provideQueueableDefinitions(() => import('./app/offline-mutations'))
  startRestore(queryClient)
  // A returning visit takes the header's member links from the worker's cache meanwhile, so a
  // member's header is whole on its first render; a first visit loads them only once signed in
  // (decision 0045).
  void hasPersistedCache()
    .then((saved) => (saved ? loadMemberNav() : undefined))
    .catch(() => undefined)
  flushOnLeave(queryClient)
  // A transition: React renders the app in slices and yields between them, so a slow phone's main
  // thread is never blocked for long while the first screen is drawn (decision 0030).
  const render = () =>
    startTransition(() =>
      createRoot(root!).render(
        <StrictMode>
          <App />
          <StartedMark mark="lotline:rendered" />
        </StrictMode>,
      ),
    )
  // A reader of another language than English gets its dictionary (a small chunk, fetched while
  // the cache restores) before the first render, so no screen flashes in English; if it cannot be
  // had (offline before it was ever cached), English it is. The app's stylesheet is in effect
  // first too.
  void Promise.all([loadLanguage(getLanguage()).catch(() => undefined), applyAppStylesheet()]).then(
    render,
  )
}

if (hydrating) hydrate()
else boot()
