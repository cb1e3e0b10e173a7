/**
 * HMAC-SHA256 signatures exactly as the `pusher` SDKs compute them (hex digest, app secret as key).
 * All comparisons are constant-time so a client cannot learn a valid signature byte by byte.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto'

export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex')
}

export function md5Hex(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex')
}

/** Constant-time string equality; a length mismatch returns early (length is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8')
  const bb = Buffer.from(b, 'utf8')
  return ab.length === bb.length && timingSafeEqual(ab, bb)
}

/**
 * Checks a socket auth token `"<key>:<hex>"` against `stringToSign`. Split on the first colon;
 * the key must be this app's key (a token minted for another app is rejected).
 */
export function verifySocketAuth(
  auth: string,
  app: { key: string; secret: string },
  stringToSign: string,
): boolean {
  const colon = auth.indexOf(':')
  if (colon < 0) return false
  const key = auth.slice(0, colon)
  const signature = auth.slice(colon + 1)
  const expected = hmacHex(app.secret, stringToSign)
  // Evaluate both comparisons so timing does not reveal which part was wrong.
  const keyOk = safeEqual(key, app.key)
  const sigOk = safeEqual(signature, expected)
  return keyOk && sigOk
}

/** String signed for private / private-encrypted (no channelData) and presence channels. */
export function channelStringToSign(socketId: string, channel: string, channelData?: string) {
  return channelData === undefined
    ? `${socketId}:${channel}`
    : `${socketId}:${channel}:${channelData}`
}

/** String signed for `pusher:signin` (note the double colons around `user`). */
export function userStringToSign(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`
}

export const SOCKET_ID_PATTERN = /^\d+\.\d+$/

/**
 * Socket ids look like Pusher's (`\d+\.\d+`); the SDKs reject any other shape. crypto.randomInt
 * rather than Math.random so ids are not predictable (they are used for `socket_id` exclusion).
 */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`
}
