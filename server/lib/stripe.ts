import Stripe from 'stripe'
import type { Config } from '../config.ts'

/**
 * The official SDK, or null when card payments are not configured (the API then answers
 * 503 payments_not_configured and the UI says so). STRIPE_API_HOST/PORT/PROTOCOL exist only to
 * point the SDK at the stand-in in tests/, through the SDK's own documented options.
 */
export function createStripe(config: Config['stripe']): Stripe | null {
  if (!config.secretKey) return null
  return new Stripe(config.secretKey, {
    // Set explicitly: the SDK's default has changed between versions (1 → 2).
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
  })
}

/**
 * A refusal Stripe will give again whatever we do (a 4xx about the request or the money), as
 * opposed to an outage, a lost answer, a rate limit or an idempotency clash, after which the
 * same key may still succeed — or already has.
 */
export function isDefinitiveRefusal(error: unknown): error is { message: string; code?: string } {
  const e = error as { type?: string; statusCode?: number }
  return (
    (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') &&
    e.statusCode !== undefined &&
    [400, 402, 404].includes(e.statusCode)
  )
}
