import type { QueryClient } from '@tanstack/react-query'

export interface BrowserSignals {
  /** The browser says the network is back. */
  online: () => void
  /** The browser says the network is gone. */
  offline: () => void
  /** The page came back to the person (visible, focused) or a write failed. */
  lookAgain: () => void
}

/**
 * Listens to what the browser and the app's writes say about the network (RealtimeClient's fast
 * recovery); returns what stops listening.
 */
export function listenToBrowser(queryClient: QueryClient, on: BrowserSignals): () => void {
  const onOnline = () => on.online()
  const onOffline = () => on.offline()
  const onVisible = () => {
    if (document.visibilityState === 'visible') on.lookAgain()
  }
  const onFocus = () => on.lookAgain()
  // A failed write (no answer, or a refusal such as a bid below a price we never heard of)
  // may mean the screen is stale because the socket is dead (decision 0049).
  const stopWrites = queryClient.getMutationCache().subscribe((event) => {
    const action = event.type === 'updated' ? event.action.type : undefined
    if (action === 'failed' || action === 'error') on.lookAgain()
  })
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    window.removeEventListener('focus', onFocus)
    document.removeEventListener('visibilitychange', onVisible)
    stopWrites()
  }
}
