/** `pusher:subscribe`: public, private and user channels here; presence in presence-subscribe.ts. */
import type { Connection } from './connection.ts'
import type { Json } from './json.ts'
import type { MessageContext } from './message-context.ts'
import { channelKind, isValidChannelName, requiresAuth, userIdFromChannel } from './names.ts'
import { subscribePresence } from './presence-subscribe.ts'
import { Codes, errorFrame, subscriptionError, subscriptionSucceeded } from './protocol.ts'
import { channelStringToSign, verifySocketAuth } from './signatures.ts'

export function subscribe(ctx: MessageContext, conn: Connection, data: Json | undefined): void {
  if (!data || typeof data.channel !== 'string') {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'pusher:subscribe needs data.channel'))
    return
  }
  const channel = data.channel
  if (!isValidChannelName(channel)) {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'Invalid channel name'))
    conn.send(subscriptionError(channel, 'InvalidRequest', 'Invalid channel name', 400))
    return
  }
  const auth = data.auth
  const channelData = data.channel_data
  if (
    (auth !== undefined && typeof auth !== 'string') ||
    (channelData !== undefined && typeof channelData !== 'string')
  ) {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'auth and channel_data must be strings'))
    return
  }
  const kind = channelKind(channel)
  const { state } = ctx
  if (!conn.channels.has(channel) && conn.channels.size >= ctx.maxChannelsPerConnection) {
    const message = `Subscription limit reached: at most ${ctx.maxChannelsPerConnection} channels per connection`
    conn.send(errorFrame(Codes.OVER_CAPACITY, message))
    conn.send(subscriptionError(channel, 'LimitReached', message, 4100))
    return
  }
  const reject = (message: string) => {
    // Pusher answers with pusher:error; pusher-js only routes the channel-scoped frame to the
    // channel's `pusher:subscription_error` handlers, so send both. The socket stays open.
    conn.send(errorFrame(Codes.UNAUTHORIZED, message))
    conn.send(subscriptionError(channel, 'AuthError', message, 401))
  }

  if (kind === 'user') {
    // Acknowledged only for the user this socket signed in as; delivery itself is by user index.
    if (!conn.user || conn.user.id !== userIdFromChannel(channel)) {
      return reject('Sign in as this user before subscribing to its channel')
    }
    conn.send(subscriptionSucceeded(channel))
    return
  }

  if (!requiresAuth(kind)) {
    state.subscribe(conn, channel)
    conn.send(subscriptionSucceeded(channel))
    return
  }

  if (typeof auth !== 'string' || auth === '') return reject('Missing auth signature')

  if (kind !== 'presence') {
    if (!verifySocketAuth(auth, state.app, channelStringToSign(conn.socketId, channel))) {
      return reject(`Invalid signature for ${conn.socketId}:${channel}`)
    }
    state.subscribe(conn, channel)
    conn.send(subscriptionSucceeded(channel))
    return
  }

  subscribePresence(state, conn, channel, auth, channelData, reject)
}
