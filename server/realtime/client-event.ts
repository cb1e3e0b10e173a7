/** `client-*` events: relayed to the channel's other subscribers when the app allows them. */
import type { Connection } from './connection.ts'
import type { MessageContext } from './message-context.ts'
import { MAX_EVENT_NAME_LENGTH, channelKind } from './names.ts'
import { Codes, encodeFrame, errorFrame } from './protocol.ts'

export function clientEvent(
  ctx: MessageContext,
  conn: Connection,
  event: string,
  channel: string | undefined,
  data: unknown,
): void {
  if (ctx.state.app.enableClientEvents !== true) {
    conn.send(errorFrame(Codes.CLIENT_EVENT_REJECTED, 'Client events are disabled for this app'))
    return
  }
  if (event.length > MAX_EVENT_NAME_LENGTH) {
    conn.send(errorFrame(Codes.CLIENT_EVENT_REJECTED, 'Event name too long'))
    return
  }
  if (channel === undefined) {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Client events need a channel'))
    return
  }
  const kind = channelKind(channel)
  // Encrypted channels carry ciphertext only the app can mint; Pusher rejects client events there.
  if (kind !== 'private' && kind !== 'presence') {
    conn.send(
      errorFrame(
        Codes.UNAUTHORIZED,
        'Client events are only allowed on private and presence channels',
      ),
    )
    return
  }
  if (!conn.channels.has(channel)) {
    conn.send(errorFrame(Codes.UNAUTHORIZED, `Not subscribed to ${channel}`))
    return
  }
  if (!conn.clientEvents.take()) {
    conn.send(errorFrame(Codes.CLIENT_EVENT_REJECTED, 'Client event rate limit exceeded'))
    return
  }
  const userId = kind === 'presence' ? conn.channels.get(channel) : undefined
  const frame = encodeFrame(
    userId === undefined ? { event, channel, data } : { event, channel, data, user_id: userId },
  )
  ctx.state.broadcast(channel, frame, conn.socketId)
}
