/**
 * The stand-in's refunds and charges (withdrawals to cards, decision 0053), kept apart from the
 * PaymentIntents of fake-stripe-api.ts: `POST /v1/refunds` (created `succeeded` or `pending`, or
 * refused), `GET /v1/refunds/:id`, `GET /v1/refunds` (a list, `created[gte]`, paginated), the
 * charge behind a succeeded PaymentIntent (its card, its refunds), settling a pending refund later
 * as Stripe would, and signed deliveries of any object (`refund.updated`, `charge.refunded`, …).
 */
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled'

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string | null
  status: RefundStatus
  failure_reason: string | null
  reason: string | null
  metadata: Record<string, string>
  created: number
}

/** What the refunds part needs of a PaymentIntent. */
export interface RefundableIntent {
  id: string
  amount: number
  amount_received: number
  currency: string
  status: string
  latest_charge: string | null
  card: { brand: string; last4: string }
}

/** A Stripe API error: status, type, message, code. */
export type StripeFailure = [number, string, string, string?]

export interface RefundsPart {
  refunds: Map<string, FakeRefund>
  /** How new refunds start: `succeeded` (Stripe's usual answer for cards) or `pending`. */
  refundsStartAs: 'succeeded' | 'pending'
  /** Refuses the next n refund creations definitively (400, like a disputed charge). */
  refuseNextRefunds(n: number): void
  /** Settles a refund as Stripe would later: `failed` carries a failure_reason. */
  settleRefund(id: string, status: 'succeeded' | 'failed' | 'canceled', reason?: string): FakeRefund
  /** The charge behind a succeeded PaymentIntent, with its card and refunds. */
  chargeOf(pi: RefundableIntent): Record<string, unknown>
  /** The answer to a refunds request, or undefined when the path is not one of ours. */
  route(
    method: string,
    path: string,
    params: Record<string, string>,
    intents: Map<string, RefundableIntent>,
  ): { status: number; body: unknown } | { error: StripeFailure } | undefined
}

export function createRefundsPart(): RefundsPart {
  const refunds = new Map<string, FakeRefund>()
  let refusals = 0
  const part: RefundsPart = {
    refunds,
    refundsStartAs: 'succeeded',
    refuseNextRefunds(n) {
      refusals = n
    },
    settleRefund(id, status, reason) {
      const refund = refunds.get(id)
      if (!refund) throw new Error(`fake stripe: no refund ${id}`)
      refund.status = status
      refund.failure_reason = status === 'failed' ? (reason ?? 'expired_or_canceled_card') : null
      return refund
    },
    chargeOf(pi) {
      const own = [...refunds.values()].filter((r) => r.payment_intent === pi.id)
      const refunded = own
        .filter((r) => r.status === 'succeeded' || r.status === 'pending')
        .reduce((sum, r) => sum + r.amount, 0)
      return {
        id: pi.latest_charge,
        object: 'charge',
        amount: pi.amount_received,
        amount_refunded: refunded,
        refunded: refunded === pi.amount_received,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        payment_method_details: { type: 'card', card: { ...pi.card } },
        refunds: { object: 'list', data: own, has_more: false, url: '/v1/refunds' },
      }
    },
    route(method, path, params, intents) {
      if (method === 'POST' && path === '/v1/refunds') return create(params, intents)
      if (method === 'GET' && path === '/v1/refunds') {
        return { status: 200, body: listOf([...refunds.values()], params, '/v1/refunds') }
      }
      const one = /^\/v1\/refunds\/([^/]+)$/.exec(path)
      if (method === 'GET' && one?.[1]) {
        const refund = refunds.get(one[1])
        if (!refund) {
          return {
            error: [
              404,
              'invalid_request_error',
              `No such refund: '${one[1]}'`,
              'resource_missing',
            ],
          }
        }
        return { status: 200, body: refund }
      }
      return undefined
    },
  }
  return part

  function create(params: Record<string, string>, intents: Map<string, RefundableIntent>) {
    const pi = intents.get(params.payment_intent ?? '')
    if (!pi) {
      return {
        error: [
          404,
          'invalid_request_error',
          'No such payment_intent',
          'resource_missing',
        ] as StripeFailure,
      }
    }
    if (pi.status !== 'succeeded') {
      return {
        error: [
          400,
          'invalid_request_error',
          'This PaymentIntent has not succeeded.',
        ] as StripeFailure,
      }
    }
    if (refusals > 0) {
      refusals -= 1
      return {
        error: [
          400,
          'invalid_request_error',
          'This charge cannot be refunded (disputed).',
          'charge_disputed',
        ] as StripeFailure,
      }
    }
    const already = [...refunds.values()]
      .filter(
        (r) => r.payment_intent === pi.id && (r.status === 'succeeded' || r.status === 'pending'),
      )
      .reduce((sum, r) => sum + r.amount, 0)
    const amount = params.amount ? Number(params.amount) : pi.amount_received - already
    if (amount <= 0 || already + amount > pi.amount_received) {
      return {
        error: [
          400,
          'invalid_request_error',
          'Charge has already been refunded.',
          'charge_already_refunded',
        ] as StripeFailure,
      }
    }
    const refund: FakeRefund = {
      id: `re_${rand()}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: pi.latest_charge,
      status: part.refundsStartAs,
      failure_reason: null,
      reason: params.reason ?? null,
      metadata: metadataOf(params),
      created: Math.floor(Date.now() / 1000),
    }
    refunds.set(refund.id, refund)
    return { status: 200, body: refund }
  }
}

/**
 * A Stripe list: newest first, `created[gte]` honoured, `limit` and `starting_after` for the
 * SDK's auto-pagination.
 */
export function listOf<T extends { id: string; created: number }>(
  all: T[],
  params: Record<string, string>,
  url: string,
) {
  const since = Number(params['created[gte]'] ?? 0)
  const sorted = all.filter((o) => o.created >= since).reverse()
  const after = params.starting_after
  const start = after ? sorted.findIndex((o) => o.id === after) + 1 : 0
  const limit = Number(params.limit ?? 10)
  const data = sorted.slice(start, start + limit)
  return { object: 'list', data, has_more: start + limit < sorted.length, url }
}

export function metadataOf(params: Record<string, string>) {
  const metadata: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(key)
    if (m?.[1]) metadata[m[1]] = value
  }
  return metadata
}

const signer = new Stripe('sk_test_signer_only')

/**
 * A signed webhook delivery of any object (a refund, a charge) as Stripe sends it: the body, the
 * headers and the event id, for an in-process request (app.inject).
 */
export function signedObjectDelivery(
  webhookSecret: string,
  type: string,
  object: unknown,
): { body: string; headers: Record<string, string>; eventId: string } {
  const eventId = `evt_${rand()}`
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  })
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
  return {
    eventId,
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  }
}

function rand() {
  return randomBytes(12).toString('hex')
}
