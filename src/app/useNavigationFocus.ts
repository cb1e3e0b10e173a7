import { useEffect, useRef, type RefObject } from 'react'

/** How long a new screen may take to show its heading (it may render a loading state first). */
const HEADING_WAIT_MS = 3000

function focusWithoutScroll(element: HTMLElement, root: HTMLElement) {
  // A heading is not focusable by itself; -1 keeps it out of the Tab order.
  if (element !== root && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}

/**
 * Focus on the screen's heading (screen readers announce the screen by its name), or on `root`
 * until a screen still loading shows one — unless the reader has moved focus meanwhile. Returns
 * the canceller.
 */
function focusScreenHeading(root: HTMLElement): () => void {
  // Visible only: while the next screen's code loads, Suspense keeps the previous one hidden.
  const heading = () =>
    [...root.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0)
  const now = heading()
  if (now) {
    focusWithoutScroll(now, root)
    return () => undefined
  }
  focusWithoutScroll(root, root)
  const observer = new MutationObserver(() => {
    const later = heading()
    if (!later) return
    stop()
    if (document.activeElement === root) focusWithoutScroll(later, root)
  })
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS)
  function stop() {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(root, { childList: true, subtree: true })
  return stop
}

/** Marks history entries this app has shown: coming back to one is Back/Forward, not a link. */
const SEEN = 'lotlineSeen'

function seenBefore(): boolean {
  const state: unknown = history.state
  return typeof state === 'object' && state !== null && SEEN in state
}

function markSeen(): void {
  const state: unknown = history.state
  if (state !== null && typeof state !== 'object') return // someone else's state: leave it
  history.replaceState({ ...(state ?? {}), [SEEN]: true }, '')
}

/**
 * What a navigation does to the viewport and focus: a new screen (a link, a redirect) starts at
 * its top; Back/Forward leave the scroll to the browser, which puts it back where it was; both
 * move focus to the new screen's heading. Not on the first render: a deep link or a reload keeps
 * the browser's own start (focus on the document, the skip link first). Back/Forward is told
 * from a link by the entry's state, not by `popstate`: the router may re-render before that
 * event reaches a listener here.
 */
export function useNavigationFocus(main: RefObject<HTMLElement | null>, location: string): void {
  const first = useRef(true)

  useEffect(() => {
    const traversal = seenBefore()
    markSeen()
    if (first.current) {
      first.current = false
      return
    }
    if (!traversal) window.scrollTo(0, 0)
    return main.current ? focusScreenHeading(main.current) : undefined
  }, [main, location])
}
