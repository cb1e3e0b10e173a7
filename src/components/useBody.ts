import { useSyncExternalStore } from 'react'

const never = () => () => undefined
const body = () => document.body
const none = () => null

/**
 * `document.body` for a portal, or null where there is no document (the server's render of a
 * first screen, decision 0059) and while hydrating that render: the portal then comes right after
 * hydration, in a second render React makes by itself.
 */
export function useBody(): HTMLElement | null {
  return useSyncExternalStore(never, body, none)
}
