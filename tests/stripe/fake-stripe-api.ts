/**
 * A stand-in for Stripe's HTTP API on loopback — the only part of Stripe this machine cannot
 * reach. The real `stripe` SDK talks to it through its documented host/port/protocol options, so
 * everything on our side of the HTTP boundary is the production code path.
 *
 * It keeps PaymentIntents in memory, honours `Idempotency-Key` like Stripe (same key + same
 * parameters → the same response; same key + other parameters → 400 idempotency_error), and lets
 * tests move a PaymentIntent through its statuses and deliver signed webhooks. A succeeded intent
 * has a charge (`latest_charge`, expandable, with its card). Refunds (fake-stripe-refunds.ts) never
 * exceed what was received; they may start pending and settle later. `dropAnswers` does a request
 * and loses its answer.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import {
  createRefundsPart,
  listOf,
  metadataOf,
  signedObjectDelivery,
  type FakeRefund,
  type RefundableIntent,
  type RefundsPart,
} from './fake-stripe-refunds.ts'

export type { FakeRefund } from './fake-stripe-refunds.ts'
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
  /** The charge of a succeeded intent (`ch_…`); expanded with `expand[]=latest_charge`. */
  latest_charge: string | null
}

/** The card a succeeded intent was paid with (Visa ·· 4242 unless a test says otherwise). */
export interface FakeCard {
  brand: string
  last4: string
}

export interface FakeStripe {
  port: number
  url: string
  /** What its webhooks are signed with: the server under test must check them with it. */
  webhookSecret: string
  intents: Map<string, FakePaymentIntent>
  /** Refunds made (`POST /v1/refunds`), by id. */
  refunds: Map<string, FakeRefund>
  /** The refunds part (fake-stripe-refunds.ts): pending refunds, refusals, settling later. */
  refundsApi: RefundsPart
  /** A signed webhook delivery of any object (a refund, a charge), for app.inject. */
  signedObject(
    type: string,
    object: unknown,
  ): { body: string; headers: Record<string, string>; eventId: string }
  /** The charge of a succeeded PaymentIntent (with its card and refunds), as Stripe shows it. */
  chargeOf(piId: string): Record<string, unknown>
  /**
   * Does the next n requests to `path` but drops their answers (the connection closes): Stripe
   * did the work, the caller never heard — a crash between Stripe's answer and our write.
   */
  dropAnswers(n: number, path: string): void
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
    card?: FakeCard,
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
  const refundsApi = createRefundsPart()
  const refunds = refundsApi.refunds
  const cards = new Map<string, FakeCard>()
  let drops = 0
  let dropsPath = ''
  const refundable = () => {
    const all = new Map<string, RefundableIntent>()
    for (const pi of intents.values()) all.set(pi.id, { ...pi, card: cardOf(pi.id) })
    return all
  }
  const cardOf = (id: string) => cards.get(id) ?? { brand: 'visa', last4: '4242' }
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
      if (drops > 0 && dropsPath === url.pathname) {
        drops -= 1
        return res.destroy()
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
        if (drops > 0 && dropsPath === url.pathname) {
          drops -= 1
          return res.destroy()
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
        latest_charge: null,
      }
      intents.set(id, pi)
      return send(200, pi)
    }
    const refundAnswer = refundsApi.route(req.method ?? '', url.pathname, params, refundable())
    if (refundAnswer) {
      if ('error' in refundAnswer) return stripeError(res, ...refundAnswer.error)
      return send(refundAnswer.status, refundAnswer.body)
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
      return send(200, listOf([...intents.values()], params, '/v1/payment_intents'))
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
      if (req.method === 'GET') {
        const expanded = Object.entries(params).some(
          ([k, v]) => k.startsWith('expand') && v === 'latest_charge',
        )
        if (!expanded || !pi.latest_charge) return send(200, pi)
        return send(200, {
          ...pi,
          latest_charge: refundsApi.chargeOf({ ...pi, card: cardOf(pi.id) }),
        })
      }
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
    refundsApi,
    requests,
    signedObject: (type, object) => signedObjectDelivery(webhookSecret, type, object),
    chargeOf(piId) {
      const pi = intents.get(piId)
      if (!pi) throw new Error(`fake stripe: no ${piId}`)
      return refundsApi.chargeOf({ ...pi, card: cardOf(pi.id) })
    },
    dropAnswers(n, path) {
      drops = n
      dropsPath = path
    },
    connect,
    intentOfTopUp(topUpId) {
      const pi = [...intents.values()].find((p) => p.metadata.top_up_id === topUpId)
      if (!pi) throw new Error(`fake stripe: no PaymentIntent for top-up ${topUpId}`)
      return pi
    },
    setStatus(id, status, error, card) {
      const pi = intents.get(id)
      if (!pi) throw new Error(`fake stripe: no ${id}`)
      pi.status = status
      pi.amount_received = status === 'succeeded' ? pi.amount : 0
      if (status === 'succeeded') pi.latest_charge ??= `ch_${rand()}`
      if (card) cards.set(id, card)
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
