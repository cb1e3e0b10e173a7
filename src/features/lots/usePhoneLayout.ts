import { useSyncExternalStore } from 'react'
import { firstRenderHints } from '../../../common/first-render'

/** The same breakpoint as the bottom tab bar in src/styles.css (below 640 px). */
const PHONE = '(max-width: 639.98px)'

const query = () => (typeof matchMedia === 'function' ? matchMedia(PHONE) : null)

function subscribe(onChange: () => void): () => void {
  const list = query()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/** True on a phone-sized screen: the lot room bids from a bar above the tab bar (decision 0022). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    // The server's guess from the user agent, so hydration draws the layout the HTML has (0059).
    () => firstRenderHints()?.phone ?? false,
  )
}
