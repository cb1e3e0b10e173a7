/**
 * Router for frames sent by clients. Every rejection is a `pusher:error` (or a channel-scoped
 * `pusher:subscription_error`); a bad frame never closes the socket and never throws out of here.
 */
import { clientEvent } from './client-event.ts'
import { signin } from './client-signin.ts'
import { isControlEvent, takeControlBudget } from './control-budget.ts'
import { subscribe } from './client-subscribe.ts'
import type { Connection } from './connection.ts'
import { isObject, type Json } from './json.ts'
import type { MessageContext } from './message-context.ts'
import { Codes, PONG_FRAME, errorFrame } from './protocol.ts'

export type { MessageContext } from './message-context.ts'
export { MAX_USER_ID_LENGTH, MAX_USER_INFO_BYTES } from './presence-subscribe.ts'

/** pusher-js sends `data` as an object; other clients double-encode. Accept both. */
function dataObject(data: unknown): Json | undefined {
  if (isObject(data)) return data
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data)
      return isObject(parsed) ? parsed : undefined
    } catch {
      return undefined
    }
  }
  return undefined
}

export function handleClientFrame(
  ctx: MessageContext,
  conn: Connection,
  raw: Buffer,
  isBinary: boolean,
): void {
  conn.touch()
  if (isBinary) {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Binary frames are not supported'))
    return
  }
  if (raw.length > ctx.maxMessageBytes) {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, `Message exceeds ${ctx.maxMessageBytes} bytes`))
    return
  }
  let frame: unknown
  try {
    frame = JSON.parse(raw.toString('utf8'))
  } catch {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Message is not valid JSON'))
    return
  }
  if (!isObject(frame) || typeof frame.event !== 'string' || frame.event === '') {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Message must be an object with a string event'))
    return
  }
  if (frame.channel !== undefined && typeof frame.channel !== 'string') {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'channel must be a string'))
    return
  }
  const event = frame.event
  if (isControlEvent(event) && !takeControlBudget(ctx.state, conn, event)) return
  switch (event) {
    case 'pusher:ping':
      conn.send(PONG_FRAME)
      return
    case 'pusher:pong':
      return // touch() above already recorded the activity
    case 'pusher:subscribe':
      return subscribe(ctx, conn, dataObject(frame.data))
    case 'pusher:unsubscribe': {
      const data = dataObject(frame.data)
      if (!data || typeof data.channel !== 'string') {
        conn.send(errorFrame(Codes.INVALID_MESSAGE, 'pusher:unsubscribe needs data.channel'))
        return
      }
      ctx.state.unsubscribe(conn, data.channel)
      return
    }
    case 'pusher:signin':
      return signin(ctx, conn, dataObject(frame.data))
  }
  if (event.startsWith('client-')) {
    return clientEvent(ctx, conn, event, frame.channel, frame.data)
  }
  conn.send(errorFrame(Codes.INVALID_MESSAGE, `Unsupported event: ${event.slice(0, 64)}`))
}
