/**
 * Verification of signed HTTP API requests, as Pusher does it:
 *   auth_signature = HMAC-SHA256(secret, METHOD \n PATH \n sorted "k=v" query without auth_signature)
 * plus auth_key = app key, auth_version = 1.0, |now - auth_timestamp| <= 600 s and, when there is
 * a body, body_md5 = md5(raw body). The md5 is recomputed from the bytes received (never from
 * re-serialized JSON), and the signature is compared in constant time.
 *
 * The signature covers the query (which carries body_md5) but not the body itself, so everything
 * except the md5 is checked by `verifySignedQuery` BEFORE a byte of body is read: an unsigned or
 * forged request cannot make the server buffer or wait for its body.
 */
import { decodeComponent } from './decode.ts'
import { hmacHex, md5Hex, safeEqual } from './signatures.ts'

export type SignatureCheck = { ok: true } | { ok: false; reason: string }
export type QueryCheck = { ok: true; bodyMd5: string | undefined } | { ok: false; reason: string }

interface QueryArgs {
  method: string
  /** Path exactly as received, without the query string. */
  path: string
  /** Raw query string (no leading `?`). */
  rawQuery: string
  app: { key: string; secret: string }
  toleranceSeconds: number
  nowMs?: number
}

/** Query parameters, decoded; a reason string for a malformed escape or a repeated key. */
function parseQuery(rawQuery: string): Map<string, string> | string {
  const params = new Map<string, string>()
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    // The SDKs do not URL-encode values, but proxies or other clients may; both decode the same
    // for every value Pusher defines. A malformed escape is simply a bad signature.
    const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq))?.toLowerCase()
    const value = decodeComponent(eq < 0 ? '' : pair.slice(eq + 1))
    if (key === undefined || value === undefined) return 'Malformed query string'
    if (params.has(key)) return `Duplicate query parameter ${key.slice(0, 50)}`
    params.set(key, value)
  }
  return params
}

/** Everything that can be checked without the body: key, version, timestamp, HMAC. */
export function verifySignedQuery(args: QueryArgs): QueryCheck {
  const params = parseQuery(args.rawQuery)
  if (typeof params === 'string') return { ok: false, reason: params }
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
  return { ok: true, bodyMd5: params.get('body_md5') }
}

/** The one check that needs the body: a non-empty body must match the signed body_md5. */
export function verifyBodyMd5(bodyMd5: string | undefined, rawBody: Buffer): SignatureCheck {
  if (rawBody.length === 0) return { ok: true }
  if (!bodyMd5 || !safeEqual(bodyMd5, md5Hex(rawBody))) {
    return { ok: false, reason: 'body_md5 does not match the request body' }
  }
  return { ok: true }
}

export function verifySignedRequest(args: QueryArgs & { rawBody: Buffer }): SignatureCheck {
  const query = verifySignedQuery(args)
  if (!query.ok) return query
  return verifyBodyMd5(query.bodyMd5, args.rawBody)
}
