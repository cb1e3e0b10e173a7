/**
 * A stand-in for a Web Push service (RFC 8030) over HTTPS on loopback — the only part of Web Push
 * this machine cannot reach. Our worker sends to it with the real `web-push` package through an
 * injected HTTPS agent that trusts its self-signed certificate, so everything on our side of the
 * network boundary is the production code path.
 *
 * Like a real push service it refuses what a browser's service would: it verifies the VAPID JWT
 * (RFC 8292: ES256 with the key in `k`, `aud` the endpoint's origin, `exp` in the future and at
 * most 24 h away, `sub` mailto:/https:), requires `TTL` and `Content-Encoding: aes128gcm`, and
 * decrypts the payload (RFC 8188/8291) with the test subscription's private key — a payload it
 * cannot decrypt is a test failure, not a delivery. It can be told to answer 410, 5xx or 429.
 */
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto'
import { createServer, type Server } from 'node:https'
import { Agent } from 'node:https'
import type { AddressInfo } from 'node:net'
import { generate } from 'selfsigned'

export interface TestSubscription {
  id: string
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export interface Delivery {
  subscriptionId: string
  ttl: number
  urgency: string | undefined
  topic: string | undefined
  /** The VAPID public key the sender signed with (`k`). */
  vapidKey: string
  payload: unknown
  /** performance.timeOrigin + performance.now() when the request's body had arrived. */
  arrivedAt: number
}

export interface Refusal {
  subscriptionId: string
  reason: string
}

type Answer = { status: number; headers?: Record<string, string> }

export interface PushService {
  port: number
  origin: string
  /** `127.0.0.1:<port>`: what PUSH_ENDPOINT_HOSTS must list for the app to send here. */
  host: string
  /** The self-signed certificate (PEM), for an agent in another process. */
  cert: string
  /** Trusts the stand-in's certificate: the worker's injected agent. */
  agent: Agent
  deliveries: Delivery[]
  refusals: Refusal[]
  /** A real subscription: a fresh P-256 key pair and 16 random auth bytes. */
  subscribe(): TestSubscription
  /** The next answers for a subscription (then 201 again), e.g. [{ status: 503 }] or 410. */
  answer(subscriptionId: string, ...answers: Answer[]): void
  /** Every request for this subscription gets `status` from now on (410: unsubscribed). */
  forget(subscriptionId: string, status?: number): void
  /** Resolves once `count` deliveries in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Delivery[]>
  /** Skip payload decryption (the benchmark measures the sender, not the stand-in). */
  decrypt: boolean
  close(): Promise<void>
}

const b64u = (buf: Buffer) => buf.toString('base64url')

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm body decrypted with the subscriber's keys. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]!
  const senderPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 public key`)
  if (records.length > rs) throw new Error('more than one record')
  const ecdhSecret = ua.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  )
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const plain = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end -= 1
  if (plain[end] !== 2) throw new Error('no last-record padding delimiter')
  return plain.subarray(0, end)
}

/** RFC 8292: `vapid t=<jwt>, k=<key>` checked as a push service does. */
export function checkVapid(header: string | undefined, origin: string, now = Date.now()): string {
  const match = /^vapid t=([A-Za-z0-9_.-]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${header}`)
  const [, jwt = '', k = ''] = match
  const [head = '', body = '', sig = ''] = jwt.split('.')
  const key = Buffer.from(k, 'base64url')
  if (key.length !== 65 || key[0] !== 4) throw new Error('k is not an uncompressed P-256 key')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(key.subarray(1, 33)), y: b64u(key.subarray(33)) },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  )
  if (!ok) throw new Error('JWT signature does not verify with k')
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`)
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud?: string
    exp?: number
    sub?: string
  }
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`)
  const nowS = Math.floor(now / 1000)
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 24 * 3600) {
    throw new Error(`exp ${claims.exp} is not within the next 24 h`)
  }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`)
  return k
}

export async function startPushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  } as Parameters<typeof generate>[1])
  const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer }>()
  const scripted = new Map<string, Answer[]>()
  const forgotten = new Map<string, number>()
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const service = {} as PushService

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const arrivedAt = performance.timeOrigin + performance.now()
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? ''
      const send = (a: Answer) => {
        res.writeHead(a.status, a.headers ?? {})
        res.end()
      }
      const refuse = (status: number, reason: string) => {
        service.refusals.push({ subscriptionId: id, reason })
        send({ status })
      }
      const subscriber = subscribers.get(id)
      if (req.method !== 'POST' || !subscriber) return refuse(404, 'unknown subscription')
      const gone = forgotten.get(id)
      if (gone) return send({ status: gone })
      let vapidKey: string
      try {
        vapidKey = checkVapid(req.headers.authorization, service.origin)
      } catch (error) {
        return refuse(403, (error as Error).message)
      }
      const ttl = Number(req.headers.ttl)
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
        return refuse(400, `TTL ${req.headers.ttl}`)
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        return refuse(415, `Content-Encoding ${req.headers['content-encoding']}`)
      }
      const next = scripted.get(id)?.shift()
      if (next) return send(next)
      let payload: unknown = null
      if (service.decrypt) {
        try {
          const plain = decryptAes128gcm(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth)
          payload = JSON.parse(plain.toString('utf8'))
        } catch (error) {
          return refuse(400, `payload: ${(error as Error).message}`)
        }
      }
      const topic = req.headers.topic
      service.deliveries.push({
        subscriptionId: id,
        ttl,
        urgency: req.headers.urgency as string | undefined,
        topic: typeof topic === 'string' ? topic : undefined,
        vapidKey,
        payload,
        arrivedAt,
      })
      send({
        status: 201,
        headers: { location: `${service.origin}/message/${randomBytes(6).toString('hex')}` },
      })
      for (const waiter of [...waiters]) {
        if (service.deliveries.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  Object.assign(service, {
    port,
    origin: `https://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    cert: pems.cert,
    agent: new Agent({ ca: pems.cert, keepAlive: true, maxSockets: 64 }),
    deliveries: [],
    refusals: [],
    decrypt: true,
    subscribe() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = randomBytes(12).toString('base64url')
      subscribers.set(id, { ecdh, auth })
      return {
        id,
        endpoint: `https://127.0.0.1:${port}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      }
    },
    answer(id: string, ...answers: Answer[]) {
      scripted.set(id, [...(scripted.get(id) ?? []), ...answers])
    },
    forget(id: string, status = 410) {
      forgotten.set(id, status)
    },
    waitFor(count: number, timeoutMs = 5_000) {
      if (service.deliveries.length >= count) return Promise.resolve(service.deliveries)
      return new Promise<Delivery[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${service.deliveries.length} of ${count} pushes arrived`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve(service.deliveries)
          },
        })
      })
    },
    async close() {
      service.agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  } satisfies Omit<PushService, never>)
  return service
}
