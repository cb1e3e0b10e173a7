/**
 * Moving focus to a new screen's heading after a navigation (useNavigationFocus.ts): loaded after
 * the first screen, which never runs it (decision 0044).
 */

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
export function focusScreenHeading(root: HTMLElement): () => void {
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
