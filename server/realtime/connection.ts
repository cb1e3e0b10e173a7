/**
 * One client socket: its identity (socket id, signed-in user), what it is subscribed to, liveness
 * stamps for the idle sweep, and its client-event and control-message budgets. Sending and closing go through here so
 * back-pressure and "close exactly once, clean up at once" are handled in one place.
 */
import { WebSocket } from 'ws'
import { errorFrame } from './protocol.ts'
import { sendPrepared, type PreparedFrame } from './frames.ts'
import { Codes } from './protocol.ts'
import { TokenBucket } from './rate-limit.ts'

export interface SignedInUser {
  id: string
  /** The exact `user_data` JSON string the app signed. */
  userData: string
  /** `user_info` from user_data, reused as presence info when a signed-in socket omits channel_data. */
  info: unknown
}

export interface ConnectionHooks {
  /** Called once, synchronously, when the connection is closed by either side. */
  onClosed(conn: Connection): void
  maxBufferedBytes: number
  maxClientEventsPerSecond: number
  /** subscribe/unsubscribe/ping: `burst` at once, refilled at `perSecond`. */
  controlBudget: { burst: number; perSecond: number }
}

export class Connection {
  lastSeen = Date.now()
  /** Set when the idle sweep pinged this socket; cleared by any inbound traffic. */
  pingSentAt: number | undefined
  user: SignedInUser | undefined
  /** Subscribed channels → the presence user id on presence channels (else undefined). */
  readonly channels = new Map<string, string | undefined>()
  readonly clientEvents: TokenBucket
  /** pusher:subscribe, pusher:unsubscribe and pusher:ping (control-budget.ts). */
  readonly controlMessages: TokenBucket
  /** Control messages refused since the socket opened. */
  controlRefusals = 0
  private closed = false

  constructor(
    readonly ws: WebSocket,
    readonly socketId: string,
    private readonly hooks: ConnectionHooks,
  ) {
    this.clientEvents = new TokenBucket(hooks.maxClientEventsPerSecond)
    const { burst, perSecond } = hooks.controlBudget
    this.controlMessages = new TokenBucket(perSecond, Date.now(), burst)
  }

  /** How many control messages a socket may send at once (control-budget.ts). */
  get controlBurst(): number {
    return this.hooks.controlBudget.burst
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Any inbound frame (or WS-level pong) proves the client is alive. */
  touch(): void {
    this.lastSeen = Date.now()
    this.pingSentAt = undefined
  }

  /** Send one serialized frame to this socket. */
  send(frame: string): void {
    if (!this.writable()) return
    this.ws.send(frame, { binary: false })
  }

  /**
   * Fan-out path: the same pre-built WebSocket frame is written to every subscriber, so a
   * broadcast serializes and frames once (see frames.ts).
   */
  sendPrepared(frame: PreparedFrame): void {
    if (!this.writable()) return
    sendPrepared(this.ws, frame)
  }

  /**
   * A client that cannot keep up is cut with 4100 (reconnect after back-off) instead of letting
   * its buffer grow without bound.
   */
  private writable(): boolean {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return false
    if (this.ws.bufferedAmount > this.hooks.maxBufferedBytes) {
      this.close(Codes.OVER_CAPACITY, 'Client too slow to read messages')
      return false
    }
    return true
  }

  /**
   * Close with a Pusher code: a `pusher:error` frame first (protocol 7 clients read the code from
   * either), then the close frame. Registry cleanup runs now, not when the peer acknowledges, so a
   * dead peer cannot keep presence membership alive.
   */
  close(code: number, message: string): void {
    if (this.closed) return
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(errorFrame(code, message), { binary: false })
      this.ws.close(code, message)
    }
    this.markClosed()
  }

  /** Hard stop (no close handshake) for peers that did not answer our close. */
  terminate(): void {
    this.ws.terminate()
    this.markClosed()
  }

  /** Called from the ws 'close' event too; idempotent. */
  markClosed(): void {
    if (this.closed) return
    this.closed = true
    this.hooks.onClosed(this)
  }
}
