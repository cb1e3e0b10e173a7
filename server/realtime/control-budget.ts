/**
 * The per-socket budget for `pusher:subscribe`, `pusher:unsubscribe` and `pusher:ping`. Each
 * presence subscribe or unsubscribe can cost every other member of the room a frame, so a socket
 * churning them multiplies its traffic by the room. pusher-js sends a burst when it connects (it
 * re-subscribes every channel, at most `maxChannelsPerConnection`), then one now and then, and each
 * reconnect is a new socket with a full budget: a well-behaved client never meets the limit
 * (decision 0048).
 */
import type { AppState } from './app-state.ts'
import type { Connection } from './connection.ts'
import { Codes, errorFrame } from './protocol.ts'

/** The events this budget counts. */
export function isControlEvent(event: string): boolean {
  return event === 'pusher:subscribe' || event === 'pusher:unsubscribe' || event === 'pusher:ping'
}

/**
 * True when the message may go on. Otherwise it is answered with 4301 and ignored; once another
 * burst's worth has been refused, the socket is closed with 4302 (pusher-js does not come back).
 */
export function takeControlBudget(state: AppState, conn: Connection, event: string): boolean {
  if (conn.controlMessages.take()) return true
  state.messagesRefusedOverBudget++
  conn.controlRefusals++
  if (conn.controlRefusals >= conn.controlBurst) {
    conn.close(Codes.CONTROL_MESSAGE_FLOOD, 'Too many subscribe, unsubscribe and ping messages')
    return false
  }
  conn.send(
    errorFrame(Codes.CONTROL_MESSAGE_REJECTED, `Too many control messages, ${event} ignored`),
  )
  return false
}
