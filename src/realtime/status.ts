export type RealtimeStatus = 'offline' | 'connecting' | 'live' | 'reconnecting'

/**
 * The connection's status for the UI from pusher-js's state: 'reconnecting' rather than
 * 'connecting' once it has been live (events are being missed), and 'offline' whenever the browser
 * says so, whatever pusher-js still believes.
 */
export function toStatus(state: string, everConnected: boolean): RealtimeStatus {
  if (state === 'connected') return 'live'
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline'
  if (state === 'connecting' || state === 'initialized' || state === 'unavailable') {
    return everConnected ? 'reconnecting' : 'connecting'
  }
  return 'offline'
}
