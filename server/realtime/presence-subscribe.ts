/** `pusher:subscribe` to a presence channel: the member's signature, id and info, then the join. */
import type { AppState } from './app-state.ts'
import type { Connection } from './connection.ts'
import { isObject } from './json.ts'
import { Codes, errorFrame, subscriptionError, subscriptionSucceeded } from './protocol.ts'
import { channelStringToSign, verifySocketAuth } from './signatures.ts'

/** Pusher: user ids up to 128 characters, user info up to 1 KB. */
export const MAX_USER_ID_LENGTH = 128
export const MAX_USER_INFO_BYTES = 1024

export function subscribePresence(
  state: AppState,
  conn: Connection,
  channel: string,
  auth: string,
  channelData: string | undefined,
  reject: (message: string) => void,
): void {
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
  for (const [id, memberInfo] of joined.members) {
    ids.push(id)
    hash[id] = memberInfo
  }
  conn.send(subscriptionSucceeded(channel, { presence: { ids, hash, count: ids.length } }))
}
