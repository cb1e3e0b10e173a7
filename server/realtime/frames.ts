/**
 * Pre-framed broadcasts. A fan-out to N sockets used to cost N × (string → Buffer, WebSocket
 * header, cork/write/write/uncork → writev). Here the WebSocket frame (header + payload, server
 * frames are never masked) is built once per broadcast and each socket gets a single write of the
 * same bytes. Writing uses `ws`'s internal sender (`_sender.sendFrame`), which is safe because we
 * disable permessage-deflate (so ws never queues frames behind compression); if that internal is
 * ever missing we fall back to the public `ws.send`.
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

interface WsInternals {
  _sender?: { sendFrame?: (list: Buffer[], cb?: (err?: Error) => void) => void }
}

export function sendPrepared(ws: WebSocket, frame: PreparedFrame): void {
  const sender = (ws as unknown as WsInternals)._sender
  if (sender && typeof sender.sendFrame === 'function') sender.sendFrame([frame.wire])
  else ws.send(frame.payload, { binary: false })
}
