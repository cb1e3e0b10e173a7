import { useEffect, useRef, type RefObject } from 'react'
import { afterLoadAndIdle } from '../lib/idle'

type FocusModule = typeof import('./focus-screen-heading')
let focusing: Promise<FocusModule> | undefined

/** The focus code, once; a failed load (offline before it was cached) is tried again next time. */
function loadFocus(): Promise<FocusModule> {
  if (!focusing) {
    focusing = import('./focus-screen-heading')
    focusing.catch(() => (focusing = undefined))
  }
  return focusing
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
    const root = main.current
    if (!root) return
    let cancelled = false
    let stop: (() => void) | undefined
    loadFocus().then(
      ({ focusScreenHeading }) => {
        if (!cancelled) stop = focusScreenHeading(root)
      },
      () => undefined, // focus stays where it is; the screen itself is there
    )
    return () => {
      cancelled = true
      stop?.()
    }
  }, [main, location])
  // The focus code arrives while the first screen is idle, before the first navigation needs it.
  useEffect(() => afterLoadAndIdle(() => void loadFocus().catch(() => undefined)), [])
}
