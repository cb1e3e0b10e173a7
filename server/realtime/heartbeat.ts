/**
 * Server-side liveness. pusher-js pings us after `activity_timeout` of silence, but a dead TCP
 * peer (sleeping laptop, vanished phone) never does, and its presence membership would linger.
 * So: a socket silent for `activity_timeout` gets a `pusher:ping` (and a WS ping, which `ws`
 * clients answer automatically); if nothing at all arrives within `pongTimeout`, close with 4201.
 */
import type { Connection } from './connection.ts'
import { Codes, PING_FRAME } from './protocol.ts'

export function startIdleSweep(
  connections: () => Iterable<Connection>,
  opts: { activityTimeoutSeconds: number; pongTimeoutSeconds: number; sweepIntervalMs: number },
): () => void {
  const idleMs = opts.activityTimeoutSeconds * 1000
  const pongMs = opts.pongTimeoutSeconds * 1000
  const timer = setInterval(() => {
    const now = Date.now()
    for (const conn of [...connections()]) {
      if (conn.pingSentAt !== undefined) {
        if (now - conn.pingSentAt >= pongMs) {
          conn.close(Codes.PONG_TIMEOUT, 'Pong reply not received in time')
          // A peer this unresponsive will not finish the close handshake either.
          setTimeout(() => conn.ws.terminate(), 1000).unref()
        }
      } else if (now - conn.lastSeen >= idleMs) {
        conn.pingSentAt = now
        conn.send(PING_FRAME)
        try {
          conn.ws.ping()
        } catch {
          // Socket already closing; the close path cleans up.
        }
      }
    }
  }, opts.sweepIntervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
