/**
 * Connection state in the header. Today the app knows online/offline; the real-time layer will
 * pass 'connecting' | 'live' | 'reconnecting' from pusher-js state_change without changing this.
 */
export type ConnectionState = 'online' | 'offline' | 'connecting' | 'live' | 'reconnecting'

export function ConnectionIndicator({ state, label }: { state: ConnectionState; label: string }) {
  return (
    <span className={`conn conn-${state}`} role="status" aria-live="polite">
      <span className="conn-dot" aria-hidden="true" />
      <span className="conn-label">{label}</span>
    </span>
  )
}
