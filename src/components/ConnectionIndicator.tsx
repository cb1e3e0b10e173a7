/**
 * Connection state in the header: 'connecting' | 'live' | 'reconnecting' from pusher-js, or
 * 'offline' from the browser.
 */
export type ConnectionState = 'online' | 'offline' | 'connecting' | 'live' | 'reconnecting'

/**
 * The label's box is as wide as the longest of `labels` (every state's words, in the reader's
 * language), drawn hidden behind it by CSS: the pill keeps its width when the state changes, so
 * the header links beside it never move (they did each time the socket opened).
 */
export function ConnectionIndicator({
  state,
  label,
  labels = [],
}: {
  state: ConnectionState
  label: string
  labels?: string[]
}) {
  const longest = labels.reduce((a, b) => (b.length > a.length ? b : a), label)
  return (
    <span className={`conn conn-${state}`} role="status" aria-live="polite">
      <span className="conn-dot" aria-hidden="true" />
      <span className="conn-label" data-longest={longest}>
        <span>{label}</span>
      </span>
    </span>
  )
}
