/**
 * Signature primitives against the published Pusher test vectors and the SDK's own signing.
 */
import PusherServer from 'pusher'
import { describe, expect, it } from 'vitest'
import { verifySignedRequest } from './http-signature.ts'
import {
  channelStringToSign,
  hmacHex,
  md5Hex,
  newSocketId,
  userStringToSign,
  verifySocketAuth,
} from './signatures.ts'

const VEC = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' }

describe('socket auth signatures (Pusher docs vectors)', () => {
  it('private channel', () => {
    expect(hmacHex(VEC.secret, channelStringToSign('1234.1234', 'private-foobar'))).toBe(
      '58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    )
  })
  it('presence channel', () => {
    const data = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}'
    expect(hmacHex(VEC.secret, channelStringToSign('1234.1234', 'presence-foobar', data))).toBe(
      '31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80',
    )
  })
  it('user sign-in', () => {
    expect(hmacHex(VEC.secret, userStringToSign('1234.1234', '{"id":"12345"}'))).toBe(
      '4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba',
    )
  })
  it('verifies SDK-minted tokens and rejects tampering', () => {
    const sdk = new PusherServer({ appId: '1', host: '127.0.0.1', ...VEC })
    const { auth } = sdk.authorizeChannel('1.2', 'private-a')
    expect(verifySocketAuth(auth, VEC, '1.2:private-a')).toBe(true)
    expect(verifySocketAuth(auth, VEC, '1.3:private-a')).toBe(false)
    const flipped = auth.slice(0, -1) + (auth.endsWith('0') ? '1' : '0')
    expect(verifySocketAuth(flipped, VEC, '1.2:private-a')).toBe(false)
    expect(verifySocketAuth('nocolon', VEC, '1.2:private-a')).toBe(false)
  })
  it('socket ids match the SDK pattern', () => {
    for (let i = 0; i < 100; i++) expect(newSocketId()).toMatch(/^\d+\.\d+$/)
  })
})

describe('HTTP request signatures', () => {
  it('matches the Pusher REST docs vector', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}'
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f')
    const query = `auth_key=${VEC.key}&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f`
    const sig = hmacHex(VEC.secret, `POST\n/apps/3/events\n${query}`)
    expect(sig).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c')
    const base = {
      method: 'POST',
      path: '/apps/3/events',
      rawBody: Buffer.from(body),
      app: VEC,
      toleranceSeconds: 600,
    }
    const nowMs = 1353088179_000
    expect(
      verifySignedRequest({ ...base, rawQuery: `${query}&auth_signature=${sig}`, nowMs }),
    ).toEqual({ ok: true })
    // stale / future timestamps
    expect(
      verifySignedRequest({
        ...base,
        rawQuery: `${query}&auth_signature=${sig}`,
        nowMs: nowMs + 601_000,
      }).ok,
    ).toBe(false)
    expect(
      verifySignedRequest({
        ...base,
        rawQuery: `${query}&auth_signature=${sig}`,
        nowMs: nowMs - 601_000,
      }).ok,
    ).toBe(false)
    expect(
      verifySignedRequest({
        ...base,
        rawQuery: `${query}&auth_signature=${sig}`,
        nowMs: nowMs + 599_000,
      }).ok,
    ).toBe(true)
    // body changed after signing
    expect(
      verifySignedRequest({
        ...base,
        rawBody: Buffer.from(body.replace('foo', 'bar')),
        rawQuery: `${query}&auth_signature=${sig}`,
        nowMs,
      }).ok,
    ).toBe(false)
    // path changed
    expect(
      verifySignedRequest({
        ...base,
        path: '/apps/4/events',
        rawQuery: `${query}&auth_signature=${sig}`,
        nowMs,
      }).ok,
    ).toBe(false)
    // missing signature
    expect(verifySignedRequest({ ...base, rawQuery: query, nowMs }).ok).toBe(false)
  })

  it('verifies what the SDK signs, including extra GET params', () => {
    const sdk = new PusherServer({ appId: '1', host: '127.0.0.1', ...VEC })
    const qs = sdk.createSignedQueryString({
      method: 'GET',
      path: '/apps/1/channels',
      params: { filter_by_prefix: 'presence-', info: 'user_count' },
    })
    const base = {
      method: 'GET',
      path: '/apps/1/channels',
      rawBody: Buffer.alloc(0),
      toleranceSeconds: 600,
    }
    expect(verifySignedRequest({ ...base, rawQuery: qs, app: VEC })).toEqual({ ok: true })
    expect(verifySignedRequest({ ...base, rawQuery: qs, app: { ...VEC, secret: 'x' } }).ok).toBe(
      false,
    )
    expect(verifySignedRequest({ ...base, rawQuery: qs, app: { ...VEC, key: 'other' } }).ok).toBe(
      false,
    )
    expect(verifySignedRequest({ ...base, method: 'POST', rawQuery: qs, app: VEC }).ok).toBe(false)
    expect(
      verifySignedRequest({
        ...base,
        rawQuery: qs.replace('user_count', 'subscription_count'),
        app: VEC,
      }).ok,
    ).toBe(false)
  })
})
