/**
 * Router for frames sent by clients. Every rejection is a `pusher:error` (or a channel-scoped
 * `pusher:subscription_error`); a bad frame never closes the socket and never throws out of here.
 */
import type { AppState } from './app-state.js'
import type { Connection } from './connection.js'
import {
  Codes,
  PONG_FRAME,
  encodeFrame,
  errorFrame,
  signinSuccess,
  subscriptionError,
  subscriptionSucceeded,
} from './protocol.js'
import {
  MAX_EVENT_NAME_LENGTH,
  channelKind,
  isValidChannelName,
  requiresAuth,
  userIdFromChannel,
} from './names.js'
import { channelStringToSign, userStringToSign, verifySocketAuth } from './signatures.js'

/** Pusher: user ids up to 128 characters, user info up to 1 KB. */
export const MAX_USER_ID_LENGTH = 128
export const MAX_USER_INFO_BYTES = 1024

export interface MessageContext {
  state: AppState
  maxMessageBytes: number
}

type Json = Record<string, unknown>

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

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

function subscribe(ctx: MessageContext, conn: Connection, data: Json | undefined): void {
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

  // Presence. pusher-js >= 7.4 may omit channel_data when the socket is signed in; then the
  // signature covers `socket_id:channel` and the member is the signed-in user.
  let userId: string
  let info: unknown
  if (channelData === undefined) {
    if (!conn.user) return reject('channel_data is required for presence channels')
    if (!verifySocketAuth(auth, state.app, channelStringToSign(conn.socketId, channel))) {
      return reject(`Invalid signature for ${conn.socketId}:${channel}`)
    }
    userId = conn.user.id
    info = conn.user.info
  } else {
    if (
      !verifySocketAuth(auth, state.app, channelStringToSign(conn.socketId, channel, channelData))
    ) {
      return reject(`Invalid signature for ${conn.socketId}:${channel}:<channel_data>`)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(channelData)
    } catch {
      return reject('channel_data is not valid JSON')
    }
    if (!isObject(parsed)) return reject('channel_data must be a JSON object')
    const rawId = parsed.user_id
    if (!(typeof rawId === 'string' && rawId !== '') && typeof rawId !== 'number') {
      return reject('channel_data.user_id must be a non-empty string or a number')
    }
    userId = String(rawId)
    info = parsed.user_info
  }
  if (userId.length > MAX_USER_ID_LENGTH) {
    conn.send(
      subscriptionError(
        channel,
        'LimitReached',
        `user_id exceeds ${MAX_USER_ID_LENGTH} chars`,
        400,
      ),
    )
    return
  }
  if (Buffer.byteLength(JSON.stringify(info ?? null), 'utf8') > MAX_USER_INFO_BYTES) {
    conn.send(
      subscriptionError(
        channel,
        'LimitReached',
        `user_info exceeds ${MAX_USER_INFO_BYTES} bytes`,
        413,
      ),
    )
    return
  }

  const existing = conn.channels.get(channel)
  if (conn.channels.has(channel) && existing !== userId) state.unsubscribe(conn, channel)
  const joined = state.joinPresence(conn, channel, userId, info ?? null)
  if (!joined.ok) {
    conn.send(errorFrame(Codes.OVER_CAPACITY, 'Presence channel member limit reached'))
    conn.send(
      subscriptionError(channel, 'LimitReached', 'Presence channel member limit reached', 4100),
    )
    return
  }
  const ids: string[] = []
  const hash: Record<string, unknown> = {}
  for (const [id, member] of joined.members) {
    ids.push(id)
    hash[id] = member.info
  }
  conn.send(subscriptionSucceeded(channel, { presence: { ids, hash, count: ids.length } }))
}

function signin(ctx: MessageContext, conn: Connection, data: Json | undefined): void {
  if (!data || typeof data.auth !== 'string' || typeof data.user_data !== 'string') {
    conn.send(errorFrame(Codes.INVALID_MESSAGE, 'pusher:signin needs data.auth and data.user_data'))
    return
  }
  const { auth, user_data: userData } = data
  if (!verifySocketAuth(auth, ctx.state.app, userStringToSign(conn.socketId, userData))) {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'Invalid signin signature'))
    return
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(userData)
  } catch {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'user_data is not valid JSON'))
    return
  }
  if (!isObject(parsed) || typeof parsed.id !== 'string' || parsed.id === '') {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'user_data.id must be a non-empty string'))
    return
  }
  // "Sign-in fails if the connection is already associated with a different user id."
  if (conn.user && conn.user.id !== parsed.id) {
    conn.send(errorFrame(Codes.UNAUTHORIZED, 'Connection is already signed in as another user'))
    return
  }
  if (!conn.user) {
    ctx.state.signIn(conn, { id: parsed.id, userData, info: parsed.user_info ?? {} })
  }
  conn.send(signinSuccess(userData))
}

function clientEvent(
  ctx: MessageContext,
  conn: Connection,
  event: string,
  channel: string | undefined,
  data: unknown,
): void {
  if (ctx.state.app.enableClientEvents === false) {
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
  ctx.state.publish(channel, frame, conn.socketId)
}
