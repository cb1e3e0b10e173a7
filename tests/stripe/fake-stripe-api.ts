/**
 * A stand-in for Stripe's HTTP API on loopback — the only part of Stripe this machine cannot
 * reach. The real `stripe` SDK talks to it through its documented host/port/protocol options, so
 * everything on our side of the HTTP boundary is the production code path.
 *
 * It keeps PaymentIntents in memory, honours `Idempotency-Key` like Stripe (same key + same
 * parameters → the same response; same key + other parameters → 400 idempotency_error), and lets
 * tests move a PaymentIntent through its statuses and deliver signed webhooks. Refunds of a
 * succeeded PaymentIntent (`POST /v1/refunds`) never exceed what was received.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { createFakeConnect, type FakeConnect } from './fake-connect.ts'

export type PiStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled'

export interface FakePaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: PiStatus
  client_secret: string
  metadata: Record<string, string>
  livemode: false
  created: number
  payment_method_types: string[]
  last_payment_error: { type: string; code?: string; message: string } | null
  cancellation_reason: string | null
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  status: 'succeeded'
  reason: string | null
  metadata: Record<string, string>
  created: number
}

export interface FakeStripe {
  port: number
  url: string
  /** What its webhooks are signed with: the server under test must check them with it. */
  webhookSecret: string
  intents: Map<string, FakePaymentIntent>
  /** Refunds made (`POST /v1/refunds`), by id. */
  refunds: Map<string, FakeRefund>
  /** Every request the SDK made, for assertions (method, path, idempotency key, params). */
  requests: Array<{
    method: string
    path: string
    idempotencyKey?: string
    params: Record<string, string>
  }>
  /** The PaymentIntent made for one of our top-ups (its `metadata.top_up_id`). */
  intentOfTopUp(topUpId: string): FakePaymentIntent
  setStatus(
    id: string,
    status: PiStatus,
    error?: { code?: string; message: string },
  ): FakePaymentIntent
  /** Fails the next n requests (to `path` only, if given) with a 500 (the SDK retries are visible). */
  failNext(n: number, path?: string): void
  /** A signed webhook delivery to `url`, exactly as Stripe would send it. */
  deliver(
    url: string,
    type: string,
    pi: FakePaymentIntent,
    options?: DeliverOptions,
  ): Promise<Response>
  /** The body and headers of a webhook delivery, for an in-process request (app.inject). */
  signed(
    type: string,
    pi: FakePaymentIntent,
    options?: DeliverOptions,
  ): { body: string; headers: Record<string, string>; eventId: string }
  event(type: string, pi: FakePaymentIntent): { id: string; payload: string }
  /** Stripe Connect: accounts, links, transfers and their test levers (tests/stripe/fake-connect.ts). */
  connect: FakeConnect
  close(): Promise<void>
}

export interface DeliverOptions {
  secret?: string
  timestamp?: number
  /** Send this body instead (e.g. a tampered one) while signing `payload`. */
  bodyOverride?: string
  eventId?: string
}

const signer = new Stripe('sk_test_signer_only')

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body))
}

function metadataOf(params: Record<string, string>) {
  const metadata: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key)
    if (m?.[1]) metadata[m[1]] = value
  }
  return metadata
}

function stripeError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  code?: string,
) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }))
}

/**
 * The server's settings (environment names, as `testConfig` and the e2e `startServer` take them)
 * that point the real `stripe` SDK at `stripe` and check webhooks with its secret. The stand-in
 * accepts any `sk_` key; the publishable key reaches only the stand-in Stripe.js.
 */
export function stripeSettings(stripe: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_lotline',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_lotline',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
  }
}

export async function startFakeStripe(webhookSecret = 'whsec_test_secret'): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>()
  const refunds = new Map<string, FakeRefund>()
  const idempotent = new Map<string, { hash: string; status: number; body: string }>()
  const requests: FakeStripe['requests'] = []
  let failures = 0
  let failuresPath: string | undefined
  const connect = createFakeConnect(webhookSecret)

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (connect.intercept(req, res, url)) return
    const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw)
    const key = req.headers['idempotency-key'] as string | undefined
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, params })
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided')
    }
    if (failures > 0 && (failuresPath === undefined || failuresPath === url.pathname)) {
      failures -= 1
      return stripeError(res, 500, 'api_error', 'Injected failure')
    }
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body)
      if (key && req.method === 'POST') {
        idempotent.set(key, { hash: hashOf(req.method, url.pathname, raw), status, body: text })
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand()}` })
      res.end(text)
    }
    if (key && req.method === 'POST') {
      const seen = idempotent.get(key)
      if (seen) {
        if (seen.hash !== hashOf(req.method, url.pathname, raw)) {
          return stripeError(
            res,
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          )
        }
        res.writeHead(seen.status, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
        })
        return res.end(seen.body)
      }
    }

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(params.amount)
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Invalid amount',
          'parameter_invalid_integer',
        )
      }
      const id = `pi_${rand()}`
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: (params.currency ?? 'eur').toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${rand()}`,
        metadata: metadataOf(params),
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        payment_method_types: Object.entries(params)
          .filter(([k]) => /^(allowed_)?payment_method_types/.test(k))
          .map(([, v]) => v),
        last_payment_error: null,
        cancellation_reason: null,
      }
      intents.set(id, pi)
      return send(200, pi)
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const pi = intents.get(params.payment_intent ?? '')
      if (!pi) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          'No such payment_intent',
          'resource_missing',
        )
      }
      if (pi.status !== 'succeeded') {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'This PaymentIntent has not succeeded.',
        )
      }
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === pi.id)
        .reduce((sum, r) => sum + r.amount, 0)
      const amount = params.amount ? Number(params.amount) : pi.amount_received - already
      if (amount <= 0 || already + amount > pi.amount_received) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Charge has already been refunded.',
          'charge_already_refunded',
        )
      }
      const refund: FakeRefund = {
        id: `re_${rand()}`,
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        reason: params.reason ?? null,
        metadata: metadataOf(params),
        created: Math.floor(Date.now() / 1000),
      }
      refunds.set(refund.id, refund)
      return send(200, refund)
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname)
    if (one?.[1]) {
      const pi = intents.get(one[1])
      if (!pi) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such payment_intent: '${one[1]}'`,
          'resource_missing',
        )
      }
      if (req.method === 'GET') return send(200, pi)
      if (req.method === 'POST' && one[2]) {
        if (pi.status === 'succeeded') {
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'This PaymentIntent has already succeeded.',
          )
        }
        pi.status = 'canceled'
        pi.cancellation_reason = params.cancellation_reason ?? 'requested_by_customer'
        return send(200, pi)
      }
    }
    if (connect.handle(req.method ?? '', url, params, send)) return
    return stripeError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${url.pathname})`,
    )
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  const event = (type: string, pi: FakePaymentIntent, eventId = `evt_${rand()}`) => ({
    id: eventId,
    payload: JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: { ...pi } },
    }),
  })

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    intents,
    refunds,
    requests,
    connect,
    intentOfTopUp(topUpId) {
      const pi = [...intents.values()].find((p) => p.metadata.top_up_id === topUpId)
      if (!pi) throw new Error(`fake stripe: no PaymentIntent for top-up ${topUpId}`)
      return pi
    },
    setStatus(id, status, error) {
      const pi = intents.get(id)
      if (!pi) throw new Error(`fake stripe: no ${id}`)
      pi.status = status
      pi.amount_received = status === 'succeeded' ? pi.amount : 0
      pi.last_payment_error = error ? { type: 'card_error', ...error } : null
      return pi
    },
    failNext(n, path) {
      failures = n
      failuresPath = path
    },
    event: (type, pi) => event(type, pi),
    signed: sign,
    async deliver(url, type, pi, options = {}) {
      const { body, headers } = sign(type, pi, options)
      return fetch(url, { method: 'POST', headers, body })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  function sign(type: string, pi: FakePaymentIntent, options: DeliverOptions = {}) {
    const { id, payload } = event(type, pi, options.eventId)
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    })
    return {
      eventId: id,
      body: options.bodyOverride ?? payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    }
  }
}

function rand() {
  return randomBytes(12).toString('hex')
}

function hashOf(method: string, path: string, body: string) {
  return createHash('sha256').update(`${method} ${path} ${body}`).digest('hex')
}
