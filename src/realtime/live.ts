import { useOnline } from '../offline/online'
import { useRealtimeStatus, useRealtimeStatusAs } from './provider'
import type { RealtimeStatus } from './connection'

/**
 * The app's connection as a person should understand it: the browser's own offline signal wins
 * (nothing is live without a network), otherwise the real-time connection's state.
 */
export function useConnection(): RealtimeStatus {
  const online = useOnline()
  const realtime = useRealtimeStatus()
  return online ? realtime : 'offline'
}

/**
 * May the screen present its data as live (ticking countdowns, who is watching now)? Not while
 * offline or reconnecting: events are being missed, so what is shown is as of the last update.
 * The first 'connecting' after boot counts as live: the data was just fetched and the socket is
 * seconds away (and showing "not live" for that moment on every open would be noise).
 */
export function isLive(connection: RealtimeStatus): boolean {
  return connection === 'live' || connection === 'connecting'
}

/** Re-renders only when the answer changes, not on every step of the connection's status. */
export function useLive(): boolean {
  const online = useOnline()
  const live = useRealtimeStatusAs(isLive)
  return online && live
}
