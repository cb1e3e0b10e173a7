/**
 * Pusher protocol 7 wire format: close/error codes and the frames the server emits.
 *
 * Frames are JSON text. For `pusher:connection_established`, `pusher_internal:*` and API-published
 * events the `data` field is itself a JSON *string* ("double encoding"), because that is what
 * Pusher Channels sends and what every client library expects; pusher-js JSON.parses string data.
 */

/** The only protocol version we speak (pusher-js 7.x/8.x send `protocol=7`). */
export const PROTOCOL_VERSION = 7

/**
 * Close / error codes. The numeric range decides what pusher-js does next
 * (pusher-js `protocol.getCloseAction`): 4000-4099 stop for good, 4100-4199 retry after ~1 s,
 * 4200-4299 retry at once, >= 4300 stop. Informational `pusher:error` frames sent while connected
 * never change the client's state, so we reuse the same numbers there.
 */
export const Codes = {
  /** Unknown app key: reconnecting with the same key can never work. */
  APP_NOT_FOUND: 4001,
  /** Path is not /app/{key}. */
  PATH_NOT_FOUND: 4005,
  /** `protocol` query parameter is not 7. */
  UNSUPPORTED_PROTOCOL: 4007,
  /** `protocol` query parameter missing. */
  NO_PROTOCOL: 4008,
  /** Unauthorized (bad sign-in, terminated by the app). The client must not reconnect on its own. */
  UNAUTHORIZED: 4009,
  /** Over capacity or too slow to read: reconnect after a back-off. */
  OVER_CAPACITY: 4100,
  /** Server is shutting down or restarting: reconnect immediately. */
  RECONNECT_NOW: 4200,
  /** We pinged and got nothing back. */
  PONG_TIMEOUT: 4201,
  /** Generic "your frame was not acceptable" (soft, connection stays open). */
  INVALID_MESSAGE: 4300,
  /** Client event rejected (rate limit, size). Soft, connection stays open. */
  CLIENT_EVENT_REJECTED: 4301,
  /** subscribe/unsubscribe/ping over the socket's budget: this one is ignored, the socket stays. */
  CONTROL_MESSAGE_REJECTED: 4301,
  /** A socket that went on past its budget after being told: closed, and pusher-js stays away. */
  CONTROL_MESSAGE_FLOOD: 4302,
} as const

export type Frame = {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}

/** Serialize a frame once; callers that fan out reuse the string for every socket. */
export function encodeFrame(frame: Frame): string {
  return JSON.stringify(frame)
}

export function connectionEstablished(socketId: string, activityTimeoutSeconds: number): string {
  return encodeFrame({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  })
}

/** `pusher:error` carries an object, as Pusher does; pusher-js accepts object or string data. */
export function errorFrame(code: number | null, message: string): string {
  return encodeFrame({ event: 'pusher:error', data: { code, message } })
}

export const PING_FRAME = encodeFrame({ event: 'pusher:ping', data: '{}' })
export const PONG_FRAME = encodeFrame({ event: 'pusher:pong', data: '{}' })

export function subscriptionSucceeded(channel: string, data: object = {}): string {
  return encodeFrame({
    event: 'pusher_internal:subscription_succeeded',
    channel,
    data: JSON.stringify(data),
  })
}

/**
 * Channel-scoped failure (soketi's shape). pusher-js re-emits it on the channel object, so
 * `channel.bind('pusher:subscription_error', ...)` and Echo's `.error()` see it.
 */
export function subscriptionError(
  channel: string,
  type: 'AuthError' | 'LimitReached' | 'InvalidRequest',
  error: string,
  status: number,
): string {
  return encodeFrame({ event: 'pusher:subscription_error', channel, data: { type, error, status } })
}

export function memberAdded(channel: string, userId: string, userInfo: unknown): string {
  return encodeFrame({
    event: 'pusher_internal:member_added',
    channel,
    data: JSON.stringify({ user_id: userId, user_info: userInfo }),
  })
}

export function memberRemoved(channel: string, userId: string): string {
  return encodeFrame({
    event: 'pusher_internal:member_removed',
    channel,
    data: JSON.stringify({ user_id: userId }),
  })
}

export function signinSuccess(userData: string): string {
  return encodeFrame({ event: 'pusher:signin_success', data: { user_data: userData } })
}

/** Pusher's subscription-count feature: pusher-js re-emits it as `pusher:subscription_count`. */
export function subscriptionCountFrame(channel: string, count: number): string {
  return encodeFrame({
    event: 'pusher_internal:subscription_count',
    channel,
    data: JSON.stringify({ subscription_count: count }),
  })
}
