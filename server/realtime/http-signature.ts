/**
 * Verification of signed HTTP API requests, as Pusher does it:
 *   auth_signature = HMAC-SHA256(secret, METHOD \n PATH \n sorted "k=v" query without auth_signature)
 * plus auth_key = app key, auth_version = 1.0, |now - auth_timestamp| <= 600 s and, when there is
 * a body, body_md5 = md5(raw body). The md5 is recomputed from the bytes received (never from
 * re-serialized JSON), and the signature is compared in constant time.
 */
import { hmacHex, md5Hex, safeEqual } from './signatures.js'

export type SignatureCheck = { ok: true } | { ok: false; reason: string }

export function verifySignedRequest(args: {
  method: string
  /** Path exactly as received, without the query string. */
  path: string
  /** Raw query string (no leading `?`). */
  rawQuery: string
  rawBody: Buffer
  app: { key: string; secret: string }
  toleranceSeconds: number
  nowMs?: number
}): SignatureCheck {
  const params = new Map<string, string>()
  for (const pair of args.rawQuery.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const rawKey = eq < 0 ? pair : pair.slice(0, eq)
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1)
    // The SDKs do not URL-encode values, but proxies or other clients may; both decode the same
    // for every value Pusher defines. A malformed escape is simply a bad signature.
    let key: string
    let value: string
    try {
      key = decodeURIComponent(rawKey).toLowerCase()
      value = decodeURIComponent(rawValue)
    } catch {
      return { ok: false, reason: 'Malformed query string' }
    }
    if (params.has(key)) return { ok: false, reason: `Duplicate query parameter ${key}` }
    params.set(key, value)
  }

  const signature = params.get('auth_signature')
  const key = params.get('auth_key')
  const timestamp = params.get('auth_timestamp')
  const version = params.get('auth_version')
  if (!signature || !key || !timestamp || !version) {
    return { ok: false, reason: 'Missing auth_key, auth_timestamp, auth_version or auth_signature' }
  }
  if (!safeEqual(key, args.app.key)) return { ok: false, reason: 'Unknown auth_key' }
  if (version !== '1.0') return { ok: false, reason: 'Unsupported auth_version' }
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: 'Invalid auth_timestamp' }
  const now = Math.floor((args.nowMs ?? Date.now()) / 1000)
  if (Math.abs(now - Number(timestamp)) > args.toleranceSeconds) {
    return { ok: false, reason: 'Timestamp expired: outside the allowed window' }
  }
  if (args.rawBody.length > 0) {
    const sentMd5 = params.get('body_md5')
    if (!sentMd5 || !safeEqual(sentMd5, md5Hex(args.rawBody))) {
      return { ok: false, reason: 'body_md5 does not match the request body' }
    }
  }

  params.delete('auth_signature')
  const query = [...params.keys()]
    .sort()
    .map((k) => `${k}=${params.get(k) ?? ''}`)
    .join('&')
  const expected = hmacHex(args.app.secret, `${args.method.toUpperCase()}\n${args.path}\n${query}`)
  if (!safeEqual(signature, expected)) {
    return {
      ok: false,
      reason:
        'Invalid signature: you should have sent HmacSHA256Hex(METHOD\\nPATH\\nQUERY, secret)',
    }
  }
  return { ok: true }
}
