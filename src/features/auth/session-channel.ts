/**
 * Windows of the same browser share one session cookie: when one signs in or out, it says so
 * here, and the others follow at once (they would otherwise show the previous account's data
 * until their next request failed). docs/decisions/0014-desktop-navigation.md. Saying so is in
 * session-announce.ts, with the screens that sign in and out: every window listens from its
 * first screen, few ever announce.
 */
export const SESSION_CHANNEL = 'lotline-session'
export type SessionChange = 'signed-in' | 'signed-out'

/** Calls `listener` for every change announced by another window; returns the unsubscriber. */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined
  const channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.onmessage = (event: MessageEvent<SessionChange>) => listener(event.data)
  return () => channel.close()
}
