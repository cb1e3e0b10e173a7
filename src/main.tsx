/**
 * The entry (decision 0059). It waits for the page's first paint (the server's HTML, or the
 * shell's skeleton), then runs the app in two tasks, not one: first the libraries' code (the
 * vendor chunk) is evaluated, then, after the main thread has had a chance to answer a tap, the
 * app's own code and its start (src/boot.tsx). Module scripts otherwise run as soon as the page is
 * parsed, before its first frame, and a large page then painted only once all of them had run;
 * and one task evaluating both was the longest of a slow phone's first seconds. Both chunks are
 * named by the page (server/lib/shell-modules.ts), so they download at once.
 *
 * A tap on a button of the page the server drew that the app has not taken over yet (its code is
 * still on its way, or that part is still being hydrated) is kept and given to the button once it
 * is the app's: the page answers a tap at once, even one made before its code arrived. Links work
 * without it, as links.
 *
 * On a page the server drew, the code is requested only once the page has loaded (decision 0060):
 * the picture first, then the code.
 */
import { captureInstallPrompt } from './app/install-capture'
import { APP_STARTED_EVENT } from './app/started-event'
import { CODE_AFTER_PICTURE_ID } from '../common/code-after-picture'

// Which build is running: support answers, and the update e2e test checks it after a reload.
document.documentElement.dataset.appVersion = import.meta.env.VITE_APP_VERSION ?? 'dev'
// Chromium may offer installation at once, before the app has started.
captureInstallPrompt()

const root = document.getElementById('root')

/**
 * React marks every element it has hydrated (or drawn) with its props; one of the server's page
 * that it has not reached yet has none, and a tap on it would be lost.
 */
const isLive = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'))

const kept: HTMLElement[] = []
let giving = false
/** Gives each kept button its tap as soon as it is the app's (15 seconds at most: a loaded phone hydrates slowly). */
function giveKeptTaps(until = Date.now() + 15_000) {
  giving = true
  for (const button of kept.splice(0)) {
    if (!button.isConnected) continue
    if (isLive(button)) button.click()
    else kept.push(button)
  }
  if (kept.length > 0 && Date.now() < until) setTimeout(() => giveKeptTaps(until), 50)
  else giving = false
}
document.addEventListener(
  'click',
  (event) => {
    const target = event.target instanceof Element ? event.target : null
    const button = target?.closest<HTMLElement>('button, summary, [role="button"]')
    if (!button || !root?.contains(button) || isLive(button)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    if (!kept.includes(button)) kept.push(button)
    if (started && !giving) giveKeptTaps()
  },
  true,
)
let started = false
document.addEventListener(
  APP_STARTED_EVENT,
  () => {
    started = true
    giveKeptTaps()
  },
  { once: true },
)

const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0))

/** After the next frame is painted; at most 100 ms (a hidden tab paints no frames). */
const afterFirstPaint = () =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, 100)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer)
        resolve(undefined)
      }, 0),
    )
  })

/** Once the page has loaded (its pictures in view included) and painted; at most 3 s. */
const afterPageLoad = () =>
  new Promise((resolve) => {
    if (document.readyState === 'complete') return resolve(undefined)
    const timer = setTimeout(resolve, 3_000)
    addEventListener(
      'load',
      () => {
        clearTimeout(timer)
        resolve(undefined)
      },
      { once: true },
    )
  }).then(afterFirstPaint)

/** The page's code, named by the server but not requested yet (server/lib/shell-preloads.ts). */
function requestCode() {
  const template = document.getElementById(CODE_AFTER_PICTURE_ID)
  if (template instanceof HTMLTemplateElement) document.head.append(template.content)
}

// The server's HTML paints with no script: its code is requested once its pictures are in
// (decision 0060). The shell's skeleton needs no wait (a repeat visit's budget).
const painted = root?.hasAttribute('data-ssr-now')
  ? afterPageLoad().then(requestCode)
  : Promise.resolve()

void painted
  .then(() => import('./boot-libraries'))
  .then(yieldToMain)
  .then(() => import('./boot'))
