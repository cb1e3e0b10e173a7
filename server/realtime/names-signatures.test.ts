/**
 * Exact behaviour of the small pure pieces the service trusts: channel-name rules, socket-auth
 * tokens and the HTTP API's query signature (each reason string is what an SDK user debugs with).
 */
import { describe, expect, it } from 'vitest'
import { verifyBodyMd5, verifySignedQuery } from './http-signature.ts'
import { channelKind, isValidChannelName, requiresAuth, userIdFromChannel } from './names.ts'
import { SOCKET_ID_PATTERN, hmacHex, md5Hex, safeEqual, verifySocketAuth } from './signatures.ts'

describe('channel names', () => {
  it('length 1..200 of the allowed characters', () => {
    expect(isValidChannelName(5)).toBe(false)
    expect(isValidChannelName('')).toBe(false)
    expect(isValidChannelName('c'.repeat(200))).toBe(true)
    expect(isValidChannelName('c'.repeat(201))).toBe(false)
    expect(isValidChannelName('a-b_c=d@e,f.g;h')).toBe(true)
  })

  it('user channels: any id without control characters', () => {
    const user = (id: string) => isValidChannelName(`#server-to-user-${id}`)
    expect(user('')).toBe(false)
    expect(user('a b é 😀')).toBe(true)
    for (const bad of ['\u0000', 'a\u001f', '\u007f', 'x\ny']) expect(user(bad)).toBe(false)
    expect(userIdFromChannel('#server-to-user-42')).toBe('42')
    expect(userIdFromChannel('private-42')).toBeUndefined()
  })

  it('kinds', () => {
    expect(channelKind('lots')).toBe('public')
    expect(channelKind('private-a')).toBe('private')
    expect(channelKind('private-encrypted-a')).toBe('encrypted')
    expect(channelKind('presence-a')).toBe('presence')
    expect(channelKind('#server-to-user-1')).toBe('user')
    expect(['public', 'user'].map((k) => requiresAuth(k as never))).toEqual([false, false])
  })
})

describe('socket auth tokens', () => {
  const app = { key: 'k', secret: 's' }
  it('need "<key>:<hmac>" for this app', () => {
    const sig = hmacHex('s', 'x')
    expect(sig).toMatch(/^[0-9a-f]{64}$/)
    expect(verifySocketAuth(`k:${sig}`, app, 'x')).toBe(true)
    expect(verifySocketAuth(sig, app, 'x')).toBe(false)
    expect(verifySocketAuth(`k${sig}`, app, 'x')).toBe(false)
    expect(verifySocketAuth(`:${sig}`, app, 'x')).toBe(false)
    expect(verifySocketAuth(`k:${sig}`, app, 'y')).toBe(false)
  })
  it('compare strings exactly, including non-ASCII', () => {
    expect(safeEqual('é', 'é')).toBe(true)
    expect(safeEqual('é', 'e')).toBe(false)
    expect(safeEqual('ab', 'abc')).toBe(false)
  })
  it('socket ids look like Pusher ids', () => {
    expect(SOCKET_ID_PATTERN.test('123.456')).toBe(true)
    for (const bad of ['x1.2', '1.2x', '1.', '.2', '12'])
      expect(SOCKET_ID_PATTERN.test(bad)).toBe(false)
  })
})

describe('signed HTTP API queries', () => {
  const app = { key: 'k', secret: 's' }
  const nowMs = 1_700_000_000_000
  const now = nowMs / 1000
  function check(params: Record<string, string>, extraRaw = '') {
    const query = Object.keys(params)
      .sort()
      .map((k) => `${k.toLowerCase()}=${params[k]}`)
      .join('&')
    const sig = hmacHex('s', `GET\n/p\n${query}`)
    const rawQuery = `${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join('&')}${extraRaw}&auth_signature=${sig}`
    return verifySignedQuery({
      method: 'get',
      path: '/p',
      rawQuery,
      app,
      toleranceSeconds: 600,
      nowMs,
    })
  }
  const base = { auth_key: 'k', auth_timestamp: String(now), auth_version: '1.0' }

  it('accepts a correct signature, with empty pairs, valueless keys and upper-case keys', () => {
    expect(check(base)).toEqual({ ok: true, bodyMd5: undefined })
    expect(check({ ...base, flag: '' }, '&&')).toEqual({ ok: true, bodyMd5: undefined })
    expect(check({ ...base, body_md5: 'abc' })).toEqual({ ok: true, bodyMd5: 'abc' })
    const { auth_key: _k, ...rest } = base
    expect(check({ ...rest, AUTH_KEY: 'k' }).ok).toBe(true)
  })

  it('gives the exact reason for each refusal', () => {
    const reason = (r: ReturnType<typeof check>) => (r.ok ? 'ok' : r.reason)
    expect(reason(check({ ...base, q: '%E0%A4%A' }))).toBe('Malformed query string')
    expect(reason(check(base, '&%ZZ=1'))).toBe('Malformed query string')
    expect(reason(check(base, '&AUTH_KEY=k'))).toBe('Duplicate query parameter auth_key')
    const { auth_version: _v, ...noVersion } = base
    expect(reason(check(noVersion))).toBe(
      'Missing auth_key, auth_timestamp, auth_version or auth_signature',
    )
    expect(reason(check({ ...base, auth_key: 'other' }))).toBe('Unknown auth_key')
    expect(reason(check({ ...base, auth_version: '2.0' }))).toBe('Unsupported auth_version')
    for (const ts of ['12a', 'a12', '1.5', '-1']) {
      expect(reason(check({ ...base, auth_timestamp: ts }))).toBe('Invalid auth_timestamp')
    }
    expect(reason(check({ ...base, auth_timestamp: String(now - 600) }))).toBe('ok')
    expect(reason(check({ ...base, auth_timestamp: String(now + 600) }))).toBe('ok')
    expect(reason(check({ ...base, auth_timestamp: String(now - 601) }))).toBe(
      'Timestamp expired: outside the allowed window',
    )
    const wrong = verifySignedQuery({
      method: 'GET',
      path: '/p',
      rawQuery: 'auth_key=k&auth_timestamp=' + now + '&auth_version=1.0&auth_signature=00',
      app,
      toleranceSeconds: 600,
      nowMs,
    })
    expect(wrong).toEqual({
      ok: false,
      reason:
        'Invalid signature: you should have sent HmacSHA256Hex(METHOD\\nPATH\\nQUERY, secret)',
    })
  })

  it('signs the sorted query', () => {
    // Keys given out of order must still verify against the sorted string the SDK signs.
    const rawQuery = `auth_version=1.0&auth_timestamp=${now}&auth_key=k`
    const sorted = `auth_key=k&auth_timestamp=${now}&auth_version=1.0`
    const sig = hmacHex('s', `GET\n/p\n${sorted}`)
    const args = { method: 'GET', path: '/p', app, toleranceSeconds: 600, nowMs }
    expect(verifySignedQuery({ ...args, rawQuery: `${rawQuery}&auth_signature=${sig}` }).ok).toBe(
      true,
    )
  })

  it('checks body_md5 against the bytes received', () => {
    const body = Buffer.from('{"a":1}')
    expect(verifyBodyMd5(undefined, Buffer.alloc(0))).toEqual({ ok: true })
    expect(verifyBodyMd5(md5Hex(body), body)).toEqual({ ok: true })
    const mismatch = { ok: false, reason: 'body_md5 does not match the request body' }
    expect(verifyBodyMd5(undefined, body)).toEqual(mismatch)
    expect(verifyBodyMd5(md5Hex('other'), body)).toEqual(mismatch)
  })
})
