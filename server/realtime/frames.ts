/**
 * Pre-framed broadcasts. A fan-out to N sockets used to cost N × (string → Buffer, WebSocket
 * header, cork/write/write/uncork → writev). Here the WebSocket frame (header + payload, server
 * frames are never masked) is built once per broadcast and each socket gets a single write of the
 * same bytes. Writing uses `ws`'s internal sender (`_sender.sendFrame`), which is safe because we
 * disable permessage-deflate (so ws never queues frames behind compression); if that internal is
 * ever missing we fall back to the public `ws.send`.
 *
 * Frames written to one socket in the same event-loop turn leave in one write: the first write of
 * a turn corks the socket and the turn's end (setImmediate) uncorks it. Most of a fan-out's cost
 * is the kernel write per socket (docs/performance.md, "Real-time fan-out"), so when events queue
 * up — a busy show's bids and chat arriving while the loop was busy — k events cost each socket one
 * writev instead of k writes, and the service catches up instead of falling further behind. A lone
 * event pays a cork and uncork per socket, and its first sockets wait until the loop has buffered
 * them all (a few ms for 2,000) before the writes start.
 */
import type { WebSocket } from 'ws'

export interface PreparedFrame {
  /** The JSON text, for the fallback path. */
  payload: Buffer
  /** Complete WebSocket text frame (FIN, opcode 1, unmasked). */
  wire: Buffer
}

/** RFC 6455 §5.2 header for a final, unmasked text frame (server → client frames are unmasked). */
function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, length])
  if (length < 65536) {
    const h = Buffer.alloc(4)
    h[0] = 0x81
    h[1] = 126
    h.writeUInt16BE(length, 2)
    return h
  }
  const h = Buffer.alloc(10)
  h[0] = 0x81
  h[1] = 127
  h.writeBigUInt64BE(BigInt(length), 2)
  return h
}

export function prepareFrame(text: string): PreparedFrame {
  const payload = Buffer.from(text, 'utf8')
  return { payload, wire: Buffer.concat([textFrameHeader(payload.length), payload]) }
}

interface CorkableSocket {
  writableCorked: number
  cork(): void
  uncork(): void
}

interface WsInternals {
  _sender?: { sendFrame?: (list: Buffer[], cb?: (err?: Error) => void) => void }
  _socket?: CorkableSocket
}

/** Sockets corked during this turn, uncorked together at its end. */
const corked: CorkableSocket[] = []

function uncorkAll(): void {
  for (const socket of corked.splice(0)) socket.uncork()
}

function corkForThisTurn(socket: CorkableSocket | undefined): void {
  if (!socket || socket.writableCorked > 0) return
  socket.cork()
  if (corked.push(socket) === 1) setImmediate(uncorkAll)
}

export function sendPrepared(ws: WebSocket, frame: PreparedFrame): void {
  const internals = ws as unknown as WsInternals
  const sender = internals._sender
  if (sender && typeof sender.sendFrame === 'function') {
    corkForThisTurn(internals._socket)
    sender.sendFrame([frame.wire])
  } else ws.send(frame.payload, { binary: false })
}
