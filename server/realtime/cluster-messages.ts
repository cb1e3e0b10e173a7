/**
 * What nodes say to each other on the Redis bus. One line of JSON header, then (events only) the
 * Pusher frame exactly as local sockets get it, so a receiving node decodes a small header and
 * hands the frame text straight to its fan-out: one serialization per event per node.
 */

/** [channel, subscribers on the sending node, presence members as [id, info] pairs]. */
export type WireChannel = [string, number, Array<[string, unknown]>?]

export type BusHeader =
  /** An event for a channel (`c`) or a user (`u`); `x` = the publisher's excluded socket. */
  | { t: 'ev'; n: string; a: string; c?: string; u?: string; x?: string }
  /** Some channels of node `n` changed: their new counts and members. */
  | { t: 'ch'; n: string; a: string; l: WireChannel[] }
  /** Everything node `n` holds, per app id (after it (re)joins, or when asked). */
  | { t: 'full'; n: string; apps: Record<string, WireChannel[]> }
  | { t: 'hb'; n: string }
  /** Ask for `full` announcements: from node `to`, or from every node. */
  | { t: 'hello'; n: string; to?: string }
  | { t: 'term'; n: string; a: string; u: string }
  /** Node `n` is shutting down cleanly: forget it now rather than after the heartbeat timeout. */
  | { t: 'bye'; n: string }

export interface BusMessage {
  header: BusHeader
  frame: string
}

export function encodeBusMessage(header: BusHeader, frame = ''): string {
  // JSON.stringify escapes newlines, so the first '\n' always ends the header.
  return `${JSON.stringify(header)}\n${frame}`
}

export function decodeBusMessage(message: string): BusMessage | undefined {
  const nl = message.indexOf('\n')
  if (nl < 0) return undefined
  try {
    const header = JSON.parse(message.slice(0, nl)) as unknown
    if (!isHeader(header)) return undefined
    return { header, frame: message.slice(nl + 1) }
  } catch {
    return undefined
  }
}

function isHeader(v: unknown): v is BusHeader {
  if (typeof v !== 'object' || v === null) return false
  const h = v as { t?: unknown; n?: unknown }
  return typeof h.t === 'string' && typeof h.n === 'string'
}
